package io.jazmin.spark.read;

import java.util.List;
import java.util.function.ToLongFunction;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.PartitionReader;

/**
 * Reads the ranges of one input partition one after the other, as rows ({@link FileRangeRows}) or
 * column batches ({@link FileRangeBatches}), opening each file only when its turn comes, and stops
 * at the limit.
 *
 * @param <T> a row or a column batch
 */
final class JazminPartitionReader<T> implements PartitionReader<T> {
    /** Opens one range, to give at most {@code limit} rows ({@code -1}: all). */
    @FunctionalInterface
    interface Opener<T> {
        RangeCursor<T> open(FileRange range, long limit);
    }

    private final List<FileRange> ranges;
    private final Opener<T> opener;
    private final ToLongFunction<T> rowsOf;
    private final int limit;
    private int nextRange;
    private long returned;
    private final TaskReadMetrics metrics = new TaskReadMetrics();
    private RangeCursor<T> open;
    private long openBytesCounted;
    private T current;

    /**
     * @param rowsOf how many rows an item holds (1 for a row, the batch's rows for a batch)
     * @param limit  the rows to give at most, or {@code -1}
     */
    JazminPartitionReader(JazminInputPartition partition, Opener<T> opener, ToLongFunction<T> rowsOf, int limit) {
        this.ranges = partition.ranges();
        this.opener = opener;
        this.rowsOf = rowsOf;
        this.limit = limit;
    }

    @Override
    public boolean next() {
        while (limit < 0 || returned < limit) {
            if (open == null) {
                if (nextRange == ranges.size()) {
                    return false;
                }
                open = opener.open(ranges.get(nextRange++), limit < 0 ? -1 : limit - returned);
                metrics.plan(open.plan());
            }
            current = open.next();
            countBytes();
            if (current != null) {
                returned += rowsOf.applyAsLong(current);
                return true;
            }
            closeOpen();
        }
        return false;
    }

    @Override
    public T get() {
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
        RangeCursor<T> r = open;
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
