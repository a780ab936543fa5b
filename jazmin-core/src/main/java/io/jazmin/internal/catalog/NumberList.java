package io.jazmin.internal.catalog;

import io.jazmin.error.JazminFormatException;
import java.util.Arrays;

/**
 * A growable list of non-negative longs used while decoding repeated numeric fields. It only grows
 * as values are actually read, so a hostile count can never size an allocation.
 */
public final class NumberList {
    private long[] values = new long[8];
    private int size;

    /** Appends a value. */
    public void add(long v) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = v;
    }

    /**
     * Makes room for {@code more} values about to be added (a packed run whose values were counted
     * in bytes already read, so the count is never a hostile one), so they are added without growing.
     */
    void reserve(int more) {
        if (more > values.length - size) {
            values = Arrays.copyOf(values, size + more);
        }
    }

    /** The values read so far. */
    public long[] toLongArray() {
        return Arrays.copyOf(values, size);
    }

    /** The values read so far; each must already be known to fit an int. */
    public int[] toIntArray() {
        int[] out = new int[size];
        for (int i = 0; i < size; i++) {
            out[i] = Math.toIntExact(values[i]);
        }
        return out;
    }

    /**
     * The running sums of the values read so far (lists stored "as differences").
     *
     * @param limit the largest absolute value allowed
     * @param what  the list's name, for the error message
     */
    long[] runningSums(long limit, String what) {
        long[] out = new long[size];
        long sum = 0;
        for (int i = 0; i < size; i++) {
            // Values are non-negative (checked on read), so only the upper bound can break.
            if (values[i] > limit - sum) {
                throw new JazminFormatException("catalog list " + what + ": running sum exceeds " + limit);
            }
            sum += values[i];
            out[i] = sum;
        }
        return out;
    }

    /** Like {@link #runningSums(long, String)} for lists whose absolute values must fit an int. */
    int[] runningIntSums(String what) {
        long[] sums = runningSums(Integer.MAX_VALUE, what);
        int[] out = new int[sums.length];
        for (int i = 0; i < sums.length; i++) {
            out[i] = (int) sums[i];
        }
        return out;
    }
}
