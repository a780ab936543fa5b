package io.jazmin.internal.writer;

import io.jazmin.schema.Column;
import io.jazmin.error.JazminValidationException;
import io.jazmin.options.WriteOptions;
import io.jazmin.internal.catalog.FilesInfo;
import io.jazmin.internal.catalog.Header;
import io.jazmin.internal.catalog.TableEntry;
import io.jazmin.internal.json.JsonTexts;
import io.jazmin.internal.crypto.EncryptionSetup;
import io.jazmin.internal.reader.EmbeddedFiles;
import io.jazmin.internal.table.SectionIds;
import io.jazmin.internal.catalog.ReaderFeatures;
import io.jazmin.internal.wire.Preamble;
import io.jazmin.internal.section.SectionWriter;
import io.jazmin.internal.wire.Trailer;
import io.jazmin.internal.crypto.SectionCipher;
import io.jazmin.files.FileChanges;
import io.jazmin.export.SavedShape;
import io.jazmin.files.FileInput;
import io.jazmin.error.JazminIoException;
import io.jazmin.options.AccessSettings;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes a complete file: preamble, then each table's chunks, statistics and directory, then the
 * header and trailer, into a temporary file that replaces the target only when everything was
 * written. With a key or password in the options every section is encrypted (spec §1.18); with
 * access settings too, the file is a shared file owned by the key (spec §1.19). The
 * file's writer lock is held from construction until {@link #finish()} or {@link #abort()}.
 */
public final class FullFileWriter implements AutoCloseable {
    private static final SecureRandom RANDOM = new SecureRandom();

    private final WriterLock lock;
    private final boolean ownsLock;
    private final FileSink sink;
    private final WriteOptions options;
    private final SectionWriter sections;
    private final EncryptionSetup encryption;
    /** The shared-file parts of the version, or {@code null} for other files. */
    private final ShareWriter share;
    private final Preamble preamble;
    private final List<TableEntry> finished = new ArrayList<>();
    private final List<TableWriter.SharedEntry> finishedShared = new ArrayList<>();
    private final Set<String> tableNames = new HashSet<>();
    private final Map<String, List<Column>> tableColumns = new LinkedHashMap<>();
    /** Shared files: per table, column name → its column group (what a saved shape's keys see). */
    private final Map<String, Map<String, String>> columnGroups = new LinkedHashMap<>();
    private TableWriter current;
    private boolean usesIndexDeltas;
    private boolean usesNestedColumns;
    private boolean closed;
    private EmbeddedFilesWriter embedded;
    private boolean carried;
    private boolean packageSet;
    private String packageJson = "";
    private String shapesJson;
    /** Saved shapes to add and names to drop, applied to those carried when the writer finishes (the tables known). */
    private final List<SavedShape> addShapes = new ArrayList<>();
    private final List<String> removeShapes = new ArrayList<>();

    /**
     * Starts a new version of {@code path} under a writer lock of its own, released when the writer
     * finishes or aborts.
     *
     * @throws io.jazmin.error.FileLockedException when another writer holds the lock
     */
    public FullFileWriter(Path path, WriteOptions options) {
        this(WriterLock.acquire(path), true, options, Map.of());
    }

    /**
     * Starts a new version of {@code held}'s file, for a caller that took the lock to read the
     * current version first (an update or compaction); the caller releases it.
     */
    public FullFileWriter(WriterLock held, WriteOptions options) {
        this(held, false, options, Map.of());
    }

    /**
     * Starts a new version of a shared file being rewritten under {@code held}: the online grants of
     * the keys in {@code keptShares} (key id → share) keep their shares, so unlock tokens stay valid.
     */
    FullFileWriter(WriterLock held, WriteOptions options, Map<String, byte[]> keptShares) {
        this(held, false, options, keptShares);
    }

    /**
     * Starts a new file written to {@code out} (called {@code name} in messages) when it finishes;
     * no lock is taken, since no file of ours is replaced.
     */
    public FullFileWriter(java.io.OutputStream out, String name, WriteOptions options) {
        this(null, false, options, Map.of(), () -> FileSink.toStream(out, name));
    }

    private FullFileWriter(WriterLock lock, boolean ownsLock, WriteOptions options, Map<String, byte[]> keptShares) {
        this(lock, ownsLock, options, keptShares, () -> new FileSink(lock));
    }

