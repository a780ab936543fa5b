package io.jazmin.data;

import java.util.List;
import io.jazmin.error.JazminValidationException;

/**
 * Which columns, in which order and which slice of rows to read: {@code RowQuery.all()
 * .withSelect(List.of("id")).orderBy(SortKey.desc("balance"), SortKey.asc("id")).withOffset(100)
 * .withLimit(10)}.
 *
 * <p>Without an order rows come in file order. An order that is an ascending, nulls-first prefix
 * of the table's {@code sorted_by} (on columns other than strings) is served by file order too;
 * any other order reads only the sort and filter columns to rank the rows, then the other columns
 * of the returned rows only. A sorted query holds the keys of at most {@code offset + limit}
 * rows, and at most {@link #SORT_BUDGET_ROWS} ones: a sorted query without a limit (or with a
 * larger {@code offset + limit}) over more matching rows fails with a
 * {@link JazminValidationException} naming that budget.
 *
 * @param select columns to return in this order, or empty for all columns
 * @param order  the row order, or empty for file order
 * @param offset rows to skip (after ordering)
 * @param limit  most rows to return, or -1 for no limit
 */
public record RowQuery(List<String> select, List<SortKey> order, long offset, long limit) {
    /** The most rows whose sort keys a sorted query keeps in memory. */
    public static final int SORT_BUDGET_ROWS = 2_000_000;

    public RowQuery {
        select = select == null ? List.of() : List.copyOf(select);
        order = order == null ? List.of() : List.copyOf(order);
        if (offset < 0) {
            throw new JazminValidationException("offset must not be negative, got " + offset);
        }
        if (limit < -1) {
            throw new JazminValidationException("limit must be -1 (none) or at least 0, got " + limit);
        }
    }

    /** Columns and a slice in file order. */
    public RowQuery(List<String> select, long offset, long limit) {
        this(select, List.of(), offset, limit);
    }

    /** Every column of every row. */
    public static RowQuery all() {
        return new RowQuery(List.of(), List.of(), 0, -1);
    }

    public RowQuery withSelect(List<String> columns) {
        return new RowQuery(columns, order, offset, limit);
    }

    /** This query with the rows ordered by {@code keys}, the first key first (none: file order). */
    public RowQuery orderBy(SortKey... keys) {
        return withOrder(List.of(keys));
    }

    /** This query with the rows ordered by {@code keys} (empty: file order). */
    public RowQuery withOrder(List<SortKey> keys) {
        return new RowQuery(select, keys, offset, limit);
    }

    public RowQuery withOffset(long rows) {
        return new RowQuery(select, order, rows, limit);
    }

    public RowQuery withLimit(long rows) {
        return new RowQuery(select, order, offset, rows);
    }
}
