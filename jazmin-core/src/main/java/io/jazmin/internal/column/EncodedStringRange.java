package io.jazmin.internal.column;

/**
 * The rows holding the smallest and largest string of a chunk whose values come with their
 * length-prefixed UTF-8 bytes ({@link PlainStrings}), found by comparing those bytes: one
 * contiguous buffer instead of a {@link String} object per value. The order is
 * {@link String#compareTo}'s (UTF-16 code units, as the key forms order strings), which is UTF-8
 * byte order except where a character from U+E000 to U+FFFF meets one above U+FFFF: UTF-16 puts the
 * latter (a surrogate pair, from U+D800) first, so that one case is turned round.
 */
final class EncodedStringRange {
    private EncodedStringRange() {
    }

    /**
     * The rows of the smallest and the largest non-null value, the first of equal ones as
     * {@code String.compareTo} would keep it; {@code null} when every row is null.
     */
    static int[] of(ColumnVector v, PlainStrings encoded) {
        byte[] b = encoded.bytes();
        int lo = -1;
        int hi = -1;
        for (int r = 0; r < v.size(); r++) {
            if (v.isNull(r)) {
                continue;
            }
            if (lo < 0) {
                lo = r;
                hi = r;
            } else {
                int at = encoded.start(r);
                if (compare(b, at, encoded.start(lo)) < 0) {
                    lo = r; // below the min, so not above the max
                } else if (compare(b, at, encoded.start(hi)) > 0) {
                    hi = r;
                }
            }
        }
        return lo < 0 ? null : new int[] {lo, hi};
    }

    /** Compares the length-prefixed UTF-8 values at {@code x} and {@code y} of {@code b} in UTF-16 order. */
    static int compare(byte[] b, int x, int y) {
        long xValue = LengthPrefix.read(b, x);
        long yValue = LengthPrefix.read(b, y);
        int xLength = LengthPrefix.length(xValue);
        int yLength = LengthPrefix.length(yValue);
        x = LengthPrefix.start(xValue);
        y = LengthPrefix.start(yValue);
        int common = Math.min(xLength, yLength);
        for (int i = 0; i < common; i++) {
            int p = b[x + i] & 0xFF;
            int q = b[y + i] & 0xFF;
            if (p != q) {
                // A mismatch in a continuation byte has the same lead byte before it; leads from 0xEE
                // start U+E000..U+FFFF (0xEE, 0xEF) or a character above U+FFFF (0xF0 on).
                if (p >= 0xEE && q >= 0xEE && (p >= 0xF0) != (q >= 0xF0)) {
                    return p >= 0xF0 ? -1 : 1;
                }
                return p - q;
            }
        }
        return xLength - yLength;
    }
}