    private FullFileWriter(WriterLock lock, boolean ownsLock, WriteOptions options, Map<String, byte[]> keptShares,
                           java.util.function.Supplier<FileSink> sinkOf) {
        this.lock = lock;
        this.ownsLock = ownsLock;
        this.options = options;
        try {
            if (!options.metadata().isEmpty()) {
                try {
                    JsonTexts.requireObjectFromFile(options.metadata(), "metadata");
                } catch (RuntimeException e) {
                    throw new JazminValidationException("metadata must be one JSON object: " + e.getMessage());
                }
            }
            this.sink = sinkOf.get();
        } catch (RuntimeException | Error e) {
            releaseLock();
            throw e;
        }
        byte[] fileId = new byte[16];
        RANDOM.nextBytes(fileId);
        EncryptionSetup setup = null;
        ShareWriter shared = null;
        try {
            if (options.access() != null) {
                shared = ShareWriter.start(options, fileId, keptShares);
            } else {
                setup = EncryptionSetup.forNewFile(options, fileId);
            }
            SectionCipher cipher = shared != null ? shared.cipher() : setup == null ? null : setup.cipher();
            this.sections = new SectionWriter(options.codec(), options.level(), cipher);
            this.preamble = shared != null ? shared.preamble()
                    : setup == null ? new Preamble(0, fileId, new byte[32], 0) : setup.preamble();
            sink.write(preamble.encode());
        } catch (RuntimeException | Error e) {
            if (setup != null) {
                setup.cipher().close();
            }
            if (shared != null) {
                shared.close();
            }
            sink.abort();
            releaseLock();
            throw e;
        }
        this.encryption = setup;
        this.share = shared;
    }

    /** Starts the next table; the previous one is finished first. */
    public void startTable(String name, List<Column> columns, WriteOptions tableOptions) {
        startTable(name, columns, tableOptions, null);
    }

    /**
     * Starts the next table of a shared file divided by the partition column and column groups of
     * {@code division} (a rewrite keeps each table's own); {@code null}: the file's access settings.
     */
    void startTable(String name, List<Column> columns, WriteOptions tableOptions, AccessSettings division) {
        requireOpen();
        if (!tableNames.add(name)) {
            throw new JazminValidationException("table name '" + name + "' is used twice");
        }
        finishTable();
        int index = finished.size() + finishedShared.size();
        if (share == null) {
            current = new TableWriter(index, name, columns, tableOptions, sink, sections);
        } else {
            SharedTable plan = division == null ? share.plan(columns) : share.plan(columns, division);
            current = new TableWriter(index, name, columns, tableOptions, sink, sections, plan);
            Map<String, String> groups = new LinkedHashMap<>();
            for (int g = 0; g < plan.groups().length; g++) {
                for (int position : plan.groups()[g]) {
                    groups.put(columns.get(position).name(), plan.groupNames().get(g));
                }
            }
            columnGroups.put(name, groups);
        }
        tableColumns.put(name, List.copyOf(columns));
    }

    /**
     * Stores the embedded files, {@code package} and saved export shapes of {@code source}, a file
     * being rewritten, under this version's keys; the header lists them. Call once, at most, before
     * {@link #addFile}.
     */
    public void carryFiles(EmbeddedFiles source) {
        carryFiles(source, FileChanges.none());
    }

    /**
     * Like {@link #carryFiles(EmbeddedFiles)}, with {@code changes} made on the way: removed files
     * are not stored, added ones are, and a new {@code package} replaces the old.
     *
     * @throws JazminValidationException when a change is not valid (see {@link FileChanges})
     */
    public void carryFiles(EmbeddedFiles source, FileChanges changes) {
        requireOpen();
        if (carried || embedded != null) {
            throw new IllegalStateException("embedded files are carried first, and once");
        }
        carried = true;
        writeTakenChunks();
        packageJson = embedded().apply(source, changes, false, null);
        // Checked at the finish, against the tables written by then.
        packageSet = changes.packageJson() != null;
        shapesJson = source.shapesJson();
        addShapes.addAll(changes.addShapes());
        removeShapes.addAll(changes.removeShapes());
    }

    /**
     * Saves an export shape in the file (spec §1.23, a shape of the same name replaces it); it is
     * checked against the tables' columns when the writer finishes.
     */
    public void saveShape(SavedShape shape) {
        requireOpen();
        addShapes.removeIf(s -> s.name().equals(shape.name()));
        addShapes.add(shape);
    }

    /**
     * Stores an embedded file now, block by block.
     *
     * @throws JazminValidationException when its path, type, groups or actions are not valid, or
     *                                   the path is stored already
     * @throws JazminIoException         when its bytes cannot be read or written
     */
    public void addFile(FileInput file) {
        requireOpen();
        writeTakenChunks();
        embedded().add(file);
    }

    /**
     * Sets the {@code package} (a JSON object text; empty for none), checked now; its {@code entry}
     * must be an embedded file, and its {@code edit} name columns of the tables, when the writer finishes.
     */
    public void setPackage(String json) {
        requireOpen();
        String value = json == null ? "" : json;
        if (!value.isEmpty()) {
            DocumentSettings.checkPackage(value, null, null);
        }
        packageJson = value;
        packageSet = true;
    }

    /**
     * Before embedded-file sections are written while a table is open: its chunks taken so far go to
     * the file first, as they do when the caller's thread encodes them, so that the bytes do not
     * depend on how far the workers have got.
     */
    private void writeTakenChunks() {
        if (current != null) {
            current.drainEncoding();
        }
    }

