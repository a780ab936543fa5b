package io.jazmin.internal.column;

import io.jazmin.schema.ColumnType;
import java.math.BigDecimal;
import java.util.Comparator;

/**
 * Whether a chunk's stored statistics admit the values a query decoded from it anyway: the same
 * null count, and no non-null value below the min or above the max. Queries skip chunks (or count
 * them whole) by these statistics, so a file whose statistics leave out values it holds would
 * answer wrongly without this; a chunk that is never decoded cannot be checked, and is not.
 * Bounds may be looser than the values (a string min cut to a prefix, a max left out), never narrower.
 */
public final class StatisticsCheck {
    private StatisticsCheck() {
    }

    /**
     * What is inconsistent between {@code stored} and {@code values} (every row of the chunk), or
     * {@code null} when the statistics admit the values.
     */
    public static String violation(ChunkStatistics stored, ColumnVector values) {
        if (values.agreesWith() == stored) {
            return null; // checked already: both are immutable (a vector and statistics kept in the shared cache)
        }
        String wrong = check(stored, values);
        if (wrong == null) {
            values.agreesWith(stored);
        }
        return wrong;
    }

    private static String check(ChunkStatistics stored, ColumnVector values) {
        int nulls = values.nullCount();
        if (nulls != stored.nullCount()) {
            return "count " + Long.toUnsignedString(stored.nullCount()) + " nulls where the chunk holds " + nulls;
        }
        ColumnType type = values.type();
        boolean bounded = stored.min().length != 0 || stored.max().length != 0;
        if (!bounded || !type.isOrdered() || nulls == values.size()) {
            return null;
        }
        Object[] range = range(values);
        if (range == null) {
            return null; // only NaN values, which statistics leave out
        }
        Comparator<Object> order = KeyForms.comparator(type);
        // The values stay out of the message: in an encrypted file they are the file's contents.
        if (stored.min().length != 0 && order.compare(range[0], stored.minKey(type)) < 0) {
            return "give a min above a value the chunk holds";
        }
        if (stored.max().length != 0 && order.compare(range[1], stored.maxKey(type)) > 0) {
            return "give a max below a value the chunk holds";
        }
        return null;
    }

    /** The smallest and largest key of the non-null values (NaN left out), or {@code null} when there is none. */
    private static Object[] range(ColumnVector v) {
        return switch (v.type()) {
            case INT, DATETIME -> longRange(v);
            case FLOAT -> doubleRange(v);
            case BOOL -> ChunkStatistics.boolRange(v);
            case STRING -> stringRange(v);
            case DECIMAL -> decimalRange(v);
            case BINARY, JSON, LIST, OBJECT -> null;
        };
    }

    private static Object[] longRange(ColumnVector v) {
        long[] noted = v.longRange();
        if (noted != null) {
            return new Object[] {noted[0], noted[1]}; // found while decoding: no second pass
        }
        long[] vals = v.longs();
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        if (v.nullBits() == null) {
            for (int r = 0; r < v.size(); r++) { // no null row: no test per row
                lo = Math.min(lo, vals[r]);
                hi = Math.max(hi, vals[r]);
            }
            return new Object[] {lo, hi};
        }
        for (int r = 0; r < v.size(); r++) {
            if (!v.isNull(r)) {
                lo = Math.min(lo, vals[r]);
                hi = Math.max(hi, vals[r]);
            }
        }
        return new Object[] {lo, hi};
    }

    private static Object[] doubleRange(ColumnVector v) {
        double[] vals = v.doubles();
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        boolean any = false;
        for (int r = 0; r < v.size(); r++) {
            double x = vals[r];
            if (!v.isNull(r) && !Double.isNaN(x)) {
                lo = Math.min(lo, x);
                hi = Math.max(hi, x);
                any = true;
            }
        }
        // Key forms fold -0 into +0 (Math.min prefers -0.0).
        return any ? new Object[] {lo == 0 ? 0.0 : lo, hi == 0 ? 0.0 : hi} : null;
    }

    private static Object[] stringRange(ColumnVector v) {
        PlainStrings encoded = v.plainStrings();
        if (encoded != null) {
            int[] rows = EncodedStringRange.of(v, encoded); // compared on the stored bytes, no String per value
            return new Object[] {v.get(rows[0]), v.get(rows[1])};
        }
        return present(ChunkStatistics.range(v, String.class));
    }

    private static Object[] decimalRange(ColumnVector v) {
        return present(ChunkStatistics.range(v, BigDecimal.class));
    }

    private static Object[] present(Object[] range) {
        return range[0] == null ? null : range;
    }
}
