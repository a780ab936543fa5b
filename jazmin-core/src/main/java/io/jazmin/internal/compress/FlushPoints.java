package io.jazmin.internal.compress;

import io.jazmin.error.JazminFormatException;

/**
 * Where each column stream of a Deflate chunk part can be inflated on its own: before each stream
 * the writer made a full flush (byte-aligned, the window reset), so the raw Deflate data from that
 * stored offset inflates to the stream's raw bytes without the ones before it. Offsets come from
 * the file: {@link #of} checks their order, {@link #check} their bounds once the section is known.
 *
 * @param rawOffsets    per stream, where it (its length varint) starts in the raw payload; the first is 0
 * @param storedOffsets per stream, the stored payload offset of the flush point before it; the first is 0
 */
public record FlushPoints(int[] rawOffsets, int[] storedOffsets) {

    /**
     * The flush points {@code raw[from..from+count)} and {@code stored[from..from+count)} of one part,
     * each list starting at 0 and strictly ascending (every stream has raw bytes, and every flush
     * point writes stored ones).
     */
    public static FlushPoints of(int[] raw, int[] stored, int from, int count) {
        int[] r = java.util.Arrays.copyOfRange(raw, from, from + count);
        int[] s = java.util.Arrays.copyOfRange(stored, from, from + count);
        if (count == 0 || r[0] != 0 || s[0] != 0) {
            throw new JazminFormatException("column flush points must start at offset 0");
        }
        for (int i = 1; i < count; i++) {
            if (r[i] <= r[i - 1] || s[i] <= s[i - 1]) {
                throw new JazminFormatException("column flush point " + i + " (raw " + r[i] + ", stored " + s[i]
                        + ") does not follow the one before it");
            }
        }
        return new FlushPoints(r, s);
    }

    /** How many streams the points locate. */
    public int count() {
        return rawOffsets.length;
    }

    /** Checks the last points lie inside a section of {@code storedLength} stored and {@code rawLength} raw bytes. */
    void check(int storedLength, int rawLength) {
        int last = count() - 1;
        if (rawOffsets[last] >= rawLength || storedOffsets[last] >= storedLength) {
            throw new JazminFormatException("column flush point " + last + " (raw " + rawOffsets[last] + ", stored "
                    + storedOffsets[last] + ") lies outside the section's " + rawLength + " raw and "
                    + storedLength + " stored bytes");
        }
    }
}
