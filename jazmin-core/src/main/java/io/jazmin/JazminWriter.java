package io.jazmin;

import io.jazmin.writer.FileWriter;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Writes a JAZMIN file row by row, holding only the current chunk in memory. The file is written
 * to a temporary file beside {@code path} and moved into place by {@link #finish()}; if anything
 * fails (or {@link #abort()} is called) the target is left untouched.
 *
 * <pre>{@code
 * try (JazminWriter w = JazminWriter.create(path, columns, WriteOptions.defaults())) {
 *     w.writeValues(1L, "Ann");
 *     w.finish();
 * }
 * }</pre>
 *
 * {@link #close()} finishes a writer that was neither finished nor aborted and had no failed
 * write; after a failure it aborts. Not thread-safe.
 */
public final class JazminWriter implements AutoCloseable {
    private final FileWriter file;
    private boolean failed;

    private JazminWriter(FileWriter file) {
        this.file = file;
    }

    /** Starts writing a one-table file with {@code columns}. */
    public static JazminWriter create(Path path, List<Column> columns, WriteOptions options) {
        FileWriter file = new FileWriter(path, options);
        try {
            file.startTable(options.tableName(), columns, options);
        } catch (RuntimeException e) {
            file.abort();
            throw e;
        }
        return new JazminWriter(file);
    }

    /** Writes all {@code rows} (by column name) to a new file in one call. */
    public static void write(Path path, List<Column> columns, WriteOptions options,
                             Iterator<? extends Map<String, ?>> rows) {
        try (JazminWriter w = create(path, columns, options)) {
            w.writeRows(rows);
            w.finish();
        }
    }

    /**
     * Starts another table in the same file; the rows written from now on go to it.
     *
     * @param tableOptions chunking and sort order of the new table (codec and metadata are the file's)
     */
    public void startTable(String name, List<Column> columns, WriteOptions tableOptions) {
        guard(() -> file.startTable(name, columns, tableOptions));
    }

    /**
     * Writes one row given by column name; absent columns are null. Values: {@link Boolean},
     * {@link Long} (or Integer/Short/Byte/BigInteger), {@link Double} (or Float),
     * {@link java.math.BigDecimal}, {@link String}, {@link java.time.Instant} (millisecond precision),
     * {@code byte[]}, {@link JsonText}.
     *
     * @throws InvalidRowException when the row does not fit the columns (nothing of it is written)
     */
    public void writeRow(Map<String, ?> row) {
        guard(() -> file.add(row));
    }

    /** Writes one row given in column order. */
    public void writeValues(Object... values) {
        guard(() -> file.add(values));
    }

    /** Writes every row of an iterator. */
    public void writeRows(Iterator<? extends Map<String, ?>> rows) {
        while (rows.hasNext()) {
            writeRow(rows.next());
        }
    }

    /** Writes every row of a stream. */
    public void writeRows(Stream<? extends Map<String, ?>> rows) {
        writeRows(rows.iterator());
    }

    /** Rows written to the current table so far. */
    public long rowCount() {
        return file.rowCount();
    }

    /** Completes the file and moves it into place. */
    public void finish() {
        guard(file::finish);
    }

    /** Abandons the file; nothing is left behind and the target is unchanged. */
    public void abort() {
        file.abort();
    }

    private void guard(Runnable action) {
        try {
            action.run();
        } catch (RuntimeException | Error e) {
            failed = true;
            throw e;
        }
    }

    @Override
    public void close() {
        if (file.isClosed()) {
            return;
        }
        if (failed) {
            file.abort();
        } else {
            file.finish();
        }
    }
}
