package io.jazmin.internal.writer;

import io.jazmin.schema.Column;
import io.jazmin.error.InvalidRowException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.internal.column.KeyForms;
import java.util.Comparator;
import java.util.List;

/**
 * Enforces {@code sorted_by}: each row must not sort before the previous one, comparing the sort
 * columns in order by key form with nulls first (spec §1.15).
 */
final class SortOrderCheck {
    private final int[] positions;
    private final Column[] columns;
    private final Comparator<Object>[] comparators;
    private Object[] previous;

    @SuppressWarnings("unchecked")
    /**
     * @param lastRow the table's last existing row (values as stored) that new rows must not sort
     *                before, or {@code null} for a new table
     */
    SortOrderCheck(List<Column> tableColumns, List<String> sortedBy, Object[] lastRow) {
        positions = new int[sortedBy.size()];
        columns = new Column[sortedBy.size()];
        comparators = new Comparator[sortedBy.size()];
        for (int i = 0; i < sortedBy.size(); i++) {
            String name = sortedBy.get(i);
            int p = indexOf(tableColumns, name);
            Column c = tableColumns.get(p);
            if (!c.type().isOrdered()) {
                throw new JazminValidationException("sortedBy column '" + name + "' is " + c.type().typeName()
                        + ", which has no order");
            }
            positions[i] = p;
            columns[i] = c;
            comparators[i] = KeyForms.comparator(c.type());
        }
        if (lastRow != null && positions.length > 0) {
            previous = keys(-1, lastRow);
        }
    }

    private static int indexOf(List<Column> columns, String name) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equals(name)) {
                return i;
            }
        }
        throw new JazminValidationException("sortedBy names unknown column '" + name + "'");
    }

    boolean active() {
        return positions.length > 0;
    }

    /** Checks the row (values in column order, as stored) against the previous one. */
    void check(long rowNumber, Object[] row) {
        Object[] keys = keys(rowNumber, row);
        if (previous != null) {
            for (int i = 0; i < keys.length; i++) {
                int cmp = compare(i, previous[i], keys[i]);
                if (cmp < 0) {
                    break;
                }
                if (cmp > 0) {
                    throw new InvalidRowException(rowNumber, columns[i].name(),
                            "row breaks the declared sort order (sortedBy " + columnNames() + ")");
                }
            }
        }
        previous = keys;
    }

    private Object[] keys(long rowNumber, Object[] row) {
        Object[] keys = new Object[positions.length];
        for (int i = 0; i < positions.length; i++) {
            Object v = row[positions[i]];
            keys[i] = v == null ? null : KeyForms.keyOf(columns[i].type(), v);
            if (v != null && keys[i] == null) {
                throw new InvalidRowException(rowNumber, columns[i].name(), "NaN has no order and cannot be in a "
                        + "sortedBy column");
            }
        }
        return keys;
    }

    private int compare(int i, Object a, Object b) {
        if (a == null || b == null) {
            return a == null ? (b == null ? 0 : -1) : 1;
        }
        return comparators[i].compare(a, b);
    }

    private String columnNames() {
        StringBuilder sb = new StringBuilder();
        for (Column c : columns) {
            sb.append(sb.length() == 0 ? "" : ",").append(c.name());
        }
        return sb.toString();
    }
}
