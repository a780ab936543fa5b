package io.jazmin.spark.read;

import io.jazmin.Explain;

/**
 * What one opened byte range gives a partition reader ({@link JazminPartitionReader}): its rows
 * ({@link FileRangeRows}) or its column batches ({@link FileRangeBatches}), its plan and the bytes
 * read so far.
 *
 * @param <T> a row or a column batch
 */
interface RangeCursor<T> extends AutoCloseable {
    /** The next row or batch, or {@code null} when the range has no more. */
    T next();

    /** The range's chunks, and those of them the filter ruled out. */
    Explain plan();

    /** Bytes of sections read from the file so far. */
    long bytesRead();

    /** Whether the file is local (see {@link OpenRange#local()}). */
    boolean local();

    @Override
    void close();
}
