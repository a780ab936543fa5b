package io.jazmin.internal.column;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Per row of a whole dictionary-coded vector, the index of its entry (any valid index for a null
 * row). Held as an {@code int} per row, or, for a stream without nulls whose dictionary has at most
 * 128 entries (every id one varint byte), as the stream's own id bytes, one per row, each checked
 * below the entry count when the stream was decoded: no array is built per row, and a filter tests
 * the rows' ids straight from those bytes ({@link #matching}).
 */
public final class DictionaryCodes {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    /** The most entries whose ids are all one byte: a varint byte below 0x80. */
    static final int MAX_ONE_BYTE_ENTRIES = 0x80;

    /** An entry per row, or {@code null} when {@link #bytes} holds them. */
    private final int[] ints;
    /** Rows' ids from {@link #offset} on, each in {@code [0, 128)}, or {@code null}. */
    private final byte[] bytes;
    private final int offset;
    private final int size;
    /** With {@link #bytes}, the dictionary's entry count, which every id is below. */
    private final int entryCount;

    private DictionaryCodes(int[] ints, byte[] bytes, int offset, int size, int entryCount) {
        this.ints = ints;
        this.bytes = bytes;
        this.offset = offset;
        this.size = size;
        this.entryCount = entryCount;
    }

    /** An entry per row, each an index into the vector's entries; the array is kept, not copied. */
    public static DictionaryCodes of(int[] codes) {
        return new DictionaryCodes(codes, null, 0, codes.length, 0);
    }

    /**
     * The ids of {@code size} rows held as bytes {@code [offset, offset + size)} of {@code bytes} (kept,
     * not copied), or {@code null} unless each is below {@code entries} (at most 128).
     */
    static DictionaryCodes ofBytes(byte[] bytes, int offset, int size, int entries) {
        if (entries > MAX_ONE_BYTE_ENTRIES || !allBelow(bytes, offset, size, entries)) {
            return null;
        }
        return new DictionaryCodes(null, bytes, offset, size, entries);
    }

    /** Whether each byte of {@code [from, from + n)} lies in {@code [0, limit)} ({@code limit} at most 128). */
    private static boolean allBelow(byte[] b, int from, int n, int limit) {
        // Their OR bounds them all (a negative byte sets bit 7): eight bytes at a time with no branch,
        // which decides for dictionaries of 2^n entries; the exact test only when it cannot.
        int end = from + n;
        int i = from;
        long or = 0;
        for (; i <= end - Long.BYTES; i += Long.BYTES) {
            or |= (long) LONGS.get(b, i);
        }
        for (; i < end; i++) {
            or |= b[i] & 0xFFL;
        }
        or |= or >>> 32;
        or |= or >>> 16;
        or |= or >>> 8;
        if ((or & 0xFF) < limit) {
            return true;
        }
        for (int k = from; k < end; k++) {
            if (b[k] < 0 || b[k] >= limit) {
                return false;
            }
        }
        return true;
    }

    /** Whether the ids are held as the stream's one-byte ids, not an int per row. */
    boolean oneBytePerRow() {
        return bytes != null;
    }

    /** The number of rows. */
    public int size() {
        return size;
    }

    /** The entry of {@code row}. */
    public int get(int row) {
        return ints != null ? ints[row] : bytes[offset + row];
    }