    private EmbeddedFilesWriter embedded() {
        if (embedded == null) {
            embedded = share == null
                    ? new EmbeddedFilesWriter(sink, sections, options.codec(), options.level(), preamble,
                            encryption != null, 0)
                    : new EmbeddedFilesWriter(sink, sections, options.codec(), options.level(), preamble, 0,
                            share::fileGroupId);
        }
        return embedded;
    }

    /**
     * The directory of the embedded files, or {@code null} when the version stores none, no package
     * and no shape; {@code now} is the write time (for the grants' expiry).
     */
    private FilesInfo finishFiles(long now) {
        if (packageSet && !packageJson.isEmpty()) {
            DocumentSettings.checkPackage(packageJson, embedded == null ? Set.of() : embedded.paths(), tableColumns);
        }
        String shapes = SavedShapeList.apply(shapesJson, addShapes, removeShapes, tableColumns);
        if (share != null) {
            Set<String> partitions = new LinkedHashSet<>();
            finishedShared.forEach(t -> partitions.addAll(t.partitionNames()));
            SharedShapes.checkVisible(shapes, share.grants(), tableColumns, columnGroups, partitions,
                    java.time.Instant.ofEpochMilli(now));
        }
        boolean none = (embedded == null || embedded.isEmpty()) && packageJson.isEmpty() && shapes == null;
        return none ? null : embedded().finish(packageJson, shapes, 0);
    }

    /** Adds a row given by column name (missing columns are null). */
    public void add(Map<String, ?> row) {
        TableWriter t = table();
        t.add(t.byPosition(row));
    }

    /** Adds a row given in column order. */
    public void add(Object[] values) {
        table().add(values);
    }

    /** The positions of the current table's indexed columns ({@link TableWriter#indexedPositions}). */
    int[] indexedPositions() {
        return table().indexedPositions();
    }

    /** Adds a chunk carried from the file a compaction rewrites to the current table ({@link TableWriter#addCarried}). */
    void addCarried(CarriedChunk chunk) {
        table().addCarried(chunk);
    }

    /** Rows written to the current table. */
    public long rowCount() {
        return current == null ? 0 : current.rowCount();
    }

    private TableWriter table() {
        requireOpen();
        if (current == null) {
            throw new JazminValidationException("no table started");
        }
        return current;
    }

    private void finishTable() {
        if (current != null) {
            if (share != null) {
                finishedShared.add(current.finishShared());
            } else {
                finished.add(current.finish());
            }
            usesIndexDeltas |= current.usesIndexDeltas();
            usesNestedColumns |= current.usesNestedColumns();
            current = null;
        }
    }

    /** Writes the catalog and trailer and moves the file into place. */
    public void finish() {
        requireOpen();
        try {
            finishTable();
            if (finished.isEmpty() && finishedShared.isEmpty()) {
                throw new JazminValidationException("a file needs at least one table");
            }
            long created = options.now() == null ? System.currentTimeMillis() : options.now().toEpochMilli();
            FilesInfo files = finishFiles(created);
            String metadata = options.metadata().isEmpty() ? "{}" : options.metadata();
            List<String> readerFeatures = new ArrayList<>();
            if (usesIndexDeltas) {
                readerFeatures.add(ReaderFeatures.INDEX_DELTAS);
            }
            if (usesNestedColumns) {
                readerFeatures.add(ReaderFeatures.NESTED_COLUMNS);
            }
            if (share != null) {
                share.finish(sink, sections, finishedShared, readerFeatures, created, metadata, files,
                        files == null ? List.of() : embedded.fileGroups());
                sink.commit();
                return;
            }
            Header header = new Header(readerFeatures, List.of(), created, 0, 0, metadata, finished,
                    encryption == null ? null : encryption.keyring(files != null), files, null, List.of());
            byte[] raw = header.encode();
            byte[] section = sections.section(SectionIds.header(), raw, raw.length);
            long at = sink.write(section);
            sink.write(new Trailer(at, section.length, 0, 0, 0, 0).encode());
            sink.commit();
        } finally {
            closed = true;
            clearKeys();
            sink.close();
            releaseLock();
        }
    }

    /** Abandons the write; the target file is left as it was. */
    public void abort() {
        closed = true;
        clearKeys();
        sink.abort();
        releaseLock();
    }

    private void releaseLock() {
        if (ownsLock) {
            lock.close();
        }
    }

    private void clearKeys() {
        if (encryption != null) {
            encryption.cipher().close();
        }
        if (share != null) {
            share.close();
        }
    }

    private void requireOpen() {
        if (closed) {
            throw new IllegalStateException("the writer is finished or aborted");
        }
    }

    public boolean isClosed() {
        return closed;
    }

    @Override
    public void close() {
        if (!closed) {
            abort();
        }
    }
}
