package io.jazmin;

import io.jazmin.internal.reader.EmbeddedFiles;
import io.jazmin.internal.reader.FileOpener;
import io.jazmin.internal.reader.OpenedFile;
import io.jazmin.internal.reader.StorageReport;
import io.jazmin.internal.reader.TableReader;
import io.jazmin.internal.wire.ByteSource;
import io.jazmin.internal.wire.Preamble;
import io.jazmin.key.JazminKey;
import java.io.IOException;
import java.io.InputStream;
import io.jazmin.internal.shape.CompiledShape;
import io.jazmin.internal.shape.SavedShapes;
import io.jazmin.internal.shape.ShapeCompiler;
import io.jazmin.internal.shape.ShapeRunner;
import io.jazmin.internal.shape.ShapeSchema;
import java.io.OutputStream;
import io.jazmin.source.RandomAccessSource;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import io.jazmin.error.JazminIoException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.options.Parallelism;
import io.jazmin.options.ReadOptions;
import io.jazmin.schema.Storage;
import java.util.Optional;
import io.jazmin.files.EmbeddedFile;
import io.jazmin.files.FileActions;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import io.jazmin.export.ExportShape;
import io.jazmin.data.Filter;
import io.jazmin.convert.JsonShapeOutput;
import io.jazmin.options.Priority;
import io.jazmin.export.SavedShape;
import io.jazmin.error.ShapeException;
import io.jazmin.export.ShapeOutput;

/**
 * An open JAZMIN file. Opening reads only the preamble, the trailer and the header; chunk
 * directories and chunks are read when rows are asked for. A reader keeps seeing the version it
 * opened even if the file is appended to meanwhile. Not thread-safe: use one reader per thread.
 *
 * <pre>{@code
 * try (JazminReader reader = JazminReader.open(path)) {
 *     reader.table().rows().forEach(row -> System.out.println(row.get("name")));
 * }
 * }</pre>
 */
public final class JazminReader implements AutoCloseable {
    private final List<JazminTable> tables;
    private final OpenedFile file;
    private final Priority priority;
    private EmbeddedFiles embedded;

    private JazminReader(OpenedFile file, Parallelism parallelism) {
        this.file = file;
        this.priority = parallelism.priority();
        List<JazminTable> list = new ArrayList<>();
        for (int t = 0; t < file.header().tables().size(); t++) {
            list.add(new JazminTable(new TableReader(file.table(t), parallelism)));
        }
        this.tables = List.copyOf(list);
    }

    /**
     * Opens a plain (unencrypted) file.
     *
     * @throws JazminFormatException       when the file is not a valid JAZMIN 1.0 file
     * @throws JazminKeyException          when the file is encrypted
     * @throws UnsupportedFeatureException when the file needs a feature this library lacks
     * @throws JazminIoException          when the file cannot be read
     */
    public static JazminReader open(Path path) {
        return open(path, ReadOptions.defaults());
    }

    /**
     * Opens a file with the key or password in {@code options} (none for a plain file).
     *
     * @throws JazminFormatException       when the file is not a valid JAZMIN 1.0 file, or was changed, or
     *                                     exceeds the options' {@link ReadLimits}, or is an earlier
     *                                     version while {@link ReadOptions#requireLatest()} is set
     * @throws JazminKeyException          when the secret does not fit: wrong key or password, none
     *                                     for an encrypted file, one for a plain file
     * @throws UnsupportedFeatureException when the file needs a feature this library lacks
     * @throws JazminIoException          when the file cannot be read
     */
    public static JazminReader open(Path path, ReadOptions options) {
        return of(FileOpener.openReusingChannel(path, options), options.parallelism());
    }

    /** Opens a plain file held in memory. */
    public static JazminReader open(byte[] bytes) {
        return open(bytes, ReadOptions.defaults());
    }

    /** Opens a file held in memory with the key or password in {@code options}. */
    public static JazminReader open(byte[] bytes, ReadOptions options) {
        return open(ByteSource.of(bytes), options);
    }

