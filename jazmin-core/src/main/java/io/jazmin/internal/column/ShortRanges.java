package io.jazmin.internal.column;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Hashing and comparing short ranges of one byte array (a chunk's encoded strings, a few to a few
 * dozen bytes each) eight bytes at a time. The writer's hot loops do this for every string value:
 * {@code Arrays.equals} or {@code Arrays.mismatch} check their ranges and call a vectorized stub whose
 * set-up costs more than such short ranges take, and a hash of {@code 31 * h + b} is a chain of one
 * multiplication per byte.
 */
final class ShortRanges {
    /** Reads eight bytes at once. Little-endian: the first byte of a range is the low byte of the word. */
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    /** An odd constant with well-spread bits (2^64 divided by the golden ratio), mixing each word into the hash. */
    private static final long MIX = 0x9E3779B97F4A7C15L;

    private ShortRanges() {
    }

    /** A hash of the {@code length} bytes at {@code from} of {@code b}: equal ranges have equal hashes. */
    static int hash(byte[] b, int from, int length) {
        long h = length;
        int i = 0;
        for (; i + 8 <= length; i += 8) {
            h = (h ^ (long) LONGS.get(b, from + i)) * MIX;
        }
        if (i < length) {
            h = (h ^ tail(b, from + i, length - i)) * MIX;
        }
        return (int) (h ^ h >>> 32);
    }

    /**
     * The index of the first byte where the {@code length} bytes at {@code x} and at {@code y} of
     * {@code b} differ, or -1 when they are equal, as {@code Arrays.mismatch} gives it.
     */
    static int mismatch(byte[] b, int x, int y, int length) {
        int i = 0;
        for (; i + 8 <= length; i += 8) {
            long d = (long) LONGS.get(b, x + i) ^ (long) LONGS.get(b, y + i);
            if (d != 0) {
                return i + (Long.numberOfTrailingZeros(d) >>> 3); // little-endian: the low byte comes first
            }
        }
        if (i < length) {
            long d = tail(b, x + i, length - i) ^ tail(b, y + i, length - i);
            if (d != 0) {
                return i + (Long.numberOfTrailingZeros(d) >>> 3);
            }
        }
        return -1;
    }

    /** The {@code n} (1 to 7) bytes at {@code at} as the low bytes of a little-endian word, the others zero. */
    private static long tail(byte[] b, int at, int n) {
        long mask = -1L >>> (64 - 8 * n);
        if (at + 8 <= b.length) {
            return (long) LONGS.get(b, at) & mask; // one read; the bytes past the range are masked off
        }
        long w = 0;
        for (int k = n - 1; k >= 0; k--) {
            w = w << 8 | (b[at + k] & 0xFF);
        }
        return w;
    }
}
