package io.jazmin.internal.index;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.data.Row;
import io.jazmin.internal.catalog.ChunkDirectory;
import io.jazmin.internal.catalog.Header;
import io.jazmin.internal.catalog.IndexRef;
import io.jazmin.internal.catalog.Partition;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.catalog.TableEntry;
import io.jazmin.internal.reader.FileVersion;
import io.jazmin.internal.catalog.ReaderFeatures;
import io.jazmin.internal.table.SectionIds;
import io.jazmin.internal.reader.VersionLocator;
import io.jazmin.testing.SharedFiles;
import io.jazmin.internal.wire.ByteSource;
import io.jazmin.internal.section.SectionReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * A plain reference file with indexes, seen by the index tests: its header, a section loader over
 * its sections, and the values of its indexed columns by row id (read with the engine's reader).
 * Opened cases are cached: the 200,000-row case is used by several tests.
 */
final class ReferenceIndexCase {
    /** Plain reference files with indexes (one appended, one with two tables, one of 200,000 rows). */
    static final List<String> NAMES = List.of("sorted-indexed", "js-plain", "js-tables", "appended-insert",
            "customers-200k");

    private static final Map<String, ReferenceIndexCase> CACHE = new ConcurrentHashMap<>();

    final String name;
    final Header header;
    private final SectionReader sections;
    private final Path path;
    private final Map<Integer, TableValues> tables = new HashMap<>();

    /** The indexed columns of one table: types, and each column's values in row-id order (as the writer stores them). */
    record TableValues(long rowCount, Map<String, ColumnType> types, Map<String, Object[]> values) {
    }

    private ReferenceIndexCase(String name) {
        this.name = name;
        this.path = SharedFiles.conformanceCase(name).resolve("data.jzm");
        try {
            ByteSource source = ByteSource.of(Files.readAllBytes(path));
            FileVersion version = VersionLocator.locate(source);
            this.sections = new SectionReader(source, version.trailerOffset());
            this.header = Header.decode(sections.read(SectionIds.header(), version.trailer().headerOffset(),
                    version.trailer().headerLength()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ReferenceIndexCase get(String name) {
        return CACHE.computeIfAbsent(name, ReferenceIndexCase::new);
    }

    /** Reads sections of the file (checked and decompressed) as the engine's reader does. */
    SectionLoader loader() {
        return (id, ref) -> sections.read(id, ref.offset(), ref.length());
    }

    boolean indexDeltas() {
        return header.readerFeatures().contains(ReaderFeatures.INDEX_DELTAS);
    }

    TableEntry table(int t) {
        return header.tables().get(t);
    }

    /** The index segments of table {@code t}, grouped by "column/kind", each group ordered by segment. */
    Map<String, List<IndexRef>> indexGroups(int t) {
        return table(t).indexes().stream()
                .sorted(Comparator.comparingInt(IndexRef::segment))
                .collect(Collectors.groupingBy(r -> r.column() + "/" + r.kind(), LinkedHashMap::new,
                        Collectors.toList()));
    }

    /**
     * Where each written part of table {@code t} starts: the first row of each chunk-directory
     * segment (the file, then each append that added rows), then the row count.
     */
    long[] segmentBounds(int t) {
        TableEntry table = table(t);
        assertEquals(1, table.partitions().size(), "test files have one partition");
        assertEquals(0, header.deltas().size(), "test files list their segments in the header");
        Partition partition = table.partitions().get(0);
        long[] bounds = new long[partition.segments().size() + 1];
        for (int k = 0; k < partition.segments().size(); k++) {
            SectionRef ref = partition.segments().get(k);
            ChunkDirectory dir = ChunkDirectory.decode(
                    loader().load(SectionIds.directory(t, SectionIds.PLAIN_PARTITION, k), ref));
            bounds[k] = dir.rowStarts()[0];
        }
        bounds[bounds.length - 1] = table.rowCount();
        return bounds;
    }

    /** The indexed columns' values of table {@code t}, read once. */
    synchronized TableValues values(int t) {
        return tables.computeIfAbsent(t, this::readValues);
    }

    private TableValues readValues(int t) {
        TableEntry entry = table(t);
        assertEquals(0, entry.deletedCount(), "index rebuilds need every row");
        int rows = Math.toIntExact(entry.rowCount());
        try (JazminReader reader = JazminReader.open(path)) {
            JazminTable table = reader.tables().get(t);
            Map<String, ColumnType> types = new LinkedHashMap<>();
            Map<String, Object[]> values = new LinkedHashMap<>();
            for (IndexRef ref : entry.indexes()) {
                Column column = table.column(ref.column());
                types.put(column.name(), column.type());
                values.put(column.name(), new Object[rows]);
            }
            table.rows().forEach(row -> values.forEach((name, cells) -> cells[(int) row.rowId()] = stored(row, name)));
            return new TableValues(entry.rowCount(), types, values);
        }
    }

    // Datetimes as the writer hands them to index builders: epoch milliseconds.
    private static Object stored(Row row, String name) {
        Object v = row.get(name);
        return v instanceof Instant i ? (Object) i.toEpochMilli() : v;
    }

    /** All tables' numbers. */
    List<Integer> tableNumbers() {
        List<Integer> out = new ArrayList<>();
        for (int t = 0; t < header.tables().size(); t++) {
            out.add(t);
        }
        return out;
    }

    @Override
    public String toString() {
        return name;
    }
}
