package io.jazmin;

import io.jazmin.catalog.Header;
import io.jazmin.catalog.TableEntry;
import io.jazmin.convert.JsonTexts;
import io.jazmin.reader.FileVersion;
import io.jazmin.reader.ReaderFeatures;
import io.jazmin.reader.SectionIds;
import io.jazmin.reader.VersionLocator;
import io.jazmin.wire.ByteSource;
import io.jazmin.wire.Preamble;
import io.jazmin.wire.SectionReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;

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
    private final List<JazminTable> tables;

    private JazminReader(ByteSource source, FileVersion version, Header header, SectionReader sections) {
        this.source = source;
        this.version = version;
        this.header = header;
        this.sections = sections;
        List<JazminTable> list = new ArrayList<>();
        for (int t = 0; t < header.tables().size(); t++) {
            list.add(new JazminTable(sections, t, header.tables().get(t), header.deltas()));
        }
        this.tables = List.copyOf(list);
    }

    /**
     * Opens a file.
     *
     * @throws JazminFormatException       when the file is not a valid JAZMIN 1.0 file
     * @throws UnsupportedFeatureException when the file needs a feature this library lacks
     * @throws UncheckedIOException        when the file cannot be read
     */
    public static JazminReader open(Path path) {
        ByteSource source;
        try {
            source = ByteSource.open(path);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open " + path + ": " + e.getMessage(), e);
        }
        try {
            return open(source);
        } catch (RuntimeException e) {
            closeQuietly(source, e);
            throw e;
        }
    }

    /** Opens a file held in memory. */
    public static JazminReader open(byte[] bytes) {
        return open(ByteSource.of(bytes));
    }

    private static JazminReader open(ByteSource source) {
        FileVersion version = VersionLocator.locate(source);
        Preamble preamble = version.preamble();
        if (preamble.has(Preamble.ENCRYPTED)) {
            String kind = preamble.has(Preamble.ACCESS) ? "access-controlled" : "encrypted";
            throw new UnsupportedFeatureException("encryption",
                    "the file is " + kind + ": encrypted files are not supported yet");
        }
        if (preamble.has(Preamble.PASSWORD) || preamble.has(Preamble.ACCESS)) {
            throw new JazminFormatException("preamble sets PASSWORD or ACCESS without ENCRYPTED", null, 4);
        }
        SectionReader sections = new SectionReader(source, version.trailerOffset());
        Header header = Header.decode(sections.read(SectionIds.header(), version.trailer().headerOffset(),
                version.trailer().headerLength()));
        ReaderFeatures.check(header.readerFeatures());
        checkHeader(header);
        return new JazminReader(source, version, header, sections);
    }

    private static void checkHeader(Header header) {
        if (header.tables().isEmpty()) {
            throw new JazminFormatException("the header lists no tables");
        }
        JsonTexts.requireObjectFromFile(header.metadata(), "file metadata");
        Set<String> names = new HashSet<>();
        for (TableEntry t : header.tables()) {
            if (!names.add(t.name())) {
                throw new JazminFormatException("table name '" + t.name() + "' is repeated");
            }
        }
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

    @Override
    public void close() {
        try {
            source.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
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
