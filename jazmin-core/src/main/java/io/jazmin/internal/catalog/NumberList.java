package io.jazmin.internal.catalog;

import io.jazmin.error.JazminFormatException;
import java.util.Arrays;

/**
 * A growable list of non-negative longs used while decoding repeated numeric fields. It only grows
 * as values are actually read, so a hostile count can never size an allocation. A list is read out
 * once: {@link #toLongArray} and {@link #runningSums} hand over its array when it is exactly full
 * (a packed run reserves exactly its values), and leave the list empty. Every open of a file decodes
 * a few dozen of these, so no array is made before a value comes and none is copied needlessly.
 */
public final class NumberList {
    private static final long[] NONE = new long[0];
    private static final int[] NO_INTS = new int[0];
    private long[] values = NONE;
    /**
     * With {@link #ofInts}, the values instead of {@link #values}: a list read out as ints only (a chunk
     * directory's row counts, its flush points when not one packed run) then makes no array of longs first
     * (issue 33).
     */
    private int[] ints;
    private int size;

    /** An empty list of longs. */
    public NumberList() {
    }

    private NumberList(int[] ints) {
        this.ints = ints;
    }

    /**
     * An empty list whose values must each fit an int ({@link #add} checks), held as ints and read
     * out with {@link #toIntArray} only.
     */
    public static NumberList ofInts() {
        return new NumberList(NO_INTS);
    }

    /** Appends a value. */
    public void add(long v) {
        if (ints != null) {
            if (size == ints.length) {
                ints = Arrays.copyOf(ints, Math.max(8, size * 2));
            }
            ints[size++] = Math.toIntExact(v);
            return;
        }
        if (size == values.length) {
            values = Arrays.copyOf(values, Math.max(8, size * 2));
        }
        values[size++] = v;
    }

    /**
     * Makes room for {@code more} values about to be added (a packed run whose values were counted
     * in bytes already read, so the count is never a hostile one), so they are added without growing.
     */
    void reserve(int more) {
        if (ints != null) {
            if (more > ints.length - size) {
                ints = Arrays.copyOf(ints, size + more);
            }
            return;
        }
        if (more > values.length - size) {
            values = Arrays.copyOf(values, size + more);
        }
    }

    /** How many values have been read (each took at least a byte: never a hostile count). */
    public int size() {
        return size;
    }

    /** The values read so far; the list is empty afterwards. */
    public long[] toLongArray() {
        longsOnly();
        long[] out = size == values.length ? values : Arrays.copyOf(values, size);
        clear();
        return out;
    }

    private void clear() {
        values = NONE;
        ints = ints == null ? null : NO_INTS;
        size = 0;
    }

    private void longsOnly() {
        if (ints != null) {
            throw new IllegalStateException("a list of ints is read out with toIntArray");
        }
    }

    /**
     * The values read so far; each must already be known to fit an int. A list {@link #ofInts} hands
     * over its array when it is exactly full and is empty afterwards.
     */
    public int[] toIntArray() {
        if (ints != null) {
            int[] out = size == ints.length ? ints : Arrays.copyOf(ints, size);
            clear();
            return out;
        }
        int[] out = new int[size];
        for (int i = 0; i < size; i++) {
            out[i] = Math.toIntExact(values[i]);
        }
        return out;
    }

    /**
     * The running sums of the values read so far (lists stored "as differences"); the list is empty
     * afterwards.
     *
     * @param limit the largest absolute value allowed
     * @param what  the list's name, for the error message
     */
    long[] runningSums(long limit, String what) {
        longsOnly();
        // In place when the array is exactly full: each value is read before its sum overwrites it.
        long[] out = size == values.length ? values : new long[size];
        long sum = 0;
        for (int i = 0; i < size; i++) {
            // Values are non-negative (checked on read), so only the upper bound can break.
            if (values[i] > limit - sum) {
                throw new JazminFormatException("catalog list " + what + ": running sum exceeds " + limit);
            }
            sum += values[i];
            out[i] = sum;
        }
        clear();
        return out;
    }

    /** Like {@link #runningSums(long, String)} for lists whose absolute values must fit an int; the list is empty afterwards. */
    int[] runningIntSums(String what) {
        long[] sums = runningSums(Integer.MAX_VALUE, what);
        int[] out = new int[sums.length];
        for (int i = 0; i < sums.length; i++) {
            out[i] = (int) sums[i];
        }
        return out;
    }
}
