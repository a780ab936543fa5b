package io.jazmin;

import io.jazmin.export.SavedShape;
import io.jazmin.internal.writer.FullFileWriter;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import io.jazmin.schema.Column;
import io.jazmin.error.JazminIoException;
import io.jazmin.options.WriteOptions;
import io.jazmin.files.FileInput;

/**
 * Writes a JAZMIN file row by row, holding only the current chunk in memory. The file is written
 * to a temporary file beside {@code path} and moved into place by {@link #finish()} only: all or
 * nothing. If anything fails, or the writer is closed or {@link #abort() aborted} before
 * {@code finish()}, the target is left byte for byte as it was and no temporary file remains.
 * From {@code create} until then the writer holds the file's writer lock {@code <path>.lock}, like
 * appends, updates and compaction do, so no other writer can change the file in between.
 *
 * <pre>{@code
 * try (JazminWriter w = JazminWriter.create(path, columns, WriteOptions.defaults())) {
 *     w.writeValues(1L, "Ann");
 *     w.finish();
 * }
 * }</pre>
 *
 * {@link #close()} aborts a writer that was not finished: a row source that fails half way
 * (an exception thrown out of the try block) never leaves a shortened file. Not thread-safe.
 */
public final class JazminWriter implements AutoCloseable {
    private final FullFileWriter file;

    private JazminWriter(FullFileWriter file) {
        this.file = file;
    }

    /**
     * Starts writing a one-table file with {@code columns}, taking the file's writer lock.
     *
     * @throws FileLockedException when another writer (an append, update, compaction or full write)
     *                             holds {@code <path>.lock}; the file is left unchanged
     * @throws JazminIoException   when the lock or the temporary file cannot be created
     */
    public static JazminWriter create(Path path, List<Column> columns, WriteOptions options) {
        return start(new FullFileWriter(path, options), columns, options);
    }

    /**
     * Starts writing a new version of {@code held}'s file, for a caller that holds its writer lock
     * already (to read the current version first, say). The caller keeps the lock and releases it
     * after this writer is finished or aborted.
     */
    public static JazminWriter create(WriteLock held, List<Column> columns, WriteOptions options) {
        return start(new FullFileWriter(held.engineLock(), options), columns, options);
    }

    /**
     * Starts writing a one-table file to {@code out}: the same bytes as {@link #create(Path, List,
     * WriteOptions)} makes for a path (an object store upload, an HTTP response, memory). The file is
     * built in an owner-only temporary file of the system's temporary folder (encrypted files are
     * encrypted there too) and copied to {@code out} by {@link #finish()}, which then flushes it; a
     * write that fails or is aborted before sends nothing. The stream is never closed. No writer lock
     * is taken.
     *
     * @throws JazminIoException when the temporary file cannot be created
     */
    public static JazminWriter create(OutputStream out, List<Column> columns, WriteOptions options) {
        java.util.Objects.requireNonNull(out, "out");
        return start(new FullFileWriter(out, "the output stream", options), columns, options);
    }

    /**
     * Starts writing a one-table file to {@code out}, as {@link #create(OutputStream, List,
     * WriteOptions)} does; the channel is never closed.
     */
    public static JazminWriter create(WritableByteChannel out, List<Column> columns, WriteOptions options) {
        java.util.Objects.requireNonNull(out, "out");
        return start(new FullFileWriter(Channels.newOutputStream(out), "the output channel", options), columns,
                options);
    }

    private static JazminWriter start(FullFileWriter file, List<Column> columns, WriteOptions options) {
        try {
            file.startTable(options.tableName(), columns, options);
        } catch (RuntimeException e) {
            file.abort();
            throw e;
        }
        return new JazminWriter(file);
    }