    /**
     * Opens a file read through {@code source} (a channel, an HTTP server, an object store) with the
     * key or password in {@code options}; the reader reads only the byte ranges its queries need,
     * and closes the source when it is closed (also when the open fails).
     *
     * @throws JazminIoException when the source fails a read, or its file changed since it was
     *                           opened (the cause is then a {@link io.jazmin.source.SourceChangedException})
     * @see #open(Path, ReadOptions) for the other failures
     */
    public static JazminReader open(RandomAccessSource source, ReadOptions options) {
        ByteSource bytes;
        try {
            bytes = ByteSource.of(source);
        } catch (RuntimeException e) {
            closeQuietly(source, e);
            throw e;
        }
        try {
            return open(bytes, options);
        } catch (RuntimeException e) {
            closeQuietly(bytes, e);
            throw e;
        }
    }

    private static JazminReader open(ByteSource source, ReadOptions options) {
        return of(FileOpener.open(source, options), options.parallelism());
    }

    private static JazminReader of(OpenedFile file, Parallelism parallelism) {
        return new JazminReader(file, parallelism);
    }

    /** The names of the tables, in file order (a single-table file's table is usually named ""). */
    public List<String> tableNames() {
        return tables.stream().map(JazminTable::name).toList();
    }

    /** The first table. */
    public JazminTable table() {
        return tables.get(0);
    }

    /** The table named {@code name}. */
    public JazminTable table(String name) {
        for (JazminTable t : tables) {
            if (t.name().equals(name)) {
                return t;
            }
        }
        throw new JazminValidationException("no table named '" + name + "'; tables: " + tableNames());
    }

    /** All tables in file order. */
    public List<JazminTable> tables() {
        return tables;
    }

    /** Application metadata as a JSON object text ({@code "{}"} when none). */
    public String metadata() {
        return file.metadata();
    }

    /** The file id (changes with every full write) as 32 lower-case hex digits. */
    public String fileId() {
        return HexFormat.of().formatHex(file.version().preamble().fileId());
    }

    public boolean encrypted() {
        return file.version().preamble().has(Preamble.ENCRYPTED);
    }

    public boolean passwordProtected() {
        return file.version().preamble().has(Preamble.PASSWORD);
    }

    public boolean accessControlled() {
        return file.version().preamble().has(Preamble.ACCESS);
    }

    /** Whether an access-controlled file was opened with its owner key (which sees everything). */
    public boolean ownerKey() {
        return file.grant() != null && file.grant().owner();
    }

    /**
     * The id of the owner or access key that opened this access-controlled file (16 lower-case hex
     * digits, safe to log), or {@code null} for other files.
     */
    public String accessKeyId() {
        return file.grant() == null ? null : file.grant().keyId();
    }

    /**
     * The names of the partitions this reader sees in an access-controlled file: an access key's
     * granted partitions (the partition of a table without a partition column is named {@code *});
     * for the owner key every partition of the file (read from the owner directory). Empty for other
     * files.
     *
     * @throws JazminFormatException when the owner directory is damaged
     */
    public List<String> visiblePartitions() {
        return file.visiblePartitions();
    }

    /**
     * The embedded-file groups (spec §1.23) this reader sees in an access-controlled file: for the
     * owner key every group of the file; for an access key the groups named like its partitions that
     * hold files. A holder also opens group {@code *} and the groups its grant names, but the file
     * stores only their ids, so they are not listed. Empty for other files.
     *
     * @throws JazminFormatException when the owner directory is damaged
     */
    public List<String> visibleFileGroups() {
        return file.visibleFileGroups();
    }

    /**
     * The column groups this reader sees, over all tables, in file order: every group for the owner
     * key and for files that are not access-controlled, the granted ones for an access key.
     */
    public List<String> visibleColumnGroups() {
        java.util.LinkedHashSet<String> out = new java.util.LinkedHashSet<>();
        tables.forEach(t -> out.addAll(t.visibleColumnGroups()));
        return List.copyOf(out);
    }

