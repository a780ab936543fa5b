package io.jazmin.data;

import java.util.Objects;

/**
 * One key of a row order: a column, a direction and where null cells go. Immutable.
 *
 * <pre>{@code
 * RowQuery.all().orderBy(SortKey.desc("balance"), SortKey.asc("id")).withLimit(20)
 * }</pre>
 *
 * <p>Values compare by column type: bool {@code false < true}; int and datetime numerically;
 * float numerically with {@code -0.0} equal to {@code 0.0} and NaN after every number (last
 * ascending, first descending); decimal by numeric value ({@code 1.50} equals {@code 1.5});
 * string by UTF-16 unit (the spec's order, the one {@code sorted_by} files keep).
 * Binary, json, list and object columns have no order. Rows whose keys are all equal keep file
 * order (ascending row id), so every order is deterministic.
 *
 * @param column    the column name
 * @param direction ascending or descending
 * @param nulls     whether null cells come before or after every value (independent of direction)
 */
public record SortKey(String column, Direction direction, Nulls nulls, boolean ignoreCase) {

    /** The direction of a sort key. */
    public enum Direction {
        /** Smallest value first. */
        ASC,
        /** Largest value first. */
        DESC
    }

    /** Where null cells go, whatever the direction. */
    public enum Nulls {
        /** Nulls before every value. */
        FIRST,
        /** Nulls after every value. */
        LAST
    }

    public SortKey {
        Objects.requireNonNull(column, "column");
        Objects.requireNonNull(direction, "direction");
        Objects.requireNonNull(nulls, "nulls");
    }

    /** A key that compares strings as stored (case matters). */
    public SortKey(String column, Direction direction, Nulls nulls) {
        this(column, direction, nulls, false);
    }

    /** Ascending, nulls first (the order of a file's {@code sorted_by} columns). */
    public static SortKey asc(String column) {
        return new SortKey(column, Direction.ASC, Nulls.FIRST);
    }

    /** Descending, nulls last (the reverse of {@link #asc}). */
    public static SortKey desc(String column) {
        return new SortKey(column, Direction.DESC, Nulls.LAST);
    }

    /** This key with nulls before every value. */
    public SortKey nullsFirst() {
        return new SortKey(column, direction, Nulls.FIRST, ignoreCase);
    }

    /** This key with nulls after every value. */
    public SortKey nullsLast() {
        return new SortKey(column, direction, Nulls.LAST, ignoreCase);
    }

    /**
     * This key comparing strings without regard to case ({@link String#CASE_INSENSITIVE_ORDER});
     * only for string columns. Never served by file order.
     */
    public SortKey ignoringCase() {
        return new SortKey(column, direction, nulls, true);
    }

    public boolean descending() {
        return direction == Direction.DESC;
    }

    @Override
    public String toString() {
        return column + ":" + direction.name().toLowerCase(java.util.Locale.ROOT) + ":nulls-"
                + nulls.name().toLowerCase(java.util.Locale.ROOT) + (ignoreCase ? ":ignore-case" : "");
    }
}
