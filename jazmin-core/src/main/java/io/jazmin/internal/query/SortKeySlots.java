package io.jazmin.internal.query;

import io.jazmin.internal.column.ColumnVector;
import java.util.Arrays;

/**
 * The sort keys of some rows, stored column by column in numbered slots (primitive arrays for
 * numbers, so ranking a numeric column allocates nothing per row), with each slot's row id.
 * Slots compare by the {@link SortOrder}, then by row id.
 */
final class SortKeySlots {
    private final SortOrder order;
    private long[] rowIds;
    private final long[][] longs;
    private final double[][] doubles;
    private final Object[][] objects;
    private final boolean[][] nulls;
    private int capacity;

    SortKeySlots(SortOrder order, int initialCapacity) {
        this.order = order;
        int keys = order.size();
        this.capacity = Math.max(1, initialCapacity);
        this.rowIds = new long[capacity];
        this.longs = new long[keys][];
        this.doubles = new double[keys][];
        this.objects = new Object[keys][];
        this.nulls = new boolean[keys][];
        for (int k = 0; k < keys; k++) {
            switch (order.type(k)) {
                case INT, DATETIME, BOOL -> longs[k] = new long[capacity];
                case FLOAT -> doubles[k] = new double[capacity];
                case DECIMAL, STRING, BINARY, JSON, LIST, OBJECT -> objects[k] = new Object[capacity];
            }
            nulls[k] = new boolean[capacity];
        }
    }

    /** Makes room for slots {@code 0 .. needed - 1}. */
    void ensureCapacity(int needed) {
        if (needed <= capacity) {
            return;
        }
        int grown = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(needed, capacity * 2L));
        rowIds = Arrays.copyOf(rowIds, grown);
        for (int k = 0; k < order.size(); k++) {
            if (longs[k] != null) {
                longs[k] = Arrays.copyOf(longs[k], grown);
            } else if (doubles[k] != null) {
                doubles[k] = Arrays.copyOf(doubles[k], grown);
            } else {
                objects[k] = Arrays.copyOf(objects[k], grown);
            }
            nulls[k] = Arrays.copyOf(nulls[k], grown);
        }
        capacity = grown;
    }

    /** Stores in {@code slot} the keys of row {@code row} of {@code keys} (one vector per sort key). */
    void set(int slot, ColumnVector[] keys, int row, long rowId) {
        rowIds[slot] = rowId;
        for (int k = 0; k < keys.length; k++) {
            ColumnVector v = keys[k];
            boolean isNull = v.isNull(row);
            nulls[k][slot] = isNull;
            if (longs[k] != null) {
                longs[k][slot] = isNull ? 0 : v.longs() != null ? v.getLong(row) : (v.getBoolean(row) ? 1 : 0);
            } else if (doubles[k] != null) {
                doubles[k][slot] = isNull ? 0 : v.getDouble(row);
            } else {
                objects[k][slot] = isNull ? null : v.get(row);
            }
        }
    }

    long rowId(int slot) {
        return rowIds[slot];
    }

    /** Negative when slot {@code a} comes first, positive when {@code b} does; never 0 for two rows. */
    int compare(int a, int b) {
        for (int k = 0; k < longs.length; k++) {
            boolean na = nulls[k][a];
            boolean nb = nulls[k][b];
            int c;
            if (na || nb) {
                if (na == nb) {
                    continue;
                }
                // Nulls go first or last whatever the direction.
                return na == order.nullsFirst(k) ? -1 : 1;
            }
            if (longs[k] != null) {
                c = Long.compare(longs[k][a], longs[k][b]);
            } else if (doubles[k] != null) {
                c = compareFloats(doubles[k][a], doubles[k][b]);
            } else {
                c = order.ignoreCase(k) ? String.CASE_INSENSITIVE_ORDER.compare((String) objects[k][a],
                        (String) objects[k][b]) : compareObjects(objects[k][a], objects[k][b]);
            }
            if (c != 0) {
                return order.descending(k) ? -c : c;
            }
        }
        return Long.compare(rowIds[a], rowIds[b]);
    }

    /** {@code -0.0} equals {@code 0.0} (their key forms are equal); NaN after every number. */
    static int compareFloats(double x, double y) {
        return x == y ? 0 : Double.compare(x, y);
    }

    /** Strings by UTF-16 unit ({@link String#compareTo}), the spec's order (§1, as {@code sorted_by} files keep). */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compareObjects(Object x, Object y) {
        return ((Comparable) x).compareTo(y);
    }
}