    /**
     * The submission key of the access key that opened this shared file (spec §1.21): the key of
     * the ordinary key files the holder sends back to the owner, who derives the same key with
     * {@link JazminKey#submissionKey(String)}. {@code null} for the owner key, for files that are
     * not access-controlled, and when the file's writer put none in the key's bundle.
     */
    public JazminKey submissionKey() {
        return file.grant() == null ? null : file.grant().submission();
    }

    /** The engine side of this reader: the version it opened. */
    OpenedFile engine() {
        return file;
    }

    /** When the access key's grant expires, or {@code null} when it does not (or for other files). */
    public Instant accessExpires() {
        return file.grant() == null ? null : file.grant().expires();
    }

    /**
     * Live rows, over all tables, that the key which opened this file may not see (see
     * {@link JazminTable#hiddenRowCount()}); 0 for files that are not access-controlled.
     */
    public long hiddenRowCount() {
        return tables.stream().mapToLong(JazminTable::hiddenRowCount).sum();
    }

    /** Whether the file has been appended to since its last full write. */
    public boolean appended() {
        return file.version().preamble().has(Preamble.APPENDED);
    }

    /** Whether an unfinished append was skipped and an earlier version is being read. */
    public boolean recovered() {
        return file.version().recovered();
    }

    /**
     * Whether the reader can tell it reads an earlier version than the file once held: it
     * {@link #recovered()} past an unfinished or cut append, or the file is marked appended yet this
     * version has no appends (cut back at the trailer of its last full write, or its first append
     * stopped before writing anything). The rows are then older: appended rows are missing and
     * later deletes undone.
     *
     * <p>Rollback limit (spec §1.24, §4): {@code false} does not prove the version is the latest. An
     * appended file cut back at the trailer of an earlier append is a complete, valid (and in
     * encrypted files authentic) older version; only a caller that remembers the
     * {@link #appendCount()} it saw can detect that, with {@link ReadOptions#withRequireLatest(long)}.
     */
    public boolean earlierVersion() {
        return file.earlierVersion();
    }

    public long appendCount() {
        return file.header().appendCount();
    }

    /** When the file version was first written. */
    public Instant createdAt() {
        return Instant.ofEpochMilli(file.header().created());
    }

    /** When the last append was written, or {@code null} if never appended. */
    public Instant modifiedAt() {
        return file.header().modified() == 0 ? null : Instant.ofEpochMilli(file.header().modified());
    }

    /**
     * The embedded files (spec §1.23), in directory order. In a shared file, only those of the file
     * groups the key sees; the owner gets each file's group names, an access key none (it does not
     * learn them).
     *
     * @throws JazminFormatException when the embedded-file directory is damaged
     */
    public List<EmbeddedFile> files() {
        EmbeddedFiles all = embedded();
        return all.files().stream().map(e -> {
            var content = all.content(e);
            return new EmbeddedFile(e.path(), e.type(), e.groups(), content.size(), content.sha256());
        }).toList();
    }

    /**
     * The bytes of the embedded file at {@code path}, checked against its SHA-256.
     *
     * @throws JazminValidationException   when the file stores no embedded file at {@code path}
     * @throws JazminFormatException       when the content is damaged
     * @throws UnsupportedFeatureException when the content is too large for one array (over 2 GiB)
     */
    public byte[] readFile(String path) {
        byte[] bytes = embedded().read(path);
        if (bytes == null) {
            throw noFile(path);
        }
        return bytes;
    }

