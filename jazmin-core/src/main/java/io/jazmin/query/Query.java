package io.jazmin.query;

import io.jazmin.data.Filter;
import io.jazmin.data.RowQuery;
import io.jazmin.data.SortKey;
import io.jazmin.mapping.JazminMapper;
import io.jazmin.schema.Column;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A typed query on the records or POJOs a {@link JazminMapper} maps: conditions and an order written
 * against the type's accessors, compiled to the engine's {@link Filter} and {@link RowQuery} as it
 * is built. Immutable: each step returns a new query.
 *
 * <pre>{@code
 * import static io.jazmin.query.Where.field;
 *
 * Query<Customer> old = Query.of(Customer.class)
 *         .where(field(Customer::country).eq("NA").and(field(Customer::age).gt(80)))
 *         .orderBy(Order.desc(Customer::age), Order.asc(Customer::name))
 *         .limit(10);
 * try (JazminReader reader = JazminReader.open(path)) {
 *     List<Customer> found = old.list(reader.table());
 *     long all = old.count(reader.table());
 *     List<Contact> contacts = old.select(Contact.class).list(reader.table()); // reads fewer columns
 * }
 * // the same as reader.table().find(Filter.eq("country", "NA").and(Filter.gt("age", 80)),
 * //     RowQuery.all().orderBy(SortKey.desc("age"), SortKey.asc("name")).withLimit(10))
 * }</pre>
 *
 * <p>Each accessor is resolved to its column once per type and call site; misuse is an
 * {@link InvalidQueryException} from the step that brings it in ({@link #where}, {@link #orderBy},
 * {@link #select}), never when the query runs: an accessor that is not a mapped member, a
 * comparison the column's type cannot serve ({@code contains} on a number, {@code lt} on a json
 * column), an order on a column without one, a projection member that is not a column.
 *
 * @param <T> the mapped type
 */
public final class Query<T> extends Results<T> {
    private final TypeColumns<T> columns;
    private final Filter filter;
    private final List<SortKey> order;
    private final long offset;
    private final long limit;

    private Query(TypeColumns<T> columns, Filter filter, List<SortKey> order, long offset, long limit) {
        this.columns = columns;
        this.filter = filter;
        this.order = order;
        this.offset = offset;
        this.limit = limit;
    }

    /** Every object of {@code type} (mapped with default options), in file order. */
    public static <T> Query<T> of(Class<T> type) {
        return of(JazminMapper.forType(type));
    }

    /** Every object {@code mapper} maps (with its options), in file order. */
    public static <T> Query<T> of(JazminMapper<T> mapper) {
        return new Query<>(TypeColumns.of(mapper), null, List.of(), 0, -1);
    }

    /**
     * Only the rows matching {@code condition} (and any earlier {@code where}).
     *
     * @throws InvalidQueryException when the condition does not fit the type's columns
     */
    public Query<T> where(Condition<T> condition) {
        if (condition == null) {
            throw new InvalidQueryException("the condition is null");
        }
        Filter added = condition.compile(columns);
        Filter joined;
        if (filter == null) {
            joined = added;
        } else if (filter instanceof Filter.And and) {
            List<Filter> parts = new ArrayList<>(and.parts());
            parts.add(added);
            joined = new Filter.And(parts);
        } else {
            joined = filter.and(added);
        }
        return new Query<>(columns, joined, order, offset, limit);
    }

    /**
     * Rows ordered by {@code keys}, after the keys of any earlier {@code orderBy}; rows equal on
     * every key keep file order.
     *
     * @throws InvalidQueryException when a key's column has no order
     */
    @SafeVarargs
    public final Query<T> orderBy(Order<T>... keys) {
        List<SortKey> all = new ArrayList<>(order);
        for (Order<T> key : keys) {
            if (key == null) {
                throw new InvalidQueryException("an order key is null");
            }
            all.add(key.compile(columns));
        }
        return new Query<>(columns, filter, List.copyOf(all), offset, limit);
    }

    /** The first {@code rows} matching rows skipped (after the order). */
    public Query<T> offset(long rows) {
        if (rows < 0) {
            throw new InvalidQueryException("offset must not be negative, got " + rows);
        }
        return new Query<>(columns, filter, order, rows, limit);
    }

    /** At most {@code rows} rows returned. */
    public Query<T> limit(long rows) {
        if (rows < 0) {
            throw new InvalidQueryException("limit must not be negative, got " + rows);
        }
        return new Query<>(columns, filter, order, offset, rows);
    }

    /**
     * The same rows read as {@code type}, a record or POJO whose members are some of this type's
     * columns (same names and types): only those columns, and the ones the filter and order use, are
     * read. Mapped with this query's mapping options.
     *
     * @throws InvalidQueryException when a member of {@code type} is not a column of this type
     */
    public <P> Projection<P> select(Class<P> type) {
        JazminMapper<P> projected = JazminMapper.forType(type, columns.mapper().options());
        Map<String, Column> own = columns.mapper().schema().columns().stream()
                .collect(Collectors.toMap(Column::name, Function.identity()));
        for (Column c : projected.schema().columns()) {
            Column mine = own.get(c.name());
            if (mine == null || mine.type() != c.type()) {
                throw new InvalidQueryException(type.getName() + " member '" + c.name() + "' ("
                        + c.type().typeName() + ") is not a column of " + columns.mapper().type().getName()
                        + (mine == null ? "" : ", which stores it as " + mine.type().typeName()));
            }
        }
        return new Projection<>(projected, filter, rowQuery());
    }

    @Override
    public Filter filter() {
        return filter;
    }

    @Override
    public RowQuery rowQuery() {
        return new RowQuery(columns.mapper().schema().columns().stream().map(Column::name).toList(), order, offset,
                limit);
    }

    @Override
    JazminMapper<T> results() {
        return columns.mapper();
    }

    @Override
    boolean projection() {
        return false;
    }

    @Override
    public String toString() {
        return "Query<" + columns.mapper().type().getSimpleName() + "> " + (filter == null ? "{}" : filter.toJson())
                + " " + rowQuery();
    }
}
