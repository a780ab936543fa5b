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
        return scale(v, null, 0);
    }

    /**
     * The scales of {@code vals[0..n)} into {@code scales}, and the mantissa of each value that has
     * one into {@code mantissas} (left as is for {@link #NONE}): one pass over the column, each
     * mantissa rounded once.
     */
    static void scaleAll(double[] vals, int n, int[] scales, long[] mantissas) {
        for (int i = 0; i < n; i++) {
            scales[i] = scale(vals[i], mantissas, i);
        }
    }

    /** The scale of {@code v}; its mantissa goes to {@code mantissas[at]} when there is one and an array. */
    private static int scale(double v, long[] mantissas, int at) {
        long bits = Double.doubleToRawLongBits(v);
        if (!Double.isFinite(v) || bits == Long.MIN_VALUE) {
            return NONE; // -0 has no varint form; NaN and infinities have no mantissa
        }
        for (int s = 0; s <= StreamFormat.MAX_WRITE_SCALE; s++) {
            long m = Math.round(v * StreamFormat.POW10[s]);
            if (Math.abs(m) > StreamFormat.MAX_WRITE_MANTISSA) {
                return NONE; // like the reference: a larger scale only makes m larger
            }
            if (Double.doubleToRawLongBits(m / StreamFormat.POW10[s]) == bits) {
                if (mantissas != null) {
                    mantissas[at] = m;
                }
                return s;
            }
        }
        return NONE;
    }
}
