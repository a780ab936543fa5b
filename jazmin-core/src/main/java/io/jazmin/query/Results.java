package io.jazmin.query;

import io.jazmin.Explain;
import io.jazmin.JazminTable;
import io.jazmin.data.Filter;
import io.jazmin.data.RowQuery;
import io.jazmin.mapping.JazminMapper;
import io.jazmin.mapping.ObjectTable;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A built typed query, run on a table: what {@link Query} and {@link Projection} share. Each
 * operation runs the engine filter and row query the query compiled to ({@link #filter()},
 * {@link #rowQuery()}) exactly as {@link JazminTable#find(Filter, RowQuery)} would: the same
 * planning, indexes and statistics, and only the columns the filter, the order and the result type
 * use are read. A query is immutable, so one built once can run on any number of tables.
 *
 * @param <R> the type of the results
 */
public abstract sealed class Results<R> permits Query, Projection {
    Results() {
    }

    /** The engine filter the conditions compiled to, or {@code null} for every row. */
    public abstract Filter filter();

    /** The engine row query: the result type's columns, the order, offset and limit. */
    public abstract RowQuery rowQuery();

    /** The mapper building the results. */
    abstract JazminMapper<R> results();

    /** Whether the results are a projection (columns of the table the result type lacks are fine). */
    abstract boolean projection();

    /**
     * The matching rows as objects, lazily, chunk by chunk; close the stream (try-with-resources)
     * when not reading it to the end.
     *
     * @throws io.jazmin.mapping.MappingException when the table's schema does not fit the result type
     */
    public final Stream<R> stream(JazminTable table) {
        return objects(table).find(filter(), rowQuery());
    }

    /** The matching rows as a list. */
    public final List<R> list(JazminTable table) {
        try (Stream<R> rows = stream(table)) {
            return rows.toList();
        }
    }

    /** The first matching row (after the order and offset), or empty. */
    public final Optional<R> first(JazminTable table) {
        RowQuery q = rowQuery();
        try (Stream<R> rows = objects(table).find(filter(), q.limit() == 0 ? q : q.withLimit(1))) {
            return rows.findFirst();
        }
    }

    /**
     * How many rows {@link #list} would return: the matching rows counted by the engine (no objects
     * built, no member column read), less the offset, at most the limit.
     */
    public final long count(JazminTable table) {
        RowQuery q = rowQuery();
        long matching = table.count(filter());
        long left = Math.max(0, matching - q.offset());
        return q.limit() < 0 ? left : Math.min(left, q.limit());
    }

    /** Whether {@link #list} would return a row: stops at the first one, reading one column of it. */
    public final boolean exists(JazminTable table) {
        RowQuery q = rowQuery();
        if (q.limit() == 0) {
            return false;
        }
        // No order: whichever row comes first decides; the offset still counts rows to skip.
        RowQuery one = new RowQuery(List.of(table.columns().get(0).name()), List.of(), q.offset(), 1);
        try (var rows = table.find(filter(), one)) {
            return rows.findFirst().isPresent();
        }
    }

    /** The engine's plan for this query on {@code table} (strategy, index, chunks skipped, order), without running it. */
    public final Explain explain(JazminTable table) {
        RowQuery q = rowQuery();
        List<String> present = q.select().stream().filter(c -> table.columns().stream()
                .anyMatch(col -> col.name().equals(c))).toList();
        return table.explain(filter(), q.withSelect(present));
    }

    private ObjectTable<R> objects(JazminTable table) {
        return projection() ? results().projection(table) : results().table(table);
    }
}
