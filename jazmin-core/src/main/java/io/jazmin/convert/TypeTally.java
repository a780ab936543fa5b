package io.jazmin.convert;

import io.jazmin.error.InputLimitException;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The narrowest type seen so far for each column name, in first-appearance order. Types widen
 * along int → decimal/float and datetime → string; any other mix becomes the conflict type
 * ({@code json} for JSON input, where any value fits; {@code string} for CSV, where every cell is text).
 */
final class TypeTally {
    private final ColumnType conflict;
    private final int maxColumns;
    /** Column name → type seen, or {@code null} while only nulls were seen. */
    private final Map<String, ColumnType> types = new LinkedHashMap<>();

    /** A tally of at most {@code maxColumns} columns ({@link TextLimits#maxColumns()}). */
    TypeTally(ColumnType conflict, int maxColumns) {
        this.conflict = conflict;
        this.maxColumns = maxColumns;
    }

    /**
     * Records one value of column {@code name} in the 0-based row {@code row}; {@code type} is {@code null} for
     * a null value.
     *
     * @throws InputLimitException when {@code name} would be column number {@code maxColumns + 1}
     */
    void observe(String name, ColumnType type, long row) {
        if (!types.containsKey(name)) {
            if (types.size() == maxColumns) {
                throw new InputLimitException("row " + row + ": more than " + maxColumns
                        + " columns (distinct names) in the input, '" + Abbrev.of(name) + "' the next", "maxColumns",
                        maxColumns, 0, row, name);
            }
            types.put(name, type);
        } else if (type != null) {
            types.put(name, merge(types.get(name), type));
        }
    }

    private ColumnType merge(ColumnType seen, ColumnType next) {
        if (seen == null || seen == next) {
            return next;
        }
        Set<ColumnType> pair = EnumSet.of(seen, next);
        if (pair.equals(EnumSet.of(ColumnType.INT, ColumnType.DECIMAL))) {
            return ColumnType.DECIMAL;
        }
        if (pair.contains(ColumnType.FLOAT) && (pair.contains(ColumnType.INT) || pair.contains(ColumnType.DECIMAL))) {
            return ColumnType.FLOAT;
        }
        if (pair.equals(EnumSet.of(ColumnType.STRING, ColumnType.DATETIME))) {
            return ColumnType.STRING;
        }
        return conflict;
    }

    /** The inferred columns: all nullable; columns that only held nulls are strings. */
    List<Column> columns() {
        List<Column> columns = new ArrayList<>(types.size());
        types.forEach((name, type) -> columns.add(Column.of(name, type == null ? ColumnType.STRING : type)));
        return columns;
    }
}
