package io.jazmin.internal.compress;

import io.jazmin.error.JazminFormatException;

/**
 * Where each column stream of a Deflate chunk part can be inflated on its own: before each stream
 * the writer made a full flush (byte-aligned, the window reset), so the raw Deflate data from that
 * stored offset inflates to the stream's raw bytes without the ones before it. Offsets come from
 * the file: {@link #of} checks their order, {@link #check} their bounds once the section is known.
 * The points of one part are {@code count} entries from {@code from} of lists shared by a whole
 * chunk directory (not copied: a directory holds them for every chunk).
 *
 * @param rawOffsets    per stream, where it (its length varint) starts in the raw payload; the first is 0
 * @param storedOffsets per stream, the stored payload offset of the flush point before it; the first is 0
 */
public record FlushPoints(int[] rawOffsets, int[] storedOffsets, int from, int count) {

    /** The points of lists holding one part's only. */
    public FlushPoints(int[] rawOffsets, int[] storedOffsets) {
        this(rawOffsets, storedOffsets, 0, rawOffsets.length);
    }

    /**
     * The flush points {@code raw[from..from+count)} and {@code stored[from..from+count)} of one part,
     * each list starting at 0 and strictly ascending (every stream has raw bytes, and every flush
     * point writes stored ones).
     */
    public static FlushPoints of(int[] raw, int[] stored, int from, int count) {
        checkOrder(raw, stored, from, count);
        return new FlushPoints(raw, stored, from, count);
    }

    /** Checks {@code raw[from..from+count)} and {@code stored[from..from+count)} as {@link #of} describes. */
    private static void checkOrder(int[] raw, int[] stored, int from, int count) {
        if (count == 0 || raw[from] != 0 || stored[from] != 0) {
            throw new JazminFormatException("column flush points must start at offset 0");
        }
        for (int i = from + 1; i < from + count; i++) {
            if (raw[i] <= raw[i - 1] || stored[i] <= stored[i - 1]) {
                throw new JazminFormatException("column flush point " + (i - from) + " (raw " + raw[i] + ", stored "
                        + stored[i] + ") does not follow the one before it");
            }
        }
    }

    /** Where stream {@code k} starts in the raw payload. */
    public int raw(int k) {
        return rawOffsets[from + k];
    }

    /** Where the flush point before stream {@code k} lies in the stored payload. */
    public int stored(int k) {
        return storedOffsets[from + k];
    }

    /** Checks the last points lie inside a section of {@code storedLength} stored and {@code rawLength} raw bytes. */
    public void check(int storedLength, int rawLength) {
        int last = count - 1;
        if (raw(last) >= rawLength || stored(last) >= storedLength) {
            throw new JazminFormatException("column flush point " + last + " (raw " + raw(last) + ", stored "
                    + stored(last) + ") lies outside the section's " + rawLength + " raw and "
                    + storedLength + " stored bytes");
        }
    }
}
