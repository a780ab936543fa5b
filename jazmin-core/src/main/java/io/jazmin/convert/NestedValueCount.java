package io.jazmin.convert;

import io.jazmin.error.InputLimitException;
import java.util.function.Supplier;

/**
 * Counts the values nested in one row's list and object values (each list item and object member) against
 * {@link TextLimits#maxRowValues()}: a boxed item costs ten to thirty times the bytes of its text, so the
 * row's length alone does not bound their memory.
 */
final class NestedValueCount {
    /** Counts nothing: for single values converted outside a row source. */
    static final NestedValueCount UNBOUNDED = new NestedValueCount(Integer.MAX_VALUE);

    private final int max;
    private int count;
    private long row;
    private String column;
    private Supplier<String> where;

    NestedValueCount(int max) {
        this.max = max;
    }

    /** Starts counting the values of row {@code row}; {@code where} says where the row is in its input. */
    void startRow(long row, Supplier<String> where) {
        if (max != Integer.MAX_VALUE) {
            this.count = 0;
            this.row = row;
            this.where = where;
        }
    }

    /** The top-level column whose value is read next. */
    void column(String name) {
        if (max != Integer.MAX_VALUE) {
            this.column = name;
        }
    }

    /** Counts one nested value. */
    void add() {
        if (max != Integer.MAX_VALUE && ++count > max) {
            throw new InputLimitException("row " + row + " (" + where.get() + "), column '" + Abbrev.of(column)
                    + "': more than " + max + " values nested in the row's list and object values", "maxRowValues",
                    max, 0, row, column);
        }
    }
}
