package io.jazmin.mapping;

import io.jazmin.schema.Column;
import io.jazmin.JazminWriter;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Writes objects of one type as rows of a new file (through {@link JazminWriter}: one chunk in
 * memory, the file's writer lock held, the target replaced only by {@link #finish()}; closing an
 * unfinished writer aborts it). An object that cannot be mapped is refused with a
 * {@link MappingException} before any of it is written; the writer stays usable. Not thread-safe.
 *
 * <pre>{@code
 * try (ObjectWriter<Customer> w = JazminMapper.forType(Customer.class).writer(path, WriteOptions.defaults())) {
 *     customers.forEach(w::write);
 *     w.finish();
 * }
 * }</pre>
 *
 * @param <T> the mapped type
 */
public final class ObjectWriter<T> implements AutoCloseable {
    private final JazminWriter writer;
    private final JazminMapper<T> mapper;
    private final MappingContext ctx;

    ObjectWriter(JazminMapper<T> mapper, Function<List<Column>, JazminWriter> create) {
        this.mapper = mapper;
        this.ctx = mapper.context();
        this.writer = create.apply(mapper.schema().columns());
    }

    /** Writes one object as the next row. */
    public void write(T object) {
        writer.writeValues(mapper.cellArray(object, ctx, writer.rowCount()));
    }

    /** Writes every object, in order. */
    public void writeAll(Iterable<? extends T> objects) {
        objects.forEach(this::write);
    }

    /** Writes every object of a stream, in order. */
    public void writeAll(Stream<? extends T> objects) {
        objects.forEachOrdered(this::write);
    }

    /** Rows written so far. */
    public long rowCount() {
        return writer.rowCount();
    }

    /** Completes the file and moves it into place. */
    public void finish() {
        writer.finish();
    }

    /** Abandons the file; the target is unchanged. */
    public void abort() {
        writer.abort();
    }

    /** Aborts the file unless it was finished: the target is then unchanged. */
    @Override
    public void close() {
        writer.close();
    }
}
