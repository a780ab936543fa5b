package io.jazmin.data;

import java.util.List;
import io.jazmin.schema.Column;
import io.jazmin.error.JazminValidationException;

/**
 * Chosen columns of the matching rows as arrays, built without row objects (spec §2.5): int and
 * datetime (epoch ms) as {@code long[]}, float as {@code double[]}, bool as {@code boolean[]},
 * other types as {@code Object[]}. A null cell holds 0/false/null and is marked in the column's
 * LSB-first null bitmap (bit {@code i & 7} of byte {@code i >> 3}); the bitmap is {@code null}
 * when the column has no null among these rows.
 */
public final class ColumnArrays {
    private final List<Column> columns;
    private final int rowCount;
    private final Object[] values;
    private final byte[][] nulls;

    /** Made by the engine's column collector; users receive column arrays, they do not build them. */
    public ColumnArrays(List<Column> columns, int rowCount, Object[] values, byte[][] nulls) {
        this.columns = List.copyOf(columns);
        this.rowCount = rowCount;
        this.values = values;
        this.nulls = nulls;
    }

    public int rowCount() {
        return rowCount;
    }

    public List<Column> columns() {
        return columns;
    }

    /** The values of column {@code name}: a {@code long[]}, {@code double[]}, {@code boolean[]} or {@code Object[]}. */
    public Object values(String name) {
        return values[indexOf(name)];
    }

    public long[] longs(String name) {
        return (long[]) values(name);
    }

    public double[] doubles(String name) {
        return (double[]) values(name);
    }

    public boolean[] booleans(String name) {
        return (boolean[]) values(name);
    }

    public Object[] objects(String name) {
        return (Object[]) values(name);
    }

    /** The null bitmap of column {@code name}, or {@code null} when no value is null. */
    public byte[] nulls(String name) {
        return nulls[indexOf(name)];
    }

    public boolean isNull(String name, int row) {
        byte[] bits = nulls(name);
        return bits != null && (bits[row >>> 3] & (1 << (row & 7))) != 0;
    }

    private int indexOf(String name) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equals(name)) {
                return i;
            }
        }
        throw new JazminValidationException("column '" + name + "' was not selected");
    }
}