    /**
     * Bytes {@code start} (inclusive) to {@code end} (exclusive) of the embedded file at
     * {@code path}, read from the blocks holding them only. A part is not checked against the
     * whole file's SHA-256 (blocks of encrypted files are authenticated each).
     *
     * @throws JazminValidationException when there is no embedded file at {@code path} or the range
     *                                   is not within it
     * @throws JazminFormatException     when a block is damaged
     */
    public byte[] readFileRange(String path, long start, long end) {
        byte[] bytes = embedded().readRange(path, start, end);
        if (bytes == null) {
            throw noFile(path);
        }
        return bytes;
    }

    /**
     * A stream of the embedded file at {@code path}, holding one 256 KiB block in memory at a time;
     * when it reaches the end the bytes are checked against the SHA-256 (a mismatch throws
     * {@link EmbeddedFileDamagedException} from {@code read}). Read it before closing this reader;
     * close it to clear its key.
     *
     * @throws JazminValidationException when there is no embedded file at {@code path}
     */
    public InputStream openFile(String path) {
        InputStream in = embedded().open(path);
        if (in == null) {
            throw noFile(path);
        }
        return in;
    }

    /**
     * What viewers may do with the embedded file at {@code path} (its {@code actions}).
     *
     * @throws JazminValidationException when there is no embedded file at {@code path}
     */
    public FileActions fileActions(String path) {
        var entry = embedded().file(path);
        if (entry == null) {
            throw noFile(path);
        }
        return FileActions.of(entry.actionsJson());
    }

    /** The file's {@code package} (spec §1.23) as a JSON object text, or empty when it has none. */
    public Optional<String> packageJson() {
        String json = embedded().packageJson();
        return json.isEmpty() ? Optional.empty() : Optional.of(json);
    }

    private static JazminValidationException noFile(String path) {
        return new JazminValidationException("no embedded file at '" + path + "'");
    }

    /**
     * Writes the JSON output of export shape {@code shape} (spec §2.6) over every row of the first
     * table to {@code out} (left open), streaming. The shape is checked before any row is read.
     *
     * @throws ShapeException    when the shape does not fit the tables' columns
     * @throws JazminIoException when {@code out} cannot be written
     */
    public void export(ExportShape shape, OutputStream out) {
        export(shape, null, null, new JsonShapeOutput(out));
    }

    /**
     * Writes the JSON output of the saved shape {@code saved} (see {@link #shapes()}) over its own
     * table to {@code out} (left open).
     *
     * @throws ShapeException when the shape does not fit the tables' columns
     */
    public void export(SavedShape saved, OutputStream out) {
        export(saved.shape(), saved.table(), null, new JsonShapeOutput(out));
    }

    /**
     * Runs {@code shape} over the rows of {@code table} ({@code null}: the first table) matching
     * {@code filter} ({@code null}: all), sending its output to {@code output} (JSON:
     * {@link JsonShapeOutput}; other formats implement {@link ShapeOutput}), then finishes the output.
     * Groups of a file not sorted by them are read in batches sized by the reader's {@link Priority}.
     *
     * @throws ShapeException            when the shape does not fit the tables' columns
     * @throws JazminValidationException when there is no such table, or the filter does not fit it
     */
    public void export(ExportShape shape, String table, Filter filter, ShapeOutput output) {
        ShapeRunner.run(compile(shape, table), filter, metadataTree(), output, ShapeRunner.batchRows(priority));
    }

    /**
     * Checks {@code shape} against {@code table} ({@code null}: the first table) and the tables it
     * links, without reading rows.
     *
     * @throws ShapeException when the shape does not fit
     */
    public void validateShape(ExportShape shape, String table) {
        compile(shape, table);
    }

    /**
     * The JSON Schema (draft 2020-12) of {@code shape}'s JSON output over {@code table}
     * ({@code null}: the first table), as JSON text.
     *
     * @throws ShapeException when the shape does not fit the tables' columns
     */
    public String shapeSchema(ExportShape shape, String table) {
        return ShapeSchema.of(compile(shape, table));
    }

