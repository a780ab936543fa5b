package io.jazmin.mapping;

import io.jazmin.data.Filter;
import io.jazmin.JazminTable;
import io.jazmin.data.RowQuery;
import io.jazmin.internal.query.MatchBatch;
import io.jazmin.internal.query.QueryStats;
import io.jazmin.internal.reader.TableAccess;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A table read as objects of one type. Only the columns the type maps are decoded; streams are lazy
 * (chunk by chunk) and sequential.
 *
 * <pre>{@code
 * ObjectTable<Customer> customers = JazminMapper.forType(Customer.class).table(reader);
 * long n = customers.count(Filter.eq("country", "NA"));
 * List<Customer> some = customers.find(Filter.gt("age", 80), RowQuery.all().withLimit(10)).toList();
 * Optional<Customer> one = customers.get(42);
 * List<Contact> contacts = customers.project(Contact.class).stream().toList(); // reads 2 columns
 * }</pre>
 *
 * @param <T> the mapped type
 */
public final class ObjectTable<T> {
    private final JazminMapper<T> mapper;
    private final JazminTable table;
    private final RowMapper<T> rows;

    ObjectTable(JazminMapper<T> mapper, JazminTable table, RowMapper<T> rows) {
        this.mapper = mapper;
        this.table = table;
        this.rows = rows;
    }

    /** The underlying table. */
    public JazminTable table() {
        return table;
    }

    /** Every row as an object, in file order. */
    public Stream<T> stream() {
        return find(null, RowQuery.all());
    }

    /** The rows matching {@code filter} ({@code null} for all), in file order. */
    public Stream<T> find(Filter filter) {
        return find(filter, RowQuery.all());
    }

    /**
     * The rows matching {@code filter} with the order, offset and limit of {@code query}; its column
     * selection is replaced by the columns the type maps.
     */
    public Stream<T> find(Filter filter, RowQuery query) {
        MappingContext ctx = mapper.context();
        Iterator<MatchBatch> batches = TableAccess.engine(JazminTable.class, table).batches(filter,
                query.withSelect(rows.select()), new QueryStats());
        return StreamSupport.stream(new Mapped<>(batches, rows, ctx), false);
    }

    /**
     * The objects of the engine's batches, built straight from each chunk's decoded vectors (no
     * {@code Row} per row in between). Used rather than {@code Stream.map}, which passes every object of
     * an iterated stream through a buffer.
     */
    private static final class Mapped<T> extends Spliterators.AbstractSpliterator<T> {
        private final Iterator<MatchBatch> batches;
        private final RowMapper<T> rows;
        private final MappingContext ctx;
        private MatchBatch batch;
        private int next;

        Mapped(Iterator<MatchBatch> batches, RowMapper<T> rows, MappingContext ctx) {
            super(Long.MAX_VALUE, Spliterator.ORDERED | Spliterator.NONNULL);
            this.batches = batches;
            this.rows = rows;
            this.ctx = ctx;
        }

        @Override
        public boolean tryAdvance(Consumer<? super T> action) {
            while (batch == null || next >= batch.count()) {
                if (!batches.hasNext()) {
                    return false;
                }
                batch = batches.next();
                next = 0;
            }
            int p = batch.positions()[next++];
            action.accept(rows.map(batch.selected(), p, batch.chunk().rowStart() + p, ctx));
            return true;
        }
    }

    /** The object of row {@code rowId}, or empty when there is none or it was deleted. */
    public Optional<T> get(long rowId) {
        return table.get(rowId).map(row -> rows.map(row, mapper.context(), true));
    }

    /**
     * The object whose {@code @JazminId} member equals {@code id} (first in file order).
     *
     * @throws MappingException when the type has no {@code @JazminId} member
     */
    public Optional<T> findById(Object id) {
        String column = mapper.schema().idColumn();
        if (column == null) {
            throw MappingException.schema(MappingException.Reason.UNSUPPORTED_TYPE, mapper.type().getName(),
                    "has no @JazminId member");
        }
        List<Property> properties = mapper.model().properties();
        int i = 0;
        while (!properties.get(i).name().equals(column)) {
            i++;
        }
        MappingContext ctx = mapper.context();
        ctx.column(column);
        Object key = mapper.converters().get(i).toCell(id, ctx);
        try (Stream<T> found = find(Filter.eq(column, key), RowQuery.all().withLimit(1))) {
            return found.findFirst();
        }
    }

    /** Counts the rows matching {@code filter} (no objects are built). */
    public long count(Filter filter) {
        return table.count(filter);
    }

    /**
     * The same table read as {@code type}, a smaller record or POJO whose members are some of the
     * columns: only those columns are decoded. Uses this table's mapping options.
     */
    public <P> ObjectTable<P> project(Class<P> type) {
        return JazminMapper.forType(type, mapper.options()).projection(table);
    }
}
