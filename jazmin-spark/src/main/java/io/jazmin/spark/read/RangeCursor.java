package io.jazmin.spark.read;

import io.jazmin.Explain;
import io.jazmin.data.Filter;
import io.jazmin.spark.JazminOptions;
import org.apache.hadoop.conf.Configuration;

/**
 * One byte range opened ({@link OpenRange}) and its filter planned, giving a partition reader
 * ({@link JazminPartitionReader}) its rows ({@link FileRangeRows}) or column batches
 * ({@link FileRangeBatches}), its plan and the bytes read so far.
 *
 * @param <T> a row or a column batch
 */
abstract class RangeCursor<T> implements AutoCloseable {
    private final OpenRange range;
    private final Explain plan;

    /** Opens the range and plans {@code filter} over its chunks; a failure closes it again. */
    RangeCursor(FileRange range, ScanLayout layout, JazminOptions options, Configuration conf, Filter filter) {
        this.range = new OpenRange(range, layout, options, conf);
        try {
            plan = this.range.table().explain(filter, this.range.chunks());
        } catch (RuntimeException e) {
            this.range.close();
            throw e;
        }
    }

    /** The next row or batch, or {@code null} when the range has no more. */
    abstract T next();

    /** What the subclass holds besides the range, released before the range closes. */
    abstract void release();

    /** The opened range. */
    final OpenRange range() {
        return range;
    }

    /** The range's chunks, and those of them the filter ruled out. */
    final Explain plan() {
        return plan;
    }

    /** Bytes of sections read from the file so far. */
    final long bytesRead() {
        return range.bytesRead();
    }

    /** Whether the file is local (see {@link OpenRange#local()}). */
    final boolean local() {
        return range.local();
    }

    @Override
    public final void close() {
        try {
            release();
        } finally {
            range.close();
        }
    }
}