    /**
     * The rows among {@code [base, base + n)} ({@code n} at most 64) whose entry is set in
     * {@code entries} (entry {@code e} is bit {@code e & 63} of word {@code e >>> 6}; one word per 64
     * entries of the dictionary): bit {@code i} is row {@code base + i}.
     */
    public long matching(long[] entries, int base, int n) {
        long keep = 0;
        if (bytes != null && entries.length << 6 < entryCount) {
            throw new IllegalArgumentException(entries.length + " words cannot hold " + entryCount + " entries");
        }
        if (bytes != null && entryCount <= 64 && Long.bitCount(entries[0]) <= FEW_ENTRIES) {
            return matchingFew(entries[0], base, n);
        }
        if (bytes != null && entryCount <= 64) {
            // Ids below 64: a shift of the one word by the id (a long shift takes its count's low six
            // bits, which are the id) tests it, no per-row bound to check.
            long word = entries[0];
            int at = offset + base;
            int i = 0;
            for (; i <= n - Long.BYTES; i += Long.BYTES) {
                long ids = (long) LONGS.get(bytes, at + i);
                for (int j = 0; j < Long.BYTES; j++) {
                    keep |= ((word >>> (int) (ids >>> (j << 3))) & 1L) << (i + j);
                }
            }
            for (; i < n; i++) {
                keep |= ((word >>> bytes[at + i]) & 1L) << i;
            }
            return keep;
        }
        if (bytes != null) {
            // Ids below 128: the first word or the second.
            long low = entries[0];
            long high = entries[1];
            int at = offset + base;
            for (int i = 0; i < n; i++) {
                int id = bytes[at + i];
                keep |= (((id < 64 ? low : high) >>> id) & 1L) << i;
            }
            return keep;
        }
        for (int i = 0; i < n; i++) {
            int id = ints[base + i];
            keep |= ((entries[id >>> 6] >>> id) & 1L) << i;
        }
        return keep;
    }

    /**
     * The most entries {@link #matchingFew} compares with: each costs a few operations per eight rows,
     * where a shift per row costs about twenty (an {@code eq} or a short {@code in} is one to four).
     */
    static final int FEW_ENTRIES = 4;
    private static final long ONES = 0x0101010101010101L;
    private static final long LOW7 = 0x7F7F7F7F7F7F7F7FL;
    private static final long HIGH = 0x8080808080808080L;
    /** Gathers bits 0, 8, ..., 56 of a word into its top byte, bit {@code 8j} becoming bit {@code 56 + j}. */
    private static final long GATHER = 0x0102040810204080L;

    /**
     * {@link #matching} for one-byte ids below 64 and at most {@link #FEW_ENTRIES} entries set in
     * {@code word}: eight ids at a time, each entry compared with all of them at once (a byte of
     * {@code ids ^ entry * ONES} is zero where the id is the entry; with bytes below 0x80 adding 0x7F
     * to it sets its top bit exactly when it is not, and carries into no other byte).
     */
    private long matchingFew(long word, int base, int n) {
        long keep = 0;
        int at = offset + base;
        int i = 0;
        for (; i <= n - Long.BYTES; i += Long.BYTES) {
            long ids = (long) LONGS.get(bytes, at + i);
            long equal = 0;
            for (long rest = word; rest != 0; rest &= rest - 1) {
                long x = ids ^ (Long.numberOfTrailingZeros(rest) * ONES);
                equal |= ~(x + LOW7) & HIGH;
            }
            keep |= ((equal >>> 7) * GATHER >>> 56) << i;
        }
        for (; i < n; i++) {
            keep |= ((word >>> bytes[at + i]) & 1L) << i;
        }
        return keep;
    }

    /** These codes holding only their own bytes, not the stream they were read from (for a cache). */
    DictionaryCodes compacted() {
        return bytes == null || (offset == 0 && bytes.length == size) ? this : copied();
    }

    /** These codes in an array of their own, whatever array they were read from (one about to be reused). */
    DictionaryCodes copied() {
        return bytes == null ? this
                : new DictionaryCodes(null, Arrays.copyOfRange(bytes, offset, offset + size), 0, size, entryCount);
    }

    /** An estimate of the heap these codes hold (a 16-byte array header). */
    long heapBytes() {
        return 16 + (ints != null ? 4L * ints.length : bytes.length);
    }

    /** Every row's entry, in a new array. */
    int[] toArray() {
        int[] out = new int[size];
        for (int r = 0; r < size; r++) {
            out[r] = get(r);
        }
        return out;
    }
}
