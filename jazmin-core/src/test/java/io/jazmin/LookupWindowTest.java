package io.jazmin;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.key.JazminKey;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.testing.Written;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Lookups of one row or a few with the shared cache off (and in key files, never cached) decode only
 * those rows, from the start of each stream as far as they lie (with column flush points, inflated no
 * further): every type and encoding, nulls included, gives the rows a whole read gives, whether the
 * row is first, last or anywhere in its chunk.
 */
class LookupWindowTest {
    private static final int ROWS = 3_000;
    private static final int CHUNK_ROWS = 1_000;
    private static final List<Column> COLUMNS = List.of(
            Column.required("id", ColumnType.INT),
            Column.of("code", ColumnType.STRING), // few values: a dictionary
            Column.of("text", ColumnType.STRING), // all different: plain
            Column.of("n", ColumnType.INT),
            Column.of("f", ColumnType.FLOAT), // cents: scaled
            Column.of("dec", ColumnType.DECIMAL), // few values: a dictionary
            Column.of("t", ColumnType.DATETIME), // ascending: delta
            Column.of("b", ColumnType.BOOL),
            Column.of("raw", ColumnType.FLOAT)); // not scalable: plain
    private static final List<List<Object>> DATA = rows();
    private static final WriteOptions FLUSHED = WriteOptions.defaults().withChunkRows(CHUNK_ROWS)
            .withColumnFlushPoints(true);
    private static final ReadOptions NO_CACHE = ReadOptions.defaults().withSharedCache(false);
    /** Rows first, second, in the middle and last in their chunks, and some more. */
    private static final long[] LOOKED_UP = {0, 1, 2, 499, 998, 999, 1000, 1001, 1777, 1999, 2000, 2500, 2998, 2999};

