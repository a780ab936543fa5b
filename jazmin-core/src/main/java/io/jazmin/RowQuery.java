package io.jazmin;

import java.util.List;

/**
 * Which columns and which slice of rows to read: {@code RowQuery.all().withSelect(List.of("id"))
 * .withOffset(100).withLimit(10)}.
 *
 * @param select columns to return in this order, or empty for all columns
 * @param offset rows to skip
 * @param limit  most rows to return, or -1 for no limit
 */
public record RowQuery(List<String> select, long offset, long limit) {
    public RowQuery {
        select = select == null ? List.of() : List.copyOf(select);
        if (offset < 0) {
            throw new JazminValidationException("offset must not be negative, got " + offset);
        }
        if (limit < -1) {
            throw new JazminValidationException("limit must be -1 (none) or at least 0, got " + limit);
        }
    }

    /** Every column of every row. */
    public static RowQuery all() {
        return new RowQuery(List.of(), 0, -1);
    }

    public RowQuery withSelect(List<String> columns) {
        return new RowQuery(columns, offset, limit);
    }

    public RowQuery withOffset(long rows) {
        return new RowQuery(select, rows, limit);
    }

    public RowQuery withLimit(long rows) {
        return new RowQuery(select, offset, rows);
    }
}
