package io.jazmin.internal.catalog;

/** Turns absolute ascending lists into the "as differences" form of §1.1 for encoding. */
final class Differences {
    private Differences() {
    }

    /** First value absolute, then each value minus the previous; the list must not descend. */
    static long[] of(long[] absolute, String what) {
        long[] out = new long[absolute.length];
        long previous = 0;
        for (int i = 0; i < absolute.length; i++) {
            if (absolute[i] < previous) {
                throw new IllegalArgumentException(what + " must be non-negative and ascending (index " + i + ")");
            }
            out[i] = absolute[i] - previous;
            previous = absolute[i];
        }
        return out;
    }

    /** The int form of {@link #of(long[], String)}. */
    static int[] of(int[] absolute, String what) {
        int[] out = new int[absolute.length];
        int previous = 0;
        for (int i = 0; i < absolute.length; i++) {
            if (absolute[i] < previous) {
                throw new IllegalArgumentException(what + " must be non-negative and ascending (index " + i + ")");
            }
            out[i] = absolute[i] - previous;
            previous = absolute[i];
        }
        return out;
    }
}