    /**
     * Writes all {@code rows} (by column name) to a new file in one call. When {@code rows} (or a
     * row) fails, the target is left as it was.
     */
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
        abortOnIoFailure(() -> file.startTable(name, columns, tableOptions));
    }

    /**
     * Writes one row given by column name; absent columns are null. Values: {@link Boolean},
     * {@link Long} (or Integer/Short/Byte/BigInteger), {@link Double} (or Float),
     * {@link java.math.BigDecimal}, {@link String}, {@link java.time.Instant} (millisecond precision),
     * {@code byte[]}, {@link JsonText}.
     *
     * @throws InvalidRowException when the row does not fit the columns (nothing of it is written)
     * @throws JazminIoException   when the temporary file cannot be written (the writer is aborted)
     * @throws IllegalStateException when the writer is already finished or aborted (a programming error)
     */
    public void writeRow(Map<String, ?> row) {
        abortOnIoFailure(() -> file.add(row));
    }

    /** Writes one row given in column order. */
    public void writeValues(Object... values) {
        abortOnIoFailure(() -> file.add(values));
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

    /**
     * Stores an embedded file (spec §1.23) now, in blocks of 256 KiB; identical contents are
     * stored once. May be called at any point before {@link #finish()}, between rows too.
     *
     * @throws JazminValidationException when the path (relative, {@code /}-separated, unique),
     *                                   type, groups or actions are not valid (the writer stays usable)
     * @throws JazminIoException         when the bytes cannot be read or written (the writer is aborted)
     */
    public void addFile(FileInput input) {
        abortOnIoFailure(() -> file.addFile(input));
    }

    /** Stores {@code bytes} as embedded file {@code path} of media type {@code type}, seen by {@code groups}. */
    public void addFile(String path, byte[] bytes, String type, List<String> groups) {
        addFile(FileInput.of(path, bytes, type, groups));
    }

    /** Stores the bytes {@code stream} gives until its end (it is not closed) as embedded file {@code path}. */
    public void addFile(String path, java.io.InputStream stream, String type, List<String> groups) {
        addFile(FileInput.of(path, stream, type, groups));
    }

    /** Stores the bytes of local file {@code local} as embedded file {@code path}. */
    public void addFile(String path, Path local, String type, List<String> groups) {
        addFile(FileInput.of(path, local, type, groups));
    }

    /**
     * Sets the file's {@code package} (spec §1.23): a JSON object of {@code entry} (an embedded
     * file's path), {@code title}, {@code allowedOrigins} (https origins), {@code allowWasm},
     * {@code pdf} (page settings) and {@code edit} (spec §1.22); {@code ""} for none. The entry and
     * the columns {@code edit} names are checked at {@link #finish()}, which then fails and leaves
     * the target as it was.
     *
     * @throws JazminValidationException naming the field when the package holds anything else or a
     *                                   value of the wrong kind
     */
    public void setPackage(String json) {
        file.setPackage(json);
    }

    /**
     * Saves export shape {@code shape} in the file under its name (spec §1.23; a shape saved again
     * under the same name replaces it). The shapes are checked at {@link #finish()}, which then
     * fails and leaves the target as it was: names of 1 to 200 characters, descriptions of at most
     * 2,000, one default per group, at most 1,000 shapes, and each must fit its table's columns.
     * {@link JazminReader#shapes()} lists them. In a shared file the shape is saved for its file
     * groups, and {@link #finish()} also refuses it when a key that sees one of them cannot see
     * every column it uses (spec §1.23).
     */
    public void saveShape(SavedShape shape) {
        file.saveShape(shape);
    }

    /** Rows written to the current table so far. */
    public long rowCount() {
        return file.rowCount();
    }

    /**
     * Completes the file, moves it into place and releases the writer lock (a file written to a
     * stream is copied to it instead, and the stream flushed).
     *
     * @throws JazminIoException     when the file cannot be written or moved into place (the target is unchanged)
     * @throws IllegalStateException when the writer is already finished or aborted (a programming error)
     */
    public void finish() {
        file.finish();
    }

    /** Abandons the file and releases the writer lock; nothing is left behind and the target is unchanged. */
    public void abort() {
        file.abort();
    }

    /**
     * A refused row leaves the writer usable; a failed write of the temporary file may have left
     * part of a chunk in it, so the writer is abandoned at once and can never finish that file.
     */
    private void abortOnIoFailure(Runnable action) {
        try {
            action.run();
        } catch (JazminIoException | Error e) {
            file.abort();
            throw e;
        }
    }

    /** Aborts the writer unless it was finished or aborted already. */
    @Override
    public void close() {
        if (!file.isClosed()) {
            file.abort();
        }
    }
}
