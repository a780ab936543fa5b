package io.jazmin.internal.index;

import java.util.Arrays;
import java.util.Collection;
import java.util.stream.LongStream;

/**
 * An immutable set of row ids, held as one sorted array of distinct ids: the natural form of
 * posting lists, compact (8 bytes per id), and cheap to intersect or union by merging. Index
 * lookups return it; deleted rows are not removed (the caller skips them).
 */
public final class RowIdSet {
    private static final RowIdSet EMPTY = new RowIdSet(new long[0]);

    private final long[] ids;

    private RowIdSet(long[] ids) {
        this.ids = ids;
    }

    /** The empty set. */
    public static RowIdSet empty() {
        return EMPTY;
    }

    /** A set of the given ids, in any order, duplicates allowed. */
    public static RowIdSet of(long... ids) {
        return sortedDistinct(ids.clone(), ids.length);
    }

    /** Wraps ids already strictly ascending (posting lists); the array is not copied. */
    static RowIdSet ofSorted(long[] ids) {
        return ids.length == 0 ? EMPTY : new RowIdSet(ids);
    }

    /** The union of several sets. */
    public static RowIdSet unionAll(Collection<RowIdSet> sets) {
        long total = 0;
        RowIdSet only = EMPTY;
        for (RowIdSet s : sets) {
            total += s.ids.length;
            if (!s.isEmpty()) {
                only = s;
            }
        }
        if (total == only.ids.length) {
            return only; // at most one set is non-empty
        }
        long[] all = new long[Math.toIntExact(total)];
        int n = 0;
        for (RowIdSet s : sets) {
            System.arraycopy(s.ids, 0, all, n, s.ids.length);
            n += s.ids.length;
        }
        return sortedDistinct(all, n);
    }

    // Sorting the concatenation beats a k-way merge here: the lists of one index are mostly disjoint.
    static RowIdSet sortedDistinct(long[] ids, int length) {
        Arrays.sort(ids, 0, length);
        int n = 0;
        for (int i = 0; i < length; i++) {
            if (n == 0 || ids[i] != ids[n - 1]) {
                ids[n++] = ids[i];
            }
        }
        return n == 0 ? EMPTY : new RowIdSet(n == ids.length ? ids : Arrays.copyOf(ids, n));
    }

    /** Number of row ids. */
    public int size() {
        return ids.length;
    }

    /** Whether the set has no row id. */
    public boolean isEmpty() {
        return ids.length == 0;
    }

    /** The {@code i}-th smallest row id. */
    public long get(int i) {
        return ids[i];
    }

    /** Whether {@code rowId} is in the set. */
    public boolean contains(long rowId) {
        return Arrays.binarySearch(ids, rowId) >= 0;
    }

    /** The row ids, ascending (a copy). */
    public long[] toArray() {
        return ids.clone();
    }

    /** The row ids, ascending. */
    public LongStream stream() {
        return Arrays.stream(ids);
    }

    /** The ids in both sets. */
    public RowIdSet intersect(RowIdSet other) {
        long[] a = ids;
        long[] b = other.ids;
        long[] out = new long[Math.min(a.length, b.length)];
        int i = 0;
        int j = 0;
        int n = 0;
        while (i < a.length && j < b.length) {
            if (a[i] < b[j]) {
                i++;
            } else if (a[i] > b[j]) {
                j++;
            } else {
                out[n++] = a[i++];
                j++;
            }
        }
        return n == 0 ? EMPTY : new RowIdSet(n == out.length ? out : Arrays.copyOf(out, n));
    }

    /** The ids in either set. */
    public RowIdSet union(RowIdSet other) {
        if (other.isEmpty()) {
            return this;
        }
        if (isEmpty()) {
            return other;
        }
        long[] a = ids;
        long[] b = other.ids;
        long[] out = new long[a.length + b.length];
        int i = 0;
        int j = 0;
        int n = 0;
        while (i < a.length || j < b.length) {
            long next = j == b.length || (i < a.length && a[i] <= b[j]) ? a[i] : b[j];
            if (i < a.length && a[i] == next) {
                i++;
            }
            if (j < b.length && b[j] == next) {
                j++;
            }
            out[n++] = next;
        }
        return new RowIdSet(n == out.length ? out : Arrays.copyOf(out, n));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RowIdSet other && Arrays.equals(ids, other.ids);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(ids);
    }

    @Override
    public String toString() {
        if (ids.length <= 20) {
            return "RowIdSet" + Arrays.toString(ids);
        }
        return "RowIdSet[" + ids.length + " ids: " + ids[0] + " .. " + ids[ids.length - 1] + "]";
    }
}
