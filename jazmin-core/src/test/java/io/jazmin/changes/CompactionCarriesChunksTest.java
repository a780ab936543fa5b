package io.jazmin.changes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.JazminWriter;
import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.column.ChunkStatistics;
import io.jazmin.internal.reader.FileOpener;
import io.jazmin.internal.reader.OpenedFile;
import io.jazmin.internal.table.ChunkInfo;
import io.jazmin.internal.table.ChunkPart;
import io.jazmin.internal.table.TableData;
import io.jazmin.key.JazminKey;
import io.jazmin.options.ColumnFlushPoints;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.IndexKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/**
 * Compaction carries a file's intact, well-filled chunks as their encoded parts and re-encodes the
 * rest (issue 31): after compaction every row, row id lookup, index lookup and statistics-pruned
 * filter answers as before it and as a file written afresh from the live rows; carried parts are the
 * source's bytes, the small chunks appends leave are merged into full ones, deleted rows are dropped,
 * every chunk's statistics are those its rows give, and a damaged carried part fails the compaction,
 * leaving the file as it was. Files written with and without column flush points.
 */
class CompactionCarriesChunksTest {
    private static final int CHUNK_ROWS = 64;
    private static final Column TERMS = new Column("terms", ColumnType.OBJECT, true, "", "", null,
            List.of(Column.of("rate", ColumnType.FLOAT), Column.of("months", ColumnType.INT)));
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("name", ColumnType.STRING), Column.of("amount", ColumnType.DECIMAL),
            Column.of("opened", ColumnType.DATETIME), Column.of("active", ColumnType.BOOL),
            new Column("tags", ColumnType.LIST, true, "", "", Column.of("tag", ColumnType.STRING), List.of()), TERMS);
    private static final String[] WORDS = {"harbor", "meadow", "granite", "velvet", "orchid", "cobalt", "ember"};
    private static final JazminKey KEY = JazminKey.of(new byte[32]);

    @TempDir
    Path dir;

    private static WriteOptions options(ColumnFlushPoints points) {
        return WriteOptions.defaults().withChunkRows(CHUNK_ROWS).withColumnFlushPoints(points)
                .withSortedBy(List.of("id")).withIndex("name", IndexKind.SORTED, IndexKind.TRIGRAM)
                .withIndex("amount", IndexKind.SORTED);
    }

    /** The options a compaction is given: the writer's chunking, everything else as by default. */
    private static WriteOptions compaction() {
        return WriteOptions.defaults().withChunkRows(CHUNK_ROWS);
    }

    @ParameterizedTest
    @EnumSource(value = ColumnFlushPoints.class, names = {"ALWAYS", "NEVER"})
    void aFileOfOnlyOneRowAppendsIsMergedIntoFullChunks(ColumnFlushPoints points) {
        Path file = write("appends.jzm", 1, options(points));
        for (int i = 1; i < 150; i++) {
            append(file, i, i + 1, options(points));
        }
        assertThat(chunkRows(file)).hasSize(150);
        Answers before = answers(file, ReadOptions.defaults());

        JazminFile.compact(file, compaction());

        assertThat(chunkRows(file)).containsExactly(64, 64, 22);
        assertSameAnswers(file, before, ReadOptions.defaults());
        assertStatisticsMatchRows(file, ReadOptions.defaults());
    }

    @ParameterizedTest
    @EnumSource(value = ColumnFlushPoints.class, names = {"ALWAYS", "NEVER"})
    void fullChunksAreCarriedAndTheAppendedOnesMerged(ColumnFlushPoints points) {
        Path file = write("carried.jzm", 5 * CHUNK_ROWS + 20, options(points));
        for (int i = 5 * CHUNK_ROWS + 20; i < 5 * CHUNK_ROWS + 60; i++) {
            append(file, i, i + 1, options(points));
        }
        List<byte[]> partsBefore = parts(file);
        Answers before = answers(file, ReadOptions.defaults());

        JazminFile.compact(file, compaction());

        assertThat(chunkRows(file)).containsExactly(64, 64, 64, 64, 64, 60);
        List<byte[]> partsAfter = parts(file);
        for (int c = 0; c < 5; c++) {
            assertThat(partsAfter.get(c)).as("full chunk %d is carried byte for byte", c).isEqualTo(partsBefore.get(c));
        }
        assertSameAnswers(file, before, ReadOptions.defaults());
        assertStatisticsMatchRows(file, ReadOptions.defaults());
        assertThat(flushPointsPerChunk(file, ReadOptions.defaults())).as("every part has points or none, as the file had")
                .containsOnly(points == ColumnFlushPoints.ALWAYS);

        // Compacted again, the merged tail (over half a chunk) is carried too, and the next appends merged.
        append(file, 5 * CHUNK_ROWS + 60, 5 * CHUNK_ROWS + 70, options(points));
        List<byte[]> partsAgain = parts(file);
        Answers again = answers(file, ReadOptions.defaults());
        JazminFile.compact(file, compaction());
        assertThat(chunkRows(file)).containsExactly(64, 64, 64, 64, 64, 60, 10);
        assertThat(parts(file).subList(0, 6)).usingElementComparator(Arrays::compare).isEqualTo(partsAgain.subList(0, 6));
        assertSameAnswers(file, again, ReadOptions.defaults());
        assertStatisticsMatchRows(file, ReadOptions.defaults());
    }

    @ParameterizedTest
    @EnumSource(value = ColumnFlushPoints.class, names = {"ALWAYS", "NEVER"})
    void aChunkWithDeletedRowsIsReEncodedWithoutThem(ColumnFlushPoints points) {
        Path file = write("deleted.jzm", 4 * CHUNK_ROWS, options(points));
        JazminFile.delete(file, Filter.anyOf(Filter.eq("id", 70L), Filter.eq("id", 100L), Filter.eq("id", 127L)),
                options(points));
        append(file, 4 * CHUNK_ROWS, 4 * CHUNK_ROWS + 3, options(points));
        List<byte[]> partsBefore = parts(file);
        Answers before = answers(file, ReadOptions.defaults());

        JazminFile.compact(file, compaction());

        // Chunk 1 lost 3 rows: its 61 are re-encoded with the chunks after it until one is carried.
        assertThat(chunkRows(file)).containsExactly(64, 61, 64, 64, 3);
        List<byte[]> partsAfter = parts(file);
        assertThat(partsAfter.get(0)).isEqualTo(partsBefore.get(0));
        assertThat(partsAfter.get(2)).isEqualTo(partsBefore.get(2));
        assertThat(partsAfter.get(3)).isEqualTo(partsBefore.get(3));
        assertSameAnswers(file, before, ReadOptions.defaults());
        assertStatisticsMatchRows(file, ReadOptions.defaults());
        try (JazminReader reader = JazminReader.open(file)) {
            assertThat(reader.table().rowCount()).isEqualTo(4 * CHUNK_ROWS);
            assertThat(reader.table().get(70).orElseThrow().getLong("id")).as("row ids close up").isEqualTo(71L);
        }
    }

    @Test
    void anEncryptedFileHasItsChunksCarriedUnderTheNewKeys() {
        ReadOptions read = ReadOptions.defaults().withKey(KEY);
        WriteOptions written = options(ColumnFlushPoints.ALWAYS).withKey(KEY);
        Path file = write("key.jzm", 3 * CHUNK_ROWS + 5, written);
        append(file, 3 * CHUNK_ROWS + 5, 3 * CHUNK_ROWS + 9, written);
        JazminFile.delete(file, Filter.eq("id", 3L), written);
        Answers before = answers(file, read);

        JazminFile.compact(file, compaction().withKey(KEY));

        assertThat(chunkRows(file, read)).containsExactly(63, 64, 64, 9);
        assertSameAnswers(file, before, read);
        assertStatisticsMatchRows(file, read);
        assertThatThrownBy(() -> answers(file, ReadOptions.defaults())).isInstanceOf(RuntimeException.class);
    }

    @Test
    void aDamagedCarriedChunkFailsTheCompactionAndLeavesTheFileAsItWas() throws IOException {
        // No index: the carried chunk is read for nothing but its bytes.
        Path file = write("damaged.jzm", 3 * CHUNK_ROWS, WriteOptions.defaults().withChunkRows(CHUNK_ROWS));
        ChunkInfo middle;
        try (OpenedFile opened = FileOpener.open(file, ReadOptions.defaults())) {
            middle = opened.table(0).chunks().get(1);
        }
        byte[] bytes = Files.readAllBytes(file);
        int at = (int) (middle.partOffset(0) + middle.partLength(0) - 5);
        bytes[at] ^= 0x40;
        Files.write(file, bytes);

        assertThatThrownBy(() -> JazminFile.compact(file, compaction())).isInstanceOf(JazminFormatException.class)
                .hasMessageContaining("0/chunk/1/*");
        assertThat(Files.readAllBytes(file)).as("the damaged file is left as it was").isEqualTo(bytes);
    }

    // --- files ---

    private static Map<String, Object> row(int i) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", (long) i);
        m.put("name", i % 11 == 0 ? null : WORDS[i % WORDS.length] + "-" + WORDS[(i / 7) % WORDS.length] + "-" + i);
        m.put("amount", i % 13 == 0 ? null : BigDecimal.valueOf((i * 7919L) % 100_000, 2));
        m.put("opened", Instant.ofEpochMilli(1_600_000_000_000L + i * 86_400_000L));
        m.put("active", i % 3 == 0);
        m.put("tags", i % 5 == 0 ? null : List.of(WORDS[i % 4], WORDS[(i + 3) % WORDS.length]));
        m.put("terms", i % 9 == 0 ? null : Map.of("rate", 0.5 + (i % 40) / 10.0, "months", (long) (12 + i % 48)));
        return m;
    }

    private static Iterator<Map<String, ?>> rows(int from, int to) {
        return IntStream.range(from, to).<Map<String, ?>>mapToObj(CompactionCarriesChunksTest::row).iterator();
    }

    private Path write(String name, int rows, WriteOptions options) {
        Path file = dir.resolve(name);
        write(file, rows(0, rows), options);
        return file;
    }

    private static void write(Path file, Iterator<Map<String, ?>> rows, WriteOptions options) {
        try (JazminWriter w = JazminWriter.create(file, COLUMNS, options)) {
            while (rows.hasNext()) {
                w.writeRow(rows.next());
            }
            w.finish();
        }
    }

    private static void append(Path file, int from, int to, WriteOptions options) {
        JazminFile.append(file, rows(from, to), options);
    }

    private static List<Integer> chunkRows(Path file) {
        return chunkRows(file, ReadOptions.defaults());
    }

    private static List<Integer> chunkRows(Path file, ReadOptions read) {
        try (OpenedFile opened = FileOpener.open(file, read)) {
            return opened.table(0).chunks().stream().map(ChunkInfo::rowCount).toList();
        }
    }

    private static List<Boolean> flushPointsPerChunk(Path file, ReadOptions read) {
        try (OpenedFile opened = FileOpener.open(file, read)) {
            return opened.table(0).chunks().stream().map(ChunkInfo::hasFlushPoints).toList();
        }
    }

    /** Each chunk's whole part section, as stored. */
    private static List<byte[]> parts(Path file) {
        try {
            byte[] bytes = Files.readAllBytes(file);
            try (OpenedFile opened = FileOpener.open(file, ReadOptions.defaults())) {
                List<byte[]> out = new ArrayList<>();
                for (ChunkInfo c : opened.table(0).chunks()) {
                    out.add(Arrays.copyOfRange(bytes, (int) c.partOffset(0), (int) (c.partOffset(0) + c.partLength(0))));
                }
                return out;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // --- answers ---

    /**
     * What a file answers: its rows, each row by id (those not deleted, in id order), and the lookups and
     * filters below (with how each ran).
     */
    record Answers(List<List<Object>> rows, List<List<Object>> byId, Map<String, List<List<Object>>> found,
                   Map<String, String> strategies) {
    }

    private static final Map<String, Filter> LOOKUPS = lookups();

    private static Map<String, Filter> lookups() {
        Map<String, Filter> m = new LinkedHashMap<>();
        m.put("name eq", Filter.eq("name", row(8).get("name")));
        m.put("name eq late", Filter.eq("name", row(140).get("name")));
        m.put("name in", Filter.in("name", row(5).get("name"), row(100).get("name"), row(250).get("name"), "none"));
        m.put("name contains", Filter.contains("name", "ite-orc"));
        m.put("name starts", Filter.startsWith("name", "velvet-ember"));
        m.put("amount eq", Filter.eq("amount", row(77).get("amount")));
        m.put("amount range", Filter.allOf(Filter.gte("amount", new BigDecimal("100.00")),
                Filter.lt("amount", new BigDecimal("180.00"))));
        m.put("id range (statistics)", Filter.allOf(Filter.gte("id", 60L), Filter.lt("id", 131L)));
        m.put("id late (statistics)", Filter.gt("id", 130L));
        m.put("opened (statistics)", Filter.lt("opened", Instant.ofEpochMilli(1_600_000_000_000L + 40 * 86_400_000L)));
        m.put("name null", Filter.isNull("name"));
        m.put("tags any", Filter.any("tags", Filter.eq(Filter.ITEM, "cobalt")));
        m.put("terms rate", Filter.match("terms", Filter.gt("rate", 4.0)));
        return m;
    }

    private static Answers answers(Path file, ReadOptions read) {
        try (JazminReader reader = JazminReader.open(file, read)) {
            JazminTable table = reader.table();
            List<List<Object>> rows = table.find(null, RowQuery.all()).map(CompactionCarriesChunksTest::values).toList();
            List<List<Object>> byId = new ArrayList<>();
            for (long id = 0; id < table.writtenRowCount(); id++) {
                table.get(id).ifPresent(row -> byId.add(values(row)));
            }
            Map<String, List<List<Object>>> found = new LinkedHashMap<>();
            Map<String, String> strategies = new LinkedHashMap<>();
            LOOKUPS.forEach((name, filter) -> {
                found.put(name, table.find(filter, RowQuery.all()).map(CompactionCarriesChunksTest::values).toList());
                strategies.put(name, table.explain(filter).strategy());
            });
            return new Answers(rows, byId, found, strategies);
        }
    }

    private static List<Object> values(Row row) {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < row.size(); i++) {
            out.add(row.get(i));
        }
        return out;
    }

    /** The compacted file answers as before and as the same live rows written afresh. */
    private void assertSameAnswers(Path file, Answers before, ReadOptions read) {
        Answers after = answers(file, read);
        assertThat(after.rows()).isEqualTo(before.rows());
        assertThat(after.byId()).as("row ids follow the live rows").isEqualTo(before.rows());
        assertThat(before.byId()).isEqualTo(before.rows());
        assertThat(after.found()).isEqualTo(before.found());
        assertThat(after.strategies()).as("the indexes serve their lookups")
                .containsEntry("name eq", "index").containsEntry("amount range", "index");
        assertThat(after.found().values()).as("the lookups find rows").allMatch(found -> !found.isEmpty());

        Path fresh = dir.resolve("fresh-" + file.getFileName());
        List<Map<String, ?>> live = new ArrayList<>();
        for (List<Object> r : before.rows()) {
            Map<String, Object> m = new LinkedHashMap<>();
            for (int i = 0; i < COLUMNS.size(); i++) {
                m.put(COLUMNS.get(i).name(), r.get(i));
            }
            live.add(m);
        }
        // Written with the compacted file's layout: the planner weighs a scan by the flush points.
        boolean points = flushPointsPerChunk(file, read).contains(true);
        write(fresh, live.iterator(), options(points ? ColumnFlushPoints.ALWAYS : ColumnFlushPoints.NEVER));
        Answers rewritten = answers(fresh, ReadOptions.defaults());
        assertThat(after.rows()).isEqualTo(rewritten.rows());
        assertThat(after.found()).as("as a full re-encode answers").isEqualTo(rewritten.found());
        assertThat(after.strategies()).isEqualTo(rewritten.strategies());
    }

    /** Every chunk's stored statistics (carried or computed) are those its rows give. */
    private static void assertStatisticsMatchRows(Path file, ReadOptions read) {
        try (OpenedFile opened = FileOpener.open(file, read)) {
            TableData data = opened.table(0);
            for (ChunkInfo chunk : data.chunks()) {
                ChunkPart part = data.read(chunk);
                for (int p = 0; p < COLUMNS.size(); p++) {
                    assertThat(data.statistics(chunk, p)).as("%s column %s", chunk, COLUMNS.get(p).name())
                            .isEqualTo(ChunkStatistics.compute(part.column(p)));
                }
            }
        }
    }
}
