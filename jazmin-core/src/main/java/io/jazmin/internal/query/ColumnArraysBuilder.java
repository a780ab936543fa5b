package io.jazmin.internal.query;

import java.util.Arrays;
import java.util.List;
import io.jazmin.schema.Column;
import io.jazmin.data.ColumnArrays;
import io.jazmin.data.Utf8Column;
import io.jazmin.internal.column.ColumnVector;
import io.jazmin.internal.column.Utf8Buffer;

/** Appends the matching rows of decoded chunks to growing per-column arrays. */
public final class ColumnArraysBuilder {
    /** Values held before any row is added, at most, whatever the caller expects (a file's counts are its claims). */
    static final int MAX_EXPECTED_CELLS = 1 << 22;
    private final List<Column> columns;
    private final Object[] values;
    private final byte[][] nulls;
    private int size;
    private int capacity;

    /**
     * @param expectedRows how many rows will likely be added (every row of a table read whole): the
     *                     arrays start that long, within {@link #MAX_EXPECTED_CELLS} values in all, so
     *                     that reading them whole neither grows nor trims them
     */
    public ColumnArraysBuilder(List<Column> columns, long expectedRows) {
        this.columns = columns;
        this.capacity = (int) Math.max(16, Math.min(expectedRows, MAX_EXPECTED_CELLS / Math.max(1, columns.size())));
        this.values = new Object[columns.size()];
        this.nulls = new byte[columns.size()][];
        for (int c = 0; c < values.length; c++) {
            values[c] = switch (columns.get(c).type()) {
                case INT, DATETIME -> new long[capacity];
                case FLOAT -> new double[capacity];
                case BOOL -> new boolean[capacity];
                case STRING -> new Utf8Buffer(capacity); // the stored bytes, no String per value
                case DECIMAL, BINARY, JSON, LIST, OBJECT -> new Object[capacity];
            };
        }
    }

    /** Adds the rows at {@code positions} of one chunk's selected columns. */
    public void add(ColumnVector[] selected, int[] positions, int count) {
        ensure(size + count);
        boolean leading = leading(positions, count);
        for (int c = 0; c < selected.length; c++) {
            ColumnVector v = selected[c];
            if (values[c] instanceof Utf8Buffer text) {
                for (int i = 0; i < count; i++) {
                    if (v.isNull(positions[i])) {
                        markNull(c, size + i);
                    }
                    v.appendUtf8(positions[i], text);
                }
                continue;
            }
            if (leading && copyLeading(c, v, count)) {
                continue;
            }
            for (int i = 0; i < count; i++) {
                int p = positions[i];
                int at = size + i;
                if (v.isNull(p)) {
                    markNull(c, at);
                    continue;
                }
                switch (columns.get(c).type()) {
                    case INT, DATETIME -> ((long[]) values[c])[at] = v.getLong(p);
                    case FLOAT -> ((double[]) values[c])[at] = v.getDouble(p);
                    case BOOL -> ((boolean[]) values[c])[at] = v.getBoolean(p);
                    case DECIMAL, BINARY, JSON, LIST, OBJECT -> ((Object[]) values[c])[at] = v.get(p);
                    case STRING -> throw new IllegalStateException("string columns are collected as UTF-8");
                }
            }
        }
        size += count;
    }

    /** Whether the positions are rows 0, 1, 2, ... (a chunk read whole): primitive values are then copied at once. */
    private static boolean leading(int[] positions, int count) {
        for (int i = 0; i < count; i++) {
            if (positions[i] != i) {
                return false;
            }
        }
        return count > 0;
    }

    /**
     * Copies rows {@code [0, count)} of a whole int, datetime, float or bool vector in one call each,
     * null rows then set to 0 (or false) as {@link #add} leaves them; {@code false} for other vectors.
     */
    private boolean copyLeading(int c, ColumnVector v, int count) {
        if (v.window() != 0) {
            return false;
        }
        Object from = switch (columns.get(c).type()) {
            case INT, DATETIME -> v.longs();
            case FLOAT -> v.doubles();
            case BOOL -> v.booleans();
            case DECIMAL, STRING, BINARY, JSON, LIST, OBJECT -> null;
        };
        if (from == null || java.lang.reflect.Array.getLength(from) < count) {
            return false;
        }
        System.arraycopy(from, 0, values[c], size, count);
        if (v.hasNulls()) {
            for (int p = 0; p < count; p++) {
                if (v.isNull(p)) {
                    markNull(c, size + p);
                    clear(values[c], size + p);
                }
            }
        }
        return true;
    }

    private static void clear(Object array, int at) {
        if (array instanceof long[] a) {
            a[at] = 0;
        } else if (array instanceof double[] a) {
            a[at] = 0;
        } else {
            ((boolean[]) array)[at] = false;
        }
    }

    private void markNull(int column, int row) {
        if (nulls[column] == null) {
            nulls[column] = new byte[(capacity + 7) >>> 3];
        }
        nulls[column][row >>> 3] |= (byte) (1 << (row & 7));
    }

    private void ensure(int needed) {
        if (needed <= capacity) {
            return;
        }
        capacity = Math.max(needed, capacity * 2);
        for (int c = 0; c < values.length; c++) {
            values[c] = resize(values[c], capacity);
            if (nulls[c] != null) {
                nulls[c] = Arrays.copyOf(nulls[c], (capacity + 7) >>> 3);
            }
        }
    }

    private static Object resize(Object array, int length) {
        if (array instanceof Utf8Buffer) {
            return array; // grows by itself
        }
        if (array instanceof long[] a) {
            return Arrays.copyOf(a, length);
        }
        if (array instanceof double[] a) {
            return Arrays.copyOf(a, length);
        }
        if (array instanceof boolean[] a) {
            return Arrays.copyOf(a, length);
        }
        return Arrays.copyOf((Object[]) array, length);
    }

    public ColumnArrays build() {
        Object[] trimmed = new Object[values.length];
        byte[][] bits = new byte[values.length][];
        for (int c = 0; c < values.length; c++) {
            trimmed[c] = values[c] instanceof Utf8Buffer text ? new Utf8Column(text.bytes(), text.offsets())
                    : size == capacity ? values[c] : resize(values[c], size);
            bits[c] = nulls[c] == null ? null : Arrays.copyOf(nulls[c], (size + 7) >>> 3);
        }
        return new ColumnArrays(columns, size, trimmed, bits);
    }
}
