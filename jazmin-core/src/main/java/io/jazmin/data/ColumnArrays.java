package io.jazmin.data;

import java.util.List;
import io.jazmin.schema.Column;
import io.jazmin.error.JazminValidationException;

/**
 * Chosen columns of the matching rows as arrays, built without row objects (spec §2.5): int and
 * datetime (epoch ms) as {@code long[]}, float as {@code double[]}, bool as {@code boolean[]},
 * strings as their UTF-8 bytes in one buffer ({@link #utf8(String)}; as {@code String}s only when
 * {@link #objects(String)} asks, then kept), other types as {@code Object[]}. A null cell holds
 * 0/false/null (no bytes) and is marked in the column's LSB-first null bitmap (bit {@code i & 7} of
 * byte {@code i >> 3}); the bitmap is {@code null} when the column has no null among these rows.
 */
public final class ColumnArrays {
    private final List<Column> columns;
    private final int rowCount;
    private final Object[] values;
    private final byte[][] nulls;
    /** String columns' values as {@code String}s, decoded when first asked for. */
    private Object[][] decoded;

    /**
     * Made by the engine's column collector; users receive column arrays, they do not build them.
     *
     * @param values per column a {@code long[]}, {@code double[]}, {@code boolean[]}, {@code Object[]}, or a
     *               {@link Utf8Column} for a string column
     */
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

    /**
     * The values of column {@code name}: a {@code long[]}, {@code double[]}, {@code boolean[]} or
     * {@code Object[]} (a string column's {@code String}s decoded on the first call).
     */
    public Object values(String name) {
        int c = indexOf(name);
        return values[c] instanceof Utf8Column ? strings(c) : values[c];
    }

    /**
     * String column {@code name}'s values as UTF-8 bytes in one buffer, without a {@code String} per
     * value: what a columnar consumer copies as it is.
     *
     * @throws JazminValidationException when the column was not selected or is not a string column
     */
    public Utf8Column utf8(String name) {
        int c = indexOf(name);
        if (!(values[c] instanceof Utf8Column text)) {
            throw new JazminValidationException("column '" + name + "' has type " + columns.get(c).type().typeName()
                    + "; only string columns have UTF-8 values");
        }
        return text;
    }

    /** A string column's values decoded, once. */
    private synchronized Object[] strings(int c) {
        if (decoded == null) {
            decoded = new Object[values.length][];
        }
        if (decoded[c] == null) {
            Utf8Column text = (Utf8Column) values[c];
            byte[] bits = nulls[c];
            Object[] out = new Object[rowCount];
            for (int r = 0; r < rowCount; r++) {
                out[r] = bits != null && (bits[r >>> 3] & (1 << (r & 7))) != 0 ? null : text.string(r);
            }
            decoded[c] = out;
        }
        return decoded[c];
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