    private static List<List<Object>> rows() {
        Random random = new Random(7);
        String[] codes = {"alpha", "béta", "gamma", "δέλτα"};
        BigDecimal[] decimals = {new BigDecimal("1.50"), new BigDecimal("-20"), new BigDecimal("0.001")};
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            List<Object> row = new ArrayList<>();
            row.add((long) i);
            row.add(i % 7 == 3 ? null : codes[random.nextInt(codes.length)]);
            row.add(i % 11 == 5 ? null : "text " + Integer.toString(random.nextInt(1 << 24), 36) + (i % 3 == 0 ? " ünï" : ""));
            row.add(i % 5 == 1 ? null : (long) random.nextInt(2_000_000) - 1_000_000);
            row.add(i % 13 == 0 ? null : random.nextInt(10_000_000) / 100.0);
            row.add(i % 4 == 2 ? null : decimals[random.nextInt(decimals.length)]);
            row.add(i % 9 == 8 ? null : Instant.ofEpochMilli(1_600_000_000_000L + i * 61_000L + random.nextInt(1000)));
            row.add(i % 6 == 4 ? null : random.nextBoolean());
            row.add(i % 10 == 0 ? null : random.nextDouble());
            rows.add(row);
        }
        return rows;
    }

    @Test
    void oneRowLookupsGiveTheRowsOfAWholeRead() {
        byte[] flushed = Written.file(COLUMNS, DATA, FLUSHED);
        byte[] plain = Written.file(COLUMNS, DATA, FLUSHED.withColumnFlushPoints(false));
        for (byte[] file : List.of(flushed, plain)) {
            List<List<Object>> all = allRows(file, NO_CACHE);
            assertThat(all).hasSize(ROWS);
            for (long id : LOOKED_UP) {
                assertThat(find(file, NO_CACHE, Filter.eq("id", id))).as("row %d", id)
                        .containsExactly(all.get((int) id));
            }
        }
    }

    @Test
    void aFewRowsOfAChunkToo() {
        byte[] flushed = Written.file(COLUMNS, DATA, FLUSHED);
        List<List<Object>> all = allRows(flushed, NO_CACHE);
        // Rows 1990..2009 span two chunks; of them the even ones only (gaps in the window).
        Filter some = Filter.gte("id", 1_990L).and(Filter.lt("id", 2_010L)).and(Filter.eq("b", true));
        List<List<Object>> expected = all.subList(1_990, 2_010).stream()
                .filter(r -> Boolean.TRUE.equals(r.get(7))).toList();
        assertThat(expected).isNotEmpty();
        assertThat(find(flushed, NO_CACHE, some)).isEqualTo(expected);
        assertThat(find(flushed, NO_CACHE, Filter.eq("code", "δέλτα"))).isEqualTo(
                all.stream().filter(r -> "δέλτα".equals(r.get(1))).toList());
    }

    @Test
    void keyFileLookupsToo() {
        JazminKey key = JazminKey.generate();
        ReadOptions withKey = ReadOptions.defaults().withKey(key);
        byte[] keyed = Written.file(COLUMNS, DATA, FLUSHED.withKey(key));
        List<List<Object>> all = allRows(Written.file(COLUMNS, DATA, FLUSHED), NO_CACHE);
        assertThat(allRows(keyed, withKey)).isEqualTo(all);
        for (long id : LOOKED_UP) {
            assertThat(find(keyed, withKey, Filter.eq("id", id))).as("row %d", id).containsExactly(all.get((int) id));
        }
    }

    @Test
    void rowsHeldFromEarlierLookupsKeepTheirValuesAfterLaterOnes() {
        byte[] flushed = Written.file(COLUMNS, DATA, FLUSHED);
        List<List<Object>> all = allRows(flushed, NO_CACHE);
        // Number and bool windows are decoded from one buffer a thread reuses: the rows must hold none of it.
        List<Row> held = new ArrayList<>();
        for (long id : LOOKED_UP) {
            try (JazminReader reader = JazminReader.open(flushed, NO_CACHE);
                 Stream<Row> rows = reader.table().find(Filter.eq("id", id))) {
                held.add(rows.findFirst().orElseThrow());
            }
        }
        for (int i = 0; i < LOOKED_UP.length; i++) {
            assertThat(values(held.get(i))).as("row %d", LOOKED_UP[i]).isEqualTo(all.get((int) LOOKED_UP[i]));
        }
    }

    @Test
    void windowsSharedWithAWorkerGiveTheRowsOfAWholeRead() {
        // One chunk whose two text columns are most of a lookup's work: the longer one goes to a worker.
        List<Column> columns = List.of(Column.required("id", ColumnType.INT), Column.of("mail", ColumnType.STRING),
                Column.of("note", ColumnType.STRING), Column.of("n", ColumnType.INT), Column.of("f", ColumnType.FLOAT));
        List<List<Object>> data = new ArrayList<>();
        for (int i = 0; i < 4_000; i++) {
            data.add(java.util.Arrays.asList((long) i, i % 17 == 3 ? null : "someone." + i + "@example-" + (i % 97) + ".org",
                    "note ünï " + Integer.toString(i * 7919, 36), i % 5 == 1 ? null : (long) (i * 31 % 1000),
                    (i * 13 % 10_000) / 100.0));
        }
        // As written before value points (chunk-directory field 18 dropped): with them a lookup's windows are
        // a point spacing's values each, too little to hand over; files without them still share the work.
        byte[] file = withoutValuePoints(Written.file(columns, data,
                WriteOptions.defaults().withChunkRows(4_000).withColumnFlushPoints(true)));
        List<List<Object>> all = allRows(file, NO_CACHE);
        java.util.concurrent.atomic.AtomicInteger handed = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.ExecutorService worker = java.util.concurrent.Executors.newSingleThreadExecutor();
        try {
            java.util.concurrent.Executor counting = task -> {
                handed.incrementAndGet();
                worker.execute(task);
            };
            java.util.concurrent.Executor refusing = task -> {
                throw new java.util.concurrent.RejectedExecutionException("full");
            };
            ReadOptions shared = NO_CACHE.withExecutor(counting).withMaxDegreeOfParallelism(2);
            ReadOptions refused = NO_CACHE.withExecutor(refusing).withMaxDegreeOfParallelism(2);
            ReadOptions alone = NO_CACHE.withMaxDegreeOfParallelism(1);
            for (long id : new long[] {0, 1_500, 2_003, 3_000, 3_998, 3_999}) {
                for (ReadOptions options : List.of(shared, refused, alone)) {
                    assertThat(find(file, options, Filter.eq("id", id))).as("row %d", id)
                            .containsExactly(all.get((int) id));
                }
            }
        } finally {
            worker.shutdown();
        }
        assertThat(handed.get()).as("lookups deep into the chunk handed their longest column to the worker")
                .isPositive();
    }

    /**
     * Filters on int and datetime columns, nulls included, test their chunks' values from an array the
     * thread reuses: lookups, ranges spanning chunks and counts give what a whole read gives, in plain
     * and key files, and rows held from a lazily read result keep their values while later queries on
     * the same thread reuse the array.
     */
    @Test
    void intAndDatetimeFiltersGiveTheRowsOfAWholeRead() {
        JazminKey key = JazminKey.generate();
        byte[] flushed = Written.file(COLUMNS, DATA, FLUSHED);
        List<List<Object>> all = allRows(flushed, NO_CACHE);
        List<Object[]> files = List.of(new Object[] {flushed, NO_CACHE},
                new Object[] {Written.file(COLUMNS, DATA, FLUSHED.withColumnFlushPoints(false)), NO_CACHE},
                new Object[] {Written.file(COLUMNS, DATA, FLUSHED.withKey(key)), ReadOptions.defaults().withKey(key)});
        for (Object[] f : files) {
            byte[] file = (byte[]) f[0];
            ReadOptions options = (ReadOptions) f[1];
            for (long id : LOOKED_UP) {
                List<Object> row = all.get((int) id);
                for (int column : new int[] {3, 6}) {
                    if (row.get(column) == null) {
                        continue;
                    }
                    String name = COLUMNS.get(column).name();
                    assertThat(find(file, options, Filter.eq(name, row.get(column)))).as("%s of row %d", name, id)
                            .isEqualTo(all.stream().filter(r -> row.get(column).equals(r.get(column))).toList());
                }
            }
            // Half a chunk or more (the whole column kept), and less, each read lazily between lookups.
            for (long[] range : new long[][] {{100, 900}, {950, 2_100}, {1_200, 1_260}}) {
                Filter filter = Filter.gte("id", range[0]).and(Filter.lt("id", range[1]));
                try (JazminReader reader = JazminReader.open(file, options);
                     Stream<Row> rows = reader.table().find(filter)) {
                    List<List<Object>> got = new ArrayList<>();
                    rows.forEach(r -> {
                        got.add(values(r));
                        if (got.size() % 97 == 1) {
                            assertThat(find(file, options, Filter.eq("n", all.get(2_999).get(3))))
                                    .contains(all.get(2_999));
                        }
                    });
                    assertThat(got).isEqualTo(all.subList((int) range[0], (int) range[1]));
                }
                try (JazminReader reader = JazminReader.open(file, options)) {
                    assertThat(reader.table().count(filter)).isEqualTo(range[1] - range[0]);
                    assertThat(reader.table().count(Filter.isNull("t").and(filter))).isEqualTo(
                            all.subList((int) range[0], (int) range[1]).stream().filter(r -> r.get(6) == null).count());
                }
            }
        }
    }

    /** {@code file} (one directory segment) without its value points, as written before them. */
    static byte[] withoutValuePoints(byte[] file) {
        io.jazmin.internal.catalog.ChunkDirectory d = io.jazmin.testing.FileSections.of(file).firstDirectory(0);
        return io.jazmin.testing.FlushPointFiles.withDirectory(file, io.jazmin.testing.FlushPointFiles.withFlushPoints(d,
                d.streamOffsets().toArray(), d.streamStoredOffsets().toArray()));
    }

    private static List<List<Object>> find(byte[] file, ReadOptions options, Filter filter) {
        try (JazminReader reader = JazminReader.open(file, options); Stream<Row> rows = reader.table().find(filter)) {
            return rows.map(LookupWindowTest::values).toList();
        }
    }

    private static List<List<Object>> allRows(byte[] file, ReadOptions options) {
        try (JazminReader reader = JazminReader.open(file, options); Stream<Row> rows = reader.table().rows()) {
            return rows.map(LookupWindowTest::values).toList();
        }
    }

    private static List<Object> values(Row row) {
        List<Object> out = new ArrayList<>(row.size());
        for (int i = 0; i < row.size(); i++) {
            out.add(row.get(i));
        }
        return out;
    }
}
