package io.jazmin.writer;

import io.jazmin.Column;
import io.jazmin.JazminValidationException;
import io.jazmin.WriteOptions;
import io.jazmin.catalog.FilesInfo;
import io.jazmin.catalog.Header;
import io.jazmin.catalog.TableEntry;
import io.jazmin.convert.JsonTexts;
import io.jazmin.crypto.EncryptionSetup;
import io.jazmin.reader.EmbeddedFiles;
import io.jazmin.reader.SectionIds;
import io.jazmin.reader.ReaderFeatures;
import io.jazmin.wire.Preamble;
import io.jazmin.wire.SectionWriter;
import io.jazmin.wire.Trailer;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes a complete file: preamble, then each table's chunks, statistics and directory, then the
 * header and trailer, into a temporary file that replaces the target only when everything was
 * written. With a key or password in the options every section is encrypted (spec §1.18).
 */
public final class FileWriter implements AutoCloseable {
    private static final SecureRandom RANDOM = new SecureRandom();

    private final FileSink sink;
    private final WriteOptions options;
    private final SectionWriter sections;
    private final EncryptionSetup encryption;
    private final Preamble preamble;
    private final List<TableEntry> finished = new ArrayList<>();
    private final Set<String> tableNames = new HashSet<>();
    private TableWriter current;
    private boolean usesIndexDeltas;
    private boolean usesNestedColumns;
    private boolean closed;
    private FilesInfo files;

    public FileWriter(Path path, WriteOptions options) {
        if (!options.metadata().isEmpty()) {
            try {
                JsonTexts.requireObjectFromFile(options.metadata(), "metadata");
            } catch (RuntimeException e) {
                throw new JazminValidationException("metadata must be one JSON object: " + e.getMessage());
            }
        }
        this.options = options;
        byte[] fileId = new byte[16];
        RANDOM.nextBytes(fileId);
        this.encryption = EncryptionSetup.forNewFile(options, fileId);
        this.sections = new SectionWriter(options.codec(), options.level(),
                encryption == null ? null : encryption.cipher());
        this.preamble = encryption == null ? new Preamble(0, fileId, new byte[32], 0) : encryption.preamble();
        try {
            this.sink = new FileSink(path);
        } catch (RuntimeException e) {
            clearKeys();
            throw e;
        }
        sink.write(preamble.encode());
    }

    /** Starts the next table; the previous one is finished first. */
    public void startTable(String name, List<Column> columns, WriteOptions tableOptions) {
        requireOpen();
        if (!tableNames.add(name)) {
            throw new JazminValidationException("table name '" + name + "' is used twice");
        }
        finishTable();
        current = new TableWriter(finished.size(), name, columns, tableOptions, sink, sections);
    }

    /**
     * Stores the embedded files, {@code package} and saved export shapes of {@code source}, a file
     * being rewritten, under this version's keys; the header lists them. Call once, at most.
     */
    public void carryFiles(EmbeddedFiles source) {
        requireOpen();
        if (files != null) {
            throw new IllegalStateException("embedded files are already stored");
        }
        if (source.isEmpty()) {
            return;
        }
        EmbeddedFilesWriter writer = new EmbeddedFilesWriter(sink, sections, options.codec(), options.level(),
                preamble, encryption != null);
        writer.carry(source);
        files = writer.finish(source.packageJson(), source.shapesJson());
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
            finished.add(current.finish());
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
            if (finished.isEmpty()) {
                throw new JazminValidationException("a file needs at least one table");
            }
            String metadata = options.metadata().isEmpty() ? "{}" : options.metadata();
            long created = options.now() == null ? System.currentTimeMillis() : options.now().toEpochMilli();
            List<String> readerFeatures = new ArrayList<>();
            if (usesIndexDeltas) {
                readerFeatures.add(ReaderFeatures.INDEX_DELTAS);
            }
            if (usesNestedColumns) {
                readerFeatures.add(ReaderFeatures.NESTED_COLUMNS);
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
        }
    }

    /** Abandons the write; the target file is left as it was. */
    public void abort() {
        closed = true;
        clearKeys();
        sink.abort();
    }

    private void clearKeys() {
        if (encryption != null) {
            encryption.cipher().close();
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
