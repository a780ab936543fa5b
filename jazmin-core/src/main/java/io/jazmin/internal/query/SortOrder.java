package io.jazmin.internal.query;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.error.JazminValidationException;
import io.jazmin.data.SortKey;
import java.util.List;

/**
 * A row order bound to a table: for each key the column position and type, the direction and
 * where nulls go. Checked when bound: an unknown column, or a column without an order, is refused.
 */
public final class SortOrder {
    private final List<SortKey> keys;
    private final int[] positions;
    private final ColumnType[] types;

    private SortOrder(List<SortKey> keys, int[] positions, ColumnType[] types) {
        this.keys = keys;
        this.positions = positions;
        this.types = types;
    }

    /**
     * Binds {@code keys} to {@code columns}.
     *
     * @throws JazminValidationException when a key names an unknown column or one of a type without an
     *                                   order (binary, json, list, object)
     */
    public static SortOrder bind(List<SortKey> keys, List<Column> columns) {
        int[] positions = new int[keys.size()];
        ColumnType[] types = new ColumnType[keys.size()];
        for (int i = 0; i < keys.size(); i++) {
            String name = keys.get(i).column();
            positions[i] = indexOf(columns, name);
            Column column = columns.get(positions[i]);
            if (!column.type().isOrdered()) {
                throw invalid("column '" + name + "' is " + column.type().typeName()
                        + ", which has no order (sortable: bool, int, float, decimal, string, datetime)");
            }
            if (keys.get(i).ignoreCase() && !column.type().isText()) {
                throw invalid("column '" + name + "' is " + column.type().typeName()
                        + ": only string columns sort ignoring case");
            }
            types[i] = column.type();
        }
        return new SortOrder(List.copyOf(keys), positions, types);
    }

    private static int indexOf(List<Column> columns, String name) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equals(name)) {
                return i;
            }
        }
        throw invalid("unknown column '" + name + "'");
    }

    private static JazminValidationException invalid(String message) {
        return new JazminValidationException("Invalid order: " + message);
    }

    public boolean isEmpty() {
        return keys.isEmpty();
    }

    int size() {
        return keys.size();
    }

    /** The positions of the key columns, one per key. */
    int[] positions() {
        return positions.clone();
    }

    ColumnType type(int key) {
        return types[key];
    }

    boolean descending(int key) {
        return keys.get(key).descending();
    }

    boolean ignoreCase(int key) {
        return keys.get(key).ignoreCase();
    }

    boolean nullsFirst(int key) {
        return keys.get(key).nulls() == SortKey.Nulls.FIRST;
    }

    /**
     * Whether file order already is this order: each key ascending with nulls first on the
     * matching {@code sortedBy} column.
     */
    public boolean servedByFileOrder(List<String> sortedBy) {
        if (keys.size() > sortedBy.size()) {
            return false;
        }
        for (int i = 0; i < keys.size(); i++) {
            SortKey key = keys.get(i);
            if (!key.column().equals(sortedBy.get(i)) || key.descending() || !nullsFirst(i) || key.ignoreCase()) {
                return false;
            }
        }
        return true;
    }

    /**
     * How a query with this order and {@code limit} runs: {@code none} (file order, no order asked),
     * {@code file-order} (along {@code sorted_by}, when {@code fileOrder} says the file gives it),
     * {@code top-k} (a bounded heap, limit given) or {@code full-sort} (every matching key sorted in memory).
     */
    String strategy(boolean fileOrder, long limit) {
        if (keys.isEmpty()) {
            return "none";
        }
        if (fileOrder) {
            return "file-order";
        }
        return limit >= 0 ? "top-k" : "full-sort";
    }
}
