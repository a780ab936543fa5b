package io.jazmin.internal.index;

import io.jazmin.internal.wire.ByteWriter;
import java.util.Arrays;

/**
 * Row ids of one key or gram while an index is built, kept the way they are written: varint
 * differences between ascending ids. Repetitive columns then cost about a byte per row id instead
 * of eight.
 */
final class PostingsBuffer {
    private byte[] bytes = new byte[8];
    private int length;
    private int count;
    private long last;

    /** @param base the id the first difference is taken from (0 for whole posting lists) */
    PostingsBuffer(long base) {
        this.last = base;
    }

    /** Adds a row id above the last one. */
    void add(long rowId) {
        if (length + 10 > bytes.length) {
            bytes = Arrays.copyOf(bytes, bytes.length * 2);
        }
        long delta = rowId - last;
        while ((delta & ~0x7FL) != 0) {
            bytes[length++] = (byte) (delta & 0x7F | 0x80);
            delta >>>= 7;
        }
        bytes[length++] = (byte) delta;
        count++;
        last = rowId;
    }

    /** Adds a row id unless it is already the last one (a gram repeated within one value). */
    void addDistinct(long rowId) {
        if (count == 0 || rowId != last) {
            add(rowId);
        }
    }

    int count() {
        return count;
    }

    /** Bytes of the differences written so far. */
    int byteLength() {
        return length;
    }

    /** Writes the differences (not the count). */
    void writeTo(ByteWriter out) {
        out.bytes(bytes, 0, length);
    }
}
