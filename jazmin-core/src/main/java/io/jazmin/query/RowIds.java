package io.jazmin.query;

import java.util.Arrays;

/** A sorted set of distinct row ids, with the set operations the planner needs. */
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

    public static RowIds empty() {
        return EMPTY;
    }

    public int size() {
        return ids.length;
    }

    public long get(int i) {
        return ids[i];
    }

    public boolean contains(long id) {
        return Arrays.binarySearch(ids, id) >= 0;
    }

    /** Index of the first id at or after {@code id}. */
    public int lowerBound(long id) {
        int i = Arrays.binarySearch(ids, id);
        return i >= 0 ? i : -i - 1;
    }

    public RowIds intersect(RowIds other) {
        long[] out = new long[Math.min(ids.length, other.ids.length)];
        int n = 0;
        int i = 0;
        int j = 0;
        while (i < ids.length && j < other.ids.length) {
            long a = ids[i];
            long b = other.ids[j];
            if (a == b) {
                out[n++] = a;
                i++;
                j++;
            } else if (a < b) {
                i++;
            } else {
                j++;
            }
        }
        return ofSorted(Arrays.copyOf(out, n));
    }

    public RowIds union(RowIds other) {
        long[] out = new long[ids.length + other.ids.length];
        int n = 0;
        int i = 0;
        int j = 0;
        while (i < ids.length || j < other.ids.length) {
            long next;
            if (j >= other.ids.length || (i < ids.length && ids[i] < other.ids[j])) {
                next = ids[i++];
            } else if (i >= ids.length || other.ids[j] < ids[i]) {
                next = other.ids[j++];
            } else {
                next = ids[i++];
                j++;
            }
            out[n++] = next;
        }
        return ofSorted(Arrays.copyOf(out, n));
    }

    /** Ids in {@code [from, to)}. */
    public int countIn(long from, long to) {
        return lowerBound(to) - lowerBound(from);
    }
}