    /**
     * The export shapes saved in the file (spec §1.23) that compile against its tables, in file
     * order; in a shared file, those of the file groups the key sees. Malformed entries and shapes
     * naming unknown or hidden tables or columns are left out.
     *
     * @throws JazminFormatException when the embedded-file directory is damaged
     */
    public List<SavedShape> shapes() {
        List<SavedShape> out = new ArrayList<>();
        for (SavedShape s : SavedShapes.parse(embedded().shapesJson())) {
            try {
                compile(s.shape(), s.table());
                out.add(s);
            } catch (JazminValidationException e) {
                // A shape this reader cannot compile is not offered (spec §1.23).
            }
        }
        return out;
    }

    /**
     * The saved shape named {@code name}.
     *
     * @throws JazminValidationException when the file saves no usable shape of that name
     */
    public SavedShape shape(String name) {
        List<SavedShape> all = shapes();
        return all.stream().filter(s -> s.name().equals(name)).findFirst()
                .orElseThrow(() -> new JazminValidationException("no saved shape named '" + name + "'; shapes: "
                        + all.stream().map(SavedShape::name).toList()));
    }

    /** The saved shape marked as the default (the first such, in file order), if any. */
    public Optional<SavedShape> defaultShape() {
        return shapes().stream().filter(SavedShape::isDefault).findFirst();
    }

    private CompiledShape compile(ExportShape shape, String table) {
        JazminTable root = table == null ? table() : table(table);
        return ShapeCompiler.compile(shape, root.engine(), name -> tables.stream().filter(t -> t.name().equals(name))
                .findFirst().map(JazminTable::engine).orElse(null));
    }

    /** The metadata object, for {@code $meta} (the header's text was checked to be an object). */
    private JsonNode metadataTree() {
        return Metadata.MAPPER.readTree(metadata());
    }

    /** Built on first use: a mapper's classes take a fresh JVM's open (a lookup) a sixth longer. */
    private static final class Metadata {
        static final JsonMapper MAPPER = JsonMapper.builder().build();
    }

    private EmbeddedFiles embedded() {
        if (embedded == null) {
            embedded = EmbeddedFiles.of(file);
        }
        return embedded;
    }

    public List<String> readerFeatures() {
        return file.header().readerFeatures();
    }

    public List<String> writerFeatures() {
        return file.header().writerFeatures();
    }

    /**
     * Whether the file this reader opened still holds the version it reads: the path's file on disk
     * (its file system key), size and last-modified time, read now with one {@code stat}, are those
     * read just before the reader opened it. Appends, deletes, updates and compaction by any process
     * (JAZMIN writers grow files or replace them by rename) make it {@code false}, as does a file
     * deleted, replaced or grown while the reader was being opened, so a {@code false} may be
     * cautious but a {@code true} means no writer has committed since. Cheap enough to ask before
     * every reuse of a pooled reader; a reader answering {@code false} keeps reading its version
     * (open a new one to see the latest). Always {@code true} for bytes in memory. A reader opened from a
     * {@link RandomAccessSource} asks it ({@link RandomAccessSource#isCurrent()}): an {@link io.jazmin.source.HttpSource}
     * sends one conditional request, answered 304 while the file keeps its ETag.
     */
    public boolean isCurrent() {
        return file.source().isCurrent();
    }

    /**
     * How the bytes of the version this reader opened are used, as {@link JazminFile#storage(Path, ReadOptions)}
     * reports them for a path: for a file read from a {@link RandomAccessSource} (a URL), which has no path.
     * Reads the catalog only, no chunk.
     */
    public Storage storage() {
        return StorageReport.of(file, file.source().size());
    }

    /** Bytes of sections read so far by this reader (envelopes included). */
    public long bytesRead() {
        return file.sections().bytesRead();
    }

    /** Closes the file and clears the file's keys. */
    @Override
    public void close() {
        file.close();
    }

    private static void closeQuietly(java.io.Closeable source, RuntimeException failure) {
        try {
            source.close();
        } catch (IOException e) {
            failure.addSuppressed(e);
        }
    }
}
