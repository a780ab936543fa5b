package io.jazmin.spring.data.core;

import io.jazmin.options.WriteOptions;
import io.jazmin.spring.data.core.query.RowReader;
import io.jazmin.WriteLock;
import java.util.Map;

/**
 * How rows of one kind (entities, or maps for named files) are read, written and ordered.
 *
 * @param <T> the row type
 */
interface RowCodec<T> {

    /** Reads whole rows of this kind. */
    RowReader<T> reader();

    /** The cell value of {@code column} in {@code row}, as the engine orders it. */
    Object cell(T row, String column);

    /** {@code row} as cells by column name, as an append takes them. */
    Map<String, ?> cells(T row);

    /** {@code options} plus what this kind declares (an entity's indexes and sort order). */
    WriteOptions declared(WriteOptions options);

    /**
     * Starts writing {@code held}'s file, which does not exist yet, under that writer lock (the
     * caller's), with this kind's columns.
     */
    Sink<T> open(WriteLock held, WriteOptions options);

    /** A file being written; {@link #close()} without {@link #finish()} leaves the target unchanged. */
    interface Sink<T> extends AutoCloseable {
        void write(T row);

        void finish();

        @Override
        void close();
    }
}
