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
        return range(v, encoded, null, null, v.size());
    }

    /**
     * {@link #of} found over a dictionary's entries only, the same rows (the bounds of the distinct values
     * are those of all values, and each entry's row is the first holding its value): entry {@code e}'s
     * value is the {@code firstOf[e]}-th non-null value, at row {@code rowOf[firstOf[e]]}.
     */
    static int[] ofEntries(ColumnVector v, PlainStrings encoded, int[] rowOf, int[] firstOf, int entries) {
        return range(v, encoded, rowOf, firstOf, entries);
    }

    /** The bounds over rows {@code 0..count)}, or when {@code rowOf} is given, over the entries' rows. */
    private static int[] range(ColumnVector v, PlainStrings encoded, int[] rowOf, int[] firstOf, int count) {
        byte[] b = encoded.bytes();
        int lo = -1;
        int hi = -1;
        long low = 0;
        long high = 0;
        // The bounds' first bytes (-1 for an empty string): a value whose first byte lies strictly
        // between them is neither, when all three lie below 0xEE (there byte order is UTF-16 order).
        int lowFirst = -1;
        int highFirst = -1;
        for (int k = 0; k < count; k++) {
            int r = rowOf == null ? k : rowOf[firstOf[k]];
            if (v.isNull(r)) {
                continue;
            }
            long value = LengthPrefix.read(b, encoded.start(r));
            int first = LengthPrefix.length(value) == 0 ? -1 : b[LengthPrefix.start(value)] & 0xFF;
            if (lo < 0) {
                lo = r;
                hi = r;
                low = value;
                high = value;
                lowFirst = first;
                highFirst = first;
            } else if (first > lowFirst && first < highFirst && highFirst < 0xEE) {
                continue;
            } else if (compare(b, value, low) < 0) {
                lo = r; // below the min, so not above the max
                low = value;
                lowFirst = first;
            } else if (compare(b, value, high) > 0) {
                hi = r;
                high = value;
                highFirst = first;
            }
        }
        return lo < 0 ? null : new int[] {lo, hi};
    }

    /** Compares the length-prefixed UTF-8 values at {@code x} and {@code y} of {@code b} in UTF-16 order. */
    static int compare(byte[] b, int x, int y) {
        return compare(b, LengthPrefix.read(b, x), LengthPrefix.read(b, y));
    }

    /** Compares two values of {@code b} as {@link LengthPrefix#read} gives them, in UTF-16 order. */
    private static int compare(byte[] b, long xValue, long yValue) {
        int xLength = LengthPrefix.length(xValue);
        int yLength = LengthPrefix.length(yValue);
        int x = LengthPrefix.start(xValue);
        int y = LengthPrefix.start(yValue);
        int i = ShortRanges.mismatch(b, x, y, Math.min(xLength, yLength));
        if (i < 0) {
            return xLength - yLength;
        }
        int p = b[x + i] & 0xFF;
        int q = b[y + i] & 0xFF;
        // A mismatch in a continuation byte has the same lead byte before it; leads from 0xEE
        // start U+E000..U+FFFF (0xEE, 0xEF) or a character above U+FFFF (0xF0 on).
        if (p >= 0xEE && q >= 0xEE && (p >= 0xF0) != (q >= 0xF0)) {
            return p >= 0xF0 ? -1 : 1;
        }
        return p - q;
    }
}
