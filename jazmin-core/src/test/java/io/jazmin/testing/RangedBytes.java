package io.jazmin.testing;

import io.jazmin.source.RandomAccessSource;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A file in memory read as a remote source is ({@link RandomAccessSource#prefersRanges()} left
 * {@code true}): the engine then reads only the byte ranges a query needs inside chunk parts.
 * Counts the reads and bytes asked for.
 */
public final class RangedBytes implements RandomAccessSource {
    private final byte[] bytes;
    private final AtomicLong reads = new AtomicLong();
    private final AtomicLong bytesRead = new AtomicLong();

    public RangedBytes(byte[] bytes) {
        this.bytes = bytes;
    }

    @Override
    public long size() {
        return bytes.length;
    }

    @Override
    public void read(long position, ByteBuffer into) {
        reads.incrementAndGet();
        bytesRead.addAndGet(into.remaining());
        into.put(bytes, (int) position, into.remaining());
    }

    @Override
    public String name() {
        return "ranged bytes";
    }

    @Override
    public void close() {
    }

    public long reads() {
        return reads.get();
    }

    public long bytesRead() {
        return bytesRead.get();
    }
}
