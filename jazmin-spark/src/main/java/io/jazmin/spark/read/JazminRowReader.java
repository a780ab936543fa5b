package io.jazmin.spark.read;

import io.jazmin.data.Filter;
import io.jazmin.spark.JazminOptions;
import io.jazmin.spark.metrics.ChunksPrunedMetric;
import io.jazmin.spark.metrics.ChunksTotalMetric;
import io.jazmin.spark.metrics.TaskMetric;
import java.util.List;
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
    private final JazminOptions options;
    private final Filter filter;
    private final int limit;
    private int nextRange;
    private long returned;
    private long chunks;
    private long chunksPruned;
    private FileRangeRows open;
    private InternalRow current;

    JazminRowReader(JazminInputPartition partition, StructType schema, JazminOptions options, String filterJson, int limit) {
        this.ranges = partition.ranges();
        this.schema = schema;
        this.options = options;
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
                open = new FileRangeRows(ranges.get(nextRange++), schema, options, filter, limit < 0 ? -1 : limit - returned);
                chunks += open.plan().chunks();
                chunksPruned += open.plan().chunksSkipped();
            }
            current = open.next();
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
        return new CustomTaskMetric[] {new TaskMetric(ChunksTotalMetric.NAME, chunks),
            new TaskMetric(ChunksPrunedMetric.NAME, chunksPruned)};
    }

    private void closeOpen() {
        FileRangeRows r = open;
        open = null;
        r.close();
    }

    @Override
    public void close() {
        if (open != null) {
            closeOpen();
        }
    }
}
