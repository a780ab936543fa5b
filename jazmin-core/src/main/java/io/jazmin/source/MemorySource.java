package io.jazmin.source;

import java.nio.ByteBuffer;

/**
 * Reads from bytes in memory: each read copies from its own view of the buffer, so threads do not
 * share a position. Whole parts cost nothing more than ranges here, so every CRC is checked.
 */
final class MemorySource implements RandomAccessSource {
    private final ByteBuffer bytes;
    private final String name;

    /** @param bytes the file, from its position to its limit (a view of it is kept) */
    MemorySource(ByteBuffer bytes, String name) {
        this.bytes = bytes.slice().asReadOnlyBuffer();
        this.name = name;
    }

    @Override
    public long size() {
        return bytes.capacity();
    }

    @Override
    public void read(long position, ByteBuffer into) {
        ByteBuffer view = bytes.duplicate();
        view.position((int) position).limit((int) position + into.remaining());
        into.put(view);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean prefersRanges() {
        return false;
    }

    @Override
    public void close() {
        // Nothing to release: the caller keeps the bytes.
    }
}
