package io.jazmin.data;

import io.jazmin.internal.column.ColumnVector;
import io.jazmin.internal.column.RowFactory;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.error.JazminValidationException;
import io.jazmin.schema.JsonText;
import io.jazmin.internal.column.RowLayout;

/**
 * One row read from a table: a light view over the decoded chunk it came from (no per-row copies
 * of the values). Values have the Java types of {@link ColumnType}; null cells are {@code null}.
 * Users receive rows; only the engine makes them (through {@link RowFactory}).
 */
public final class Row {
    static {
        RowFactory.register(Row.class, Row::new, new RowFactory.View<>() {
            @Override
            public ColumnVector[] vectors(Row row) {
                return row.vectors;
            }

            @Override
            public int position(Row row) {
                return row.position;
            }
        });
    }

    private final RowLayout layout;
    private final ColumnVector[] vectors;
    private final int position;
    private final long rowId;

    /**
     * Made by the engine as it decodes a chunk.
     *
     * @param layout   the returned columns and their name lookup
     * @param vectors  decoded values of the chunk, one per returned column
     * @param position the row's position inside the chunk
     * @param rowId    the row id in the table (0-based write order)
     */
    private Row(RowLayout layout, ColumnVector[] vectors, int position, long rowId) {
        this.layout = layout;
        this.vectors = vectors;
        this.position = position;
        this.rowId = rowId;
    }

    /** The row id: 0-based position in write order within the table. */
    public long rowId() {
        return rowId;
    }

    /** The columns of this row, in the order returned. */
    public List<Column> columns() {
        return layout.columns();
    }

    public int size() {
        return vectors.length;
    }

    /** The value of the i-th returned column. */
    public Object get(int i) {
        return vectors[i].get(position);
    }

    /** The value of column {@code name}. */
    public Object get(String name) {
        return vectors[layout.indexOf(name)].get(position);
    }

    public boolean isNull(String name) {
        return isNull(layout.indexOf(name));
    }

    /** Whether the cell of the i-th returned column is null. */
    public boolean isNull(int i) {
        return vectors[i].isNull(position);
    }

    /** An int column's value; throws if the cell is null. */
    public long getLong(String name) {
        return getLong(layout.indexOf(name));
    }

    /** The i-th returned column's value, an int column's (no boxing); throws if the cell is null. */
    public long getLong(int i) {
        return primitive(i, ColumnType.INT).getLong(position);
    }

    /** A float column's value; throws if the cell is null. */
    public double getDouble(String name) {
        return getDouble(layout.indexOf(name));
    }

    /** The i-th returned column's value, a float column's (no boxing); throws if the cell is null. */
    public double getDouble(int i) {
        return primitive(i, ColumnType.FLOAT).getDouble(position);
    }

    /** A bool column's value; throws if the cell is null. */
    public boolean getBoolean(String name) {
        return getBoolean(layout.indexOf(name));
    }

    /** The i-th returned column's value, a bool column's; throws if the cell is null. */
    public boolean getBoolean(int i) {
        return primitive(i, ColumnType.BOOL).getBoolean(position);
    }

    public String getString(String name) {
        return (String) typed(name, ColumnType.STRING);
    }

    public BigDecimal getDecimal(String name) {
        return (BigDecimal) typed(name, ColumnType.DECIMAL);
    }

    public Instant getInstant(String name) {
        return (Instant) typed(name, ColumnType.DATETIME);
    }

    public byte[] getBytes(String name) {
        return (byte[]) typed(name, ColumnType.BINARY);
    }

    public JsonText getJson(String name) {
        return (JsonText) typed(name, ColumnType.JSON);
    }

    /** The row as an ordered map of column name to value (a copy). */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        List<Column> cols = layout.columns();
        for (int i = 0; i < vectors.length; i++) {
            m.put(cols.get(i).name(), vectors[i].get(position));
        }
        return m;
    }

    private ColumnVector primitive(int i, ColumnType type) {
        ColumnVector v = vectors[i];
        if (v.type() != type) {
            throw new JazminValidationException("column '" + layout.columns().get(i).name() + "' is "
                    + v.type().typeName() + ", not " + type.typeName());
        }
        if (v.isNull(position)) {
            throw new JazminValidationException("column '" + layout.columns().get(i).name() + "' is null in row "
                    + rowId);
        }
        return v;
    }

    private Object typed(String name, ColumnType type) {
        return vectors[layout.indexOf(name, type)].get(position);
    }

    @Override
    public String toString() {
        return "Row#" + rowId + toMap();
    }
}
