package io.jazmin.spring.data.core.query;

import io.jazmin.data.Filter;
import io.jazmin.JazminTable;
import io.jazmin.data.RowQuery;
import io.jazmin.mapping.JazminMapper;
import io.jazmin.mapping.ObjectTable;
import java.util.stream.Stream;

/**
 * Reads rows as records or POJOs through the engine's object mapping: an entity reads all its
 * columns; a projection (a smaller record or class) reads only the columns it has.
 *
 * @param <T> the mapped type
 */
public final class MappedRowReader<T> implements RowReader<T> {
    private final JazminMapper<T> mapper;
    private final boolean projection;

    private MappedRowReader(JazminMapper<T> mapper, boolean projection) {
        this.mapper = mapper;
        this.projection = projection;
    }

    /** Reads whole entities: the file's columns must match the type (strict mapping). */
    public static <T> MappedRowReader<T> entity(JazminMapper<T> mapper) {
        return new MappedRowReader<>(mapper, false);
    }

    /** Reads a projection type: only the columns it maps, other columns ignored. */
    public static <T> MappedRowReader<T> projection(Class<T> type) {
        return new MappedRowReader<>(JazminMapper.forType(type), true);
    }

    /**
     * Whether this reader builds whole entities (rather than a projection type), which the
     * template hands to the entity's {@code AfterConvert} callbacks and events.
     */
    public boolean readsEntities() {
        return !projection;
    }

    @Override
    public Stream<T> find(JazminTable table, Filter filter, RowQuery rows) {
        return objects(table).find(filter, rows);
    }

    private ObjectTable<T> objects(JazminTable table) {
        return projection ? mapper.projection(table) : mapper.table(table);
    }
}
