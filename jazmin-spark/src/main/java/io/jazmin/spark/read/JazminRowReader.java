package io.jazmin.spark.read;

import io.jazmin.data.Filter;
import io.jazmin.spark.JazminOptions;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.types.StructType;

/**
 * Reads the ranges of one input partition one after the other ({@link FileRangeRows}), opening
 * each file only when its turn comes, and stops at the limit.
 */
final class JazminRowReader implements PartitionReader<InternalRow> {
    private final List<FileRange> ranges;
    private final StructType schema;
    private final ScanLayout layout;
    private final JazminOptions options;
    private final Configuration conf;
    private final Filter filter;
    private final int limit;
    private int nextRange;
    private long returned;
    private final TaskReadMetrics metrics = new TaskReadMetrics();
    private FileRangeRows open;
    private long openBytesCounted;
    private InternalRow current;

    JazminRowReader(JazminInputPartition partition, StructType schema, ScanLayout layout, JazminOptions options, Configuration conf,
                    String filterJson, int limit) {
        this.ranges = partition.ranges();
        this.schema = schema;
        this.layout = layout;
        this.options = options;
        this.conf = conf;
        this.filter = filterJson == null ? null : Filter.parse(filterJson);
        this.limit = limit;
    }

    @Override
    public boolean next() {
        while (limit < 0 || returned < limit) {
            if (open == null) {
                if (nextRange == ranges.size()) {
                    return false;
                }
                open = new FileRangeRows(ranges.get(nextRange++), schema, layout, options, conf, filter, limit < 0 ? -1 : limit - returned);
                metrics.plan(open.plan());
            }
            current = open.next();
            countBytes();
            if (current != null) {
                returned++;
                return true;
            }
            closeOpen();
        }
        return false;
    }

    @Override
    public InternalRow get() {
        return current;
    }

    @Override
    public CustomTaskMetric[] currentMetricsValues() {
        return metrics.values();
    }

    /**
     * Counts the open range's bytes read since the last call: as rows come, since Spark may stop
     * calling {@link #next()} at a limit and takes the task's input bytes before closing the reader.
     */
    private void countBytes() {
        long now = open.bytesRead();
        if (now > openBytesCounted) {
            metrics.read(now - openBytesCounted, open.local());
            openBytesCounted = now;
        }
    }

    private void closeOpen() {
        FileRangeRows r = open;
        countBytes();
        open = null;
        openBytesCounted = 0;
        r.close();
    }

    @Override
    public void close() {
        if (open != null) {
            closeOpen();
        }
    }
}
