package io.jazmin.endtoend.sharedfiles;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.Explain;
import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.data.SortKey;
import io.jazmin.internal.catalog.ChunkMap;
import io.jazmin.internal.reader.FileOpener;
import io.jazmin.internal.reader.OpenedFile;
import io.jazmin.internal.reader.TableReader;
import io.jazmin.internal.table.TableData;
import io.jazmin.internal.wire.ByteSource;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import io.jazmin.options.AccessGrant;
import io.jazmin.options.AccessSettings;
import io.jazmin.options.AccessState;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.IndexKind;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The owner reads a shared file's partitions on demand (spec §1.19 step 4): opening reads no
 * directory segment, a find by id through the sorted index reads only those of the partition the
 * chunk map says holds the hit (the appended map joined), a scan reads all; without a map, with
 * one that does not fit the table, or with one the directories contradict, every directory is
 * read and the answers stay the same. Laziness is counted in directory segments read.
 */
class SharedChunkMapTest {
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("region", ColumnType.STRING), Column.of("email", ColumnType.STRING));
    private static final JazminKey OWNER = JazminKey.generate();
    private static final AccessKeyText HOLDER = AccessKeyText.generate(OWNER);
    private static final int PARTITIONS = 12;
    private static final int ROWS_PER_PARTITION = 20;
    private static final int ROWS = PARTITIONS * ROWS_PER_PARTITION;

    @TempDir
    Path dir;

    /** 12 partitions of 20 rows (two chunks each), rows of one partition together; id indexed. */
    private Path write(boolean chunkMap) {
        Path file = dir.resolve("shared.jzm");
        AccessSettings settings = AccessSettings.defaults().withPartitionBy("region").withChunkMap(chunkMap)
                .withGrant(AccessGrant.of(HOLDER).withRows(List.of("r3")).withColumns(List.of("*")));
        WriteOptions options = WriteOptions.defaults().withKey(OWNER).withAccess(settings).withChunkRows(10)
                .withIndex("id", IndexKind.SORTED);
        try (JazminWriter w = JazminWriter.create(file, COLUMNS, options)) {
            for (int i = 0; i < ROWS; i++) {
                w.writeValues((long) i, region(i), "user" + i + "@example.com");
            }
            w.finish();
        }
        return file;
    }

    private static String region(long id) {
        return "r" + (id / ROWS_PER_PARTITION);
    }

    /** An owner's view of table 0 of {@code file}, with its engine-side data to count what it read. */
    private static final class Owner implements AutoCloseable {
        final ByteSource source;
        final OpenedFile opened;
        final TableData data;
        final TableReader table;

        Owner(Path file) throws IOException {
            source = ByteSource.open(file);
            opened = FileOpener.open(source, ReadOptions.defaults().withKey(OWNER));
            data = opened.table(0);
            table = new TableReader(data, ReadOptions.defaults().parallelism());
        }

        List<Map<String, Object>> find(Filter filter) {
            return table.find(filter).map(Row::toMap).toList();
        }

        @Override
        public void close() throws IOException {
            opened.close();
            source.close();
        }
    }

    private static Map<String, Object> row(long id) {
        return Map.of("id", id, "region", region(id), "email", "user" + id + "@example.com");
    }

    @Test
    void theOwnerReadsOnlyThePartitionHoldingAnIdAndEveryDirectoryForAScan() throws IOException {
        Path file = write(true);
        try (Owner owner = new Owner(file)) {
            assertThat(owner.table.rowCount()).isEqualTo(ROWS);
            assertThat(owner.data.directorySegmentsRead()).as("opening and counting read no directory").isZero();

            assertThat(owner.find(Filter.eq("id", 125L))).containsExactly(row(125));
            assertThat(owner.data.directorySegmentsRead()).as("only partition r6's segment").isEqualTo(1);
            assertThat(owner.find(Filter.eq("id", 130L))).containsExactly(row(130));
            assertThat(owner.data.directorySegmentsRead()).as("r6 again: nothing more").isEqualTo(1);
            assertThat(owner.find(Filter.in("id", List.of(5L, 239L)))).containsExactly(row(5), row(239));
            assertThat(owner.data.directorySegmentsRead()).as("r0 and r11 added").isEqualTo(3);
            assertThat(owner.table.get(45).map(Row::toMap)).contains(row(45));
            assertThat(owner.data.directorySegmentsRead()).as("a row by id reads its partition, r2").isEqualTo(4);
            assertThat(owner.find(Filter.eq("id", 100_000L))).isEmpty();
            assertThat(owner.data.directorySegmentsRead()).as("no hit, no directory").isEqualTo(4);

            assertThat(owner.table.rows().count()).isEqualTo(ROWS);
            assertThat(owner.data.directorySegmentsRead()).as("a scan reads the rest").isEqualTo(PARTITIONS);
            assertThat(owner.find(Filter.eq("region", "r7"))).hasSize(ROWS_PER_PARTITION);
        }
    }

    @Test
    void orderedLookupsReadOnlyThePartitionsHoldingTheirHits() throws IOException {
        Path file = write(true);
        Filter ids = Filter.in("id", List.of(5L, 125L, 239L));
        RowQuery byEmail = RowQuery.all().orderBy(SortKey.desc("email"));
        try (Owner owner = new Owner(file)) {
            assertThat(owner.table.sortStrategy(byEmail.withLimit(2))).isEqualTo("top-k");
            assertThat(owner.table.find(ids, byEmail.withLimit(2)).map(Row::toMap)).containsExactly(row(5), row(239));
            assertThat(owner.data.directorySegmentsRead()).as("top-k: r0, r6 and r11 only").isEqualTo(3);
        }
        try (Owner owner = new Owner(file)) {
            assertThat(owner.table.find(ids, byEmail).map(Row::toMap)).containsExactly(row(5), row(239), row(125));
            assertThat(owner.table.find(ids, byEmail.withOffset(1).withLimit(1)).map(Row::toMap))
                    .containsExactly(row(239));
            assertThat(owner.data.directorySegmentsRead()).as("full sort: r0, r6 and r11 only").isEqualTo(3);
            assertThat(owner.table.find(Filter.eq("id", 100_000L), byEmail)).isEmpty();
            assertThat(owner.data.directorySegmentsRead()).as("no hit, no directory").isEqualTo(3);
        }
    }

    @Test
    void explainAnalyzeReportsTheDirectorySegmentsReadOnlyWhenPartitionsAreReadOnDemand() {
        Path file = write(true);
        ReadOptions asOwner = ReadOptions.defaults().withKey(OWNER);
        try (JazminReader reader = JazminReader.open(file, asOwner)) {
            Explain lookup = reader.table().explainAnalyze(Filter.eq("id", 125L), RowQuery.all());
            assertThat(lookup.rows()).isEqualTo(1);
            assertThat(lookup.directorySegmentsRead()).as("r6 only").isEqualTo(1);
            assertThat(lookup.toMap()).containsEntry("directorySegmentsRead", 1L);
            Explain scan = reader.table().explainAnalyze(null, RowQuery.all());
            assertThat(scan.directorySegmentsRead()).as("the other 11").isEqualTo(PARTITIONS - 1);
            assertThat(reader.table().explain(Filter.eq("id", 5L)).toMap()).doesNotContainKey("directorySegmentsRead");
        }
        try (JazminReader reader = JazminReader.open(file, ReadOptions.defaults().withAccessKey(HOLDER)
                .withAccessState(AccessState.disabled()))) {
            assertThat(reader.table().explainAnalyze(null, RowQuery.all()).toMap())
                    .as("a holder reads its partitions' directories, not on demand")
                    .doesNotContainKey("directorySegmentsRead");
        }
        try (JazminReader reader = JazminReader.open(write(false), asOwner)) {
            Explain lookup = reader.table().explainAnalyze(Filter.eq("id", 125L), RowQuery.all());
            assertThat(lookup.directorySegmentsRead()).as("no chunk map").isEqualTo(-1);
            assertThat(lookup.toMap()).doesNotContainKey("directorySegmentsRead");
        }
    }

    @Test
    void aLookupReadingMoreThanAFewIndexPagesStillReadsOnlyThePartitionsHoldingItsHits() throws IOException {
        // 4,000 ids make index pages of more than 8 KiB: the lookup is weighed against a scan.
        Path file = dir.resolve("larger.jzm");
        WriteOptions options = WriteOptions.defaults().withKey(OWNER).withAccess(AccessSettings.defaults()
                .withPartitionBy("region")).withChunkRows(100).withIndex("id", IndexKind.SORTED);
        try (JazminWriter w = JazminWriter.create(file, COLUMNS, options)) {
            for (int i = 0; i < 4_000; i++) {
                w.writeValues((long) i, "big" + (i / 500), "user" + i + "@example.com");
            }
            w.finish();
        }
        try (Owner owner = new Owner(file)) {
            assertThat(owner.find(Filter.eq("id", 2_345L))).singleElement()
                    .satisfies(r -> assertThat(r.get("region")).isEqualTo("big4"));
            assertThat(owner.data.directorySegmentsRead()).isEqualTo(1);
            assertThat(owner.find(Filter.gte("id", 1_990L).and(Filter.lt("id", 2_010L)))).hasSize(20);
            assertThat(owner.data.directorySegmentsRead()).as("big3 and big4").isEqualTo(2);
        }
    }

    @Test
    void appendedChunksAreFoundThroughTheAppendedMapJoinedToTheFullOne() throws IOException {
        Path file = write(true);
        JazminFile.append(file, rows(ROWS, ROWS + 15, "r3"), WriteOptions.defaults().withKey(OWNER).withChunkRows(10));
        JazminFile.append(file, rows(ROWS + 15, ROWS + 20, "new"), WriteOptions.defaults().withKey(OWNER));
        try (Owner owner = new Owner(file)) {
            assertThat(owner.find(Filter.eq("id", (long) ROWS + 3))).singleElement()
                    .satisfies(r -> assertThat(r.get("email")).isEqualTo("new" + (ROWS + 3) + "@example.com"));
            assertThat(owner.data.directorySegmentsRead()).as("r3's segment of the full write and of the append")
                    .isEqualTo(2);
            assertThat(owner.find(Filter.eq("id", (long) ROWS + 17))).singleElement()
                    .satisfies(r -> assertThat(r.get("region")).isEqualTo("new"));
            assertThat(owner.data.directorySegmentsRead()).as("the new partition's segment").isEqualTo(3);
            assertThat(owner.table.rows().count()).isEqualTo(ROWS + 20);
        }
        try (JazminReader holder = JazminReader.open(file, ReadOptions.defaults().withAccessKey(HOLDER)
                .withAccessState(AccessState.disabled()))) {
            assertThat(holder.table().rows().count()).as("the holder still reads its partition only")
                    .isEqualTo(ROWS_PER_PARTITION + 15);
        }
    }

    private static Iterator<Map<String, ?>> rows(int from, int to, String region) {
        return IntStream.range(from, to).<Map<String, ?>>mapToObj(i -> Map.of("id", (long) i, "region", region,
                "email", "new" + i + "@example.com")).iterator();
    }

    @Test
    void withoutAChunkMapEveryDirectoryIsReadForTheSameAnswers() throws IOException {
        Path file = write(false);
        try (Owner owner = new Owner(file)) {
            assertThat(owner.data.partitionsOnDemand()).isFalse();
            assertThat(owner.data.directorySegmentsRead()).isZero();
            assertThat(owner.find(Filter.eq("id", 125L))).containsExactly(row(125));
            assertThat(owner.data.directorySegmentsRead()).isEqualTo(PARTITIONS);
        }
        JazminFile.append(file, rows(ROWS, ROWS + 5, "r3"), WriteOptions.defaults().withKey(OWNER));
        try (Owner owner = new Owner(file)) {
            assertThat(owner.data.partitionsOnDemand()).as("an append to a file without a map writes none").isFalse();
            assertThat(owner.find(Filter.eq("id", (long) ROWS + 2))).hasSize(1);
        }
    }

    @Test
    void aMapContradictedByTheDirectoriesIsDroppedAndEveryDirectoryRead() throws IOException {
        Path file = write(true);
        // Chunks 0 (r0) and 2 (r1) swap partitions: counts and rows still fit the table.
        ForgedChunkMaps.rewrite(file, OWNER, map -> {
            int[] of = map.partitionOf().clone();
            int t = of[0];
            of[0] = of[2];
            of[2] = t;
            return new ChunkMap(map.rowCounts(), map.partitions(), of);
        });
        try (Owner owner = new Owner(file)) {
            assertThat(owner.data.partitionsOnDemand()).as("the map fits the table's counts").isTrue();
            assertThat(owner.find(Filter.eq("id", 5L))).containsExactly(row(5));
            assertThat(owner.data.directorySegmentsRead()).as("r1's listing contradicts the map: all read")
                    .isEqualTo(PARTITIONS);
            assertThat(owner.data.partitionsOnDemand()).as("and the map is not used again").isFalse();
            assertThat(owner.find(Filter.eq("id", 25L))).containsExactly(row(25));
        }
    }

    @Test
    void aMapWhoseRowsDisagreeWithTheTableIsIgnored() throws IOException {
        Path file = write(true);
        ForgedChunkMaps.rewrite(file, OWNER, map -> {
            long[] rows = map.rowCounts().clone();
            rows[0]++;
            return new ChunkMap(rows, map.partitions(), map.partitionOf());
        });
        try (Owner owner = new Owner(file)) {
            assertThat(owner.data.partitionsOnDemand()).isFalse();
            assertThat(owner.find(Filter.eq("id", 125L))).containsExactly(row(125));
            assertThat(owner.data.directorySegmentsRead()).isEqualTo(PARTITIONS);
        }
    }

    @Test
    void answersEqualThoseOfTheFileWithoutAMap() throws IOException {
        List<Filter> filters = List.of(Filter.eq("id", 77L), Filter.in("id", List.of(3L, 150L, 200L)),
                Filter.gte("id", 38L).and(Filter.lt("id", 44L)), Filter.eq("region", "r4"),
                Filter.eq("id", 99L).and(Filter.eq("region", "r1")));
        List<List<Map<String, Object>>> withMap;
        try (Owner owner = new Owner(write(true))) {
            withMap = filters.stream().map(owner::find).toList();
            assertThat(filters.stream().map(owner.table::count).toList()).containsExactly(1L, 3L, 6L, 20L, 0L);
        }
        try (Owner owner = new Owner(write(false))) {
            assertThat(filters.stream().map(owner::find).toList()).isEqualTo(withMap);
        }
        assertThat(withMap.get(2)).extracting(r -> r.get("id")).containsExactly(38L, 39L, 40L, 41L, 42L, 43L);
    }
}
