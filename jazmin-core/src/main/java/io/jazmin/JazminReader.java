package io.jazmin;

import io.jazmin.catalog.Header;
import io.jazmin.crypto.SectionCipher;
import io.jazmin.reader.FileOpener;
import io.jazmin.reader.FileVersion;
import io.jazmin.reader.OpenedFile;
import io.jazmin.wire.ByteSource;
import io.jazmin.wire.Preamble;
import io.jazmin.wire.SectionReader;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

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
    private final ByteSource source;
    private final FileVersion version;
    private final Header header;
    private final SectionReader sections;
    private final SectionCipher cipher;
    private final List<JazminTable> tables;

    private JazminReader(OpenedFile file, Parallelism parallelism) {
        this.source = file.source();
        this.version = file.version();
        this.header = file.header();
        this.sections = file.sections();
        this.cipher = file.cipher();
        List<JazminTable> list = new ArrayList<>();
        for (int t = 0; t < header.tables().size(); t++) {
            list.add(new JazminTable(file.table(t), parallelism));
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
     * @throws JazminFormatException       when the file is not a valid JAZMIN 1.0 file, or was changed
     * @throws JazminKeyException          when the secret does not fit: wrong key or password, none
     *                                     for an encrypted file, one for a plain file
     * @throws UnsupportedFeatureException when the file needs a feature this library lacks
     * @throws JazminIoException          when the file cannot be read
     */
    public static JazminReader open(Path path, ReadOptions options) {
        ByteSource source;
        try {
            source = ByteSource.open(path);
        } catch (IOException e) {
            throw new JazminIoException("cannot open", path, e);
        }
        try {
            return open(source, options);
        } catch (RuntimeException e) {
            closeQuietly(source, e);
            throw e;
        }
    }

    /** Opens a plain file held in memory. */
    public static JazminReader open(byte[] bytes) {
        return open(bytes, ReadOptions.defaults());
    }

    /** Opens a file held in memory with the key or password in {@code options}. */
    public static JazminReader open(byte[] bytes, ReadOptions options) {
        return open(ByteSource.of(bytes), options);
    }

    private static JazminReader open(ByteSource source, ReadOptions options) {
        return new JazminReader(FileOpener.open(source, options), options.parallelism());
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
        return header.metadata().isEmpty() ? "{}" : header.metadata();
    }

    /** The file id (changes with every full write) as 32 lower-case hex digits. */
    public String fileId() {
        return HexFormat.of().formatHex(version.preamble().fileId());
    }

    public boolean encrypted() {
        return version.preamble().has(Preamble.ENCRYPTED);
    }

    public boolean passwordProtected() {
        return version.preamble().has(Preamble.PASSWORD);
    }

    public boolean accessControlled() {
        return version.preamble().has(Preamble.ACCESS);
    }

    /** Whether the file has been appended to since its last full write. */
    public boolean appended() {
        return version.preamble().has(Preamble.APPENDED);
    }

    /** Whether an unfinished append was skipped and an earlier version is being read. */
    public boolean recovered() {
        return version.recovered();
    }

    public long appendCount() {
        return header.appendCount();
    }

    /** When the file version was first written. */
    public Instant createdAt() {
        return Instant.ofEpochMilli(header.created());
    }

    /** When the last append was written, or {@code null} if never appended. */
    public Instant modifiedAt() {
        return header.modified() == 0 ? null : Instant.ofEpochMilli(header.modified());
    }

    public List<String> readerFeatures() {
        return header.readerFeatures();
    }

    public List<String> writerFeatures() {
        return header.writerFeatures();
    }

    /** Bytes of sections read so far by this reader (envelopes included). */
    public long bytesRead() {
        return sections.bytesRead();
    }

    /** Closes the file and clears the file's keys. */
    @Override
    public void close() {
        if (cipher != null) {
            cipher.close();
        }
        try {
            source.close();
        } catch (IOException e) {
            throw new JazminIoException("cannot close", source.path(), e);
        }
    }

    private static void closeQuietly(ByteSource source, RuntimeException failure) {
        try {
            source.close();
        } catch (IOException e) {
            failure.addSuppressed(e);
        }
    }
}
