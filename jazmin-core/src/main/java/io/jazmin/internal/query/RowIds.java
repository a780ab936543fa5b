package io.jazmin.internal.query;

import java.util.Arrays;

/**
 * Sorted distinct row ids with the positional look-ups the executor needs (the set algebra of
 * index results lives in {@link io.jazmin.internal.index.RowIdSet}).
 */
public final class RowIds {
    private static final RowIds EMPTY = new RowIds(new long[0]);
    private final long[] ids;

    private RowIds(long[] sortedDistinct) {
        this.ids = sortedDistinct;
    }

    /** Wraps ids that are already sorted and distinct (not copied). */
    public static RowIds ofSorted(long[] sortedDistinct) {
        return sortedDistinct.length == 0 ? EMPTY : new RowIds(sortedDistinct);
    }

    public int size() {
        return ids.length;
    }

    public long get(int i) {
        return ids[i];
    }

    /** Index of the first id at or after {@code id}. */
    public int lowerBound(long id) {
        int i = Arrays.binarySearch(ids, id);
        return i >= 0 ? i : -i - 1;
    }

    /** Ids in {@code [from, to)}. */
    public int countIn(long from, long to) {
        return lowerBound(to) - lowerBound(from);
    }
}
