package io.jazmin.spark.read;

import io.jazmin.data.Filter;
import io.jazmin.spark.JazminOptions;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.PartitionReader;

/**
 * The pushed counts of one input partition as its only row: for each count, the rows matching its
 * filter in every range of the partition, from {@code JazminTable.count} (which answers from indexes
 * and statistics where they are exact, and decodes only the filter's columns elsewhere). Spark sums
 * the partitions' rows unless the whole scan is one partition.
 */
final class JazminCountReader implements PartitionReader<InternalRow> {
    private final List<FileRange> ranges;
    private final ScanLayout layout;
    private final JazminOptions options;
    private final Configuration conf;
    private final Filter[] filters;
    private final TaskReadMetrics metrics = new TaskReadMetrics();
    private InternalRow row;

    JazminCountReader(JazminInputPartition partition, ScanLayout layout, JazminOptions options, Configuration conf, List<String> countFilters) {
        this.ranges = partition.ranges();
        this.layout = layout;
        this.options = options;
        this.conf = conf;
        this.filters = countFilters.stream().map(json -> json == null ? null : Filter.parse(json)).toArray(Filter[]::new);
    }

    @Override
    public boolean next() {
        if (row != null) {
            return false;
        }
        long[] counts = new long[filters.length];
        for (FileRange r : ranges) {
            try (OpenRange open = new OpenRange(r, layout, options, conf)) {
                // The chunk metrics follow the first count's filter (the pushed one, for COUNT(*)).
                metrics.plan(open.table().explain(filters[0], open.chunks()));
                for (int i = 0; i < filters.length; i++) {
                    counts[i] += open.table().count(filters[i], open.chunks());
                }
                metrics.read(open.bytesRead(), open.local());
            }
        }
        row = new GenericInternalRow(Arrays.stream(counts).boxed().toArray());
        return true;
    }

    @Override
    public InternalRow get() {
        return row;
    }

    @Override
    public CustomTaskMetric[] currentMetricsValues() {
        return metrics.values();
    }

    @Override
    public void close() {
        // every range is closed as soon as it is counted
    }
}
