package io.jazmin.internal.column;

/**
 * The reference writer's choice of scale for a float (spec §1.9, JS {@code columnar.js}): the
 * smallest s in 0..15 such that m = round(v·10^s) is a safe integer and m / 10^s gives back v's
 * exact bits. JS {@code Math.round} and Java {@link Math#round(double)} agree on every product that
 * can matter (closest integer, ties towards +∞); they differ only in the sign of a zero result,
 * which never reproduces a non-zero v, and beyond 2^53, which is rejected either way.
 */
final class FloatScaling {
    /** Scale meaning "no scale fits: store the raw binary64". */
    static final int NONE = -1;

    private FloatScaling() {
    }

    /** The scale for {@code v}, or {@link #NONE} (always for −0, NaN and ±∞). */
    static int scaleOf(double v) {
        if (!Double.isFinite(v) || Double.doubleToRawLongBits(v) == Long.MIN_VALUE) {
            return NONE; // -0 has no varint form; NaN and infinities have no mantissa
        }
        long bits = Double.doubleToRawLongBits(v);
        for (int s = 0; s <= StreamFormat.MAX_WRITE_SCALE; s++) {
            long m = Math.round(v * StreamFormat.POW10[s]);
            if (Math.abs(m) > StreamFormat.MAX_WRITE_MANTISSA) {
                return NONE; // like the reference: a larger scale only makes m larger
            }
            if (Double.doubleToRawLongBits(m / StreamFormat.POW10[s]) == bits) {
                return s;
            }
        }
        return NONE;
    }

    /** The mantissa stored for {@code v} at scale {@code s} (a scale returned by {@link #scaleOf}). */
    static long mantissa(double v, int s) {
        return Math.round(v * StreamFormat.POW10[s]);
    }
}
