package io.jazmin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.internal.catalog.ChunkDirectory;
import io.jazmin.internal.compress.FlushPoints;
import io.jazmin.internal.compress.ValuePoints;
import io.jazmin.key.JazminKey;
import io.jazmin.options.ColumnFlushPoints;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.JsonText;
import io.jazmin.testing.FileSections;
import io.jazmin.testing.Written;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Value points: full flushes inside the long column streams of parts with column flush points, from
 * which a lookup decodes its rows without the values before them. Every column type, nulls
 * included, in a file of several chunks: the lookup of every row gives the row a whole read gives;
 * the writer makes points only where they may serve (not with {@link ColumnFlushPoints#NEVER}, Brotli
 * or several column groups), and the reference layout's readers still read the file.
 */
class ValuePointLookupTest {
    static final int ROWS = 5_000;
    static final int CHUNK_ROWS = 2_048;
    static final List<Column> COLUMNS = List.of(
            Column.required("id", ColumnType.INT),
            Column.of("n", ColumnType.INT), // large random: plain
            Column.of("t", ColumnType.DATETIME), // ascending: delta, running values
            Column.of("f", ColumnType.FLOAT), // cents: scaled
            Column.of("raw", ColumnType.FLOAT), // not scalable: plain
            Column.of("text", ColumnType.STRING), // all different: plain
            Column.of("code", ColumnType.STRING), // 700 values: a dictionary with two-byte ids
            Column.of("dec", ColumnType.DECIMAL), // all different: plain varint pairs
            Column.of("bin", ColumnType.BINARY),
            Column.of("json", ColumnType.JSON),
            Column.of("b", ColumnType.BOOL)); // a bitmap: no points
    static final List<List<Object>> DATA = rows();
    static final WriteOptions POINTS = WriteOptions.defaults().withChunkRows(CHUNK_ROWS)
            .withColumnFlushPoints(ColumnFlushPoints.ALWAYS);
    static final ReadOptions NO_CACHE = ReadOptions.defaults().withSharedCache(false);

    static List<List<Object>> rows() {
        Random random = new Random(11);
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            rows.add(Arrays.asList(
                    (long) i,
                    i % 5 == 1 ? null : random.nextLong() >> random.nextInt(40),
                    i % 9 == 8 ? null : Instant.ofEpochMilli(1_600_000_000_000L + i * 1_000_000_000L + random.nextInt(1_000_000_000)),
                    i % 13 == 0 ? null : random.nextInt(100_000_000) / 100.0,
                    i % 10 == 0 ? null : random.nextDouble(),
                    i % 11 == 5 ? null : "text " + Integer.toString(random.nextInt(1 << 30), 36) + (i % 3 == 0 ? " ünï" : ""),
                    i % 7 == 3 ? null : "code-" + (random.nextInt(700) * 7919 % 100_003),
                    i % 4 == 2 ? null : BigDecimal.valueOf(random.nextLong() >> 20, random.nextInt(6)),
                    i % 6 == 0 ? null : Long.toString(random.nextLong()).getBytes(java.nio.charset.StandardCharsets.UTF_8),
                    i % 8 == 0 ? null : JsonText.of("{\"k\":" + random.nextInt(1_000_000) + "}"),
                    i % 6 == 4 ? null : random.nextBoolean()));
        }
        return rows;
    }

    @Test
    void everyRowLookedUpIsTheRowOfAWholeRead() {
        byte[] file = Written.file(COLUMNS, DATA, POINTS);
        assertThat(pointedStreams(file)).as("streams with value points in the first chunk")
                .containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9);
        List<List<Object>> all = allRows(file, NO_CACHE);
        assertThat(all).hasSize(ROWS);
        for (int id = 0; id < ROWS; id++) {
            assertThat(find(file, Filter.eq("id", (long) id))).as("row %d", id).containsExactly(all.get(id));
        }
        assertThat(all).isEqualTo(allRows(Written.file(COLUMNS, DATA, POINTS.withColumnFlushPoints(ColumnFlushPoints.NEVER)),
                NO_CACHE));
    }

    @Test
    void windowsOfSeveralRowsAcrossPointsAndKeyFilesToo() {
        JazminKey key = JazminKey.generate();
        ReadOptions withKey = ReadOptions.defaults().withKey(key);
        byte[] keyed = Written.file(COLUMNS, DATA, POINTS.withKey(key));
        List<List<Object>> all = allRows(keyed, withKey);
        // Rows 500..530 and 1020..1030 span the points at values 512 and 1024 (nulls shift them a little).
        for (long[] range : new long[][] {{500, 530}, {1_020, 1_030}, {2_040, 2_060}, {4_990, 5_000}}) {
            Filter some = Filter.gte("id", range[0]).and(Filter.lt("id", range[1]));
            try (JazminReader reader = JazminReader.open(keyed, withKey); Stream<Row> rows = reader.table().find(some)) {
                assertThat(rows.map(ValuePointLookupTest::values).toList())
                        .isEqualTo(all.subList((int) range[0], (int) range[1]));
            }
        }
        for (long id : new long[] {0, 511, 512, 513, 1_500, 2_047, 2_048, 4_999}) {
            try (JazminReader reader = JazminReader.open(keyed, withKey)) {
                assertThat(find(reader, id)).as("row %d", id).containsExactly(all.get((int) id));
            }
        }
    }

    @Test
    void keyFileLookupsOfEveryColumnTypeAreTheRowsOfAWholeRead() {
        // A key file's part is checked in the thread's buffer and read there, nothing copied, till the lookup lets go.
        JazminKey key = JazminKey.generate();
        ReadOptions withKey = NO_CACHE.withKey(key);
        byte[] keyed = Written.file(COLUMNS, DATA, POINTS.withKey(key));
        List<List<Object>> all = allRows(Written.file(COLUMNS, DATA, POINTS), NO_CACHE);
        assertThat(allRows(keyed, withKey)).isEqualTo(all);
        for (int id = 0; id < ROWS; id += 7) {
            try (JazminReader reader = JazminReader.open(keyed, withKey)) {
                assertThat(find(reader, id)).as("row %d", id).containsExactly(all.get(id));
            }
        }
    }

    @Test
    void aPartALookupLetGoIsReadAgainForWhatLaterQueriesOfTheReaderAsk() {
        JazminKey key = JazminKey.generate();
        ReadOptions withKey = NO_CACHE.withKey(key);
        byte[] keyed = Written.file(COLUMNS, DATA, POINTS.withKey(key));
        List<List<Object>> all = allRows(Written.file(COLUMNS, DATA, POINTS), NO_CACHE);
        try (JazminReader reader = JazminReader.open(keyed, withKey)) {
            assertThat(find(reader, 5)).containsExactly(all.get(5));
            long afterFirst = reader.bytesRead();
            // The same chunk's part, kept by the reader but let go: its streams are read and checked again.
            assertThat(find(reader, 1_900)).containsExactly(all.get(1_900));
            assertThat(reader.bytesRead()).as("the part read again").isGreaterThan(afterFirst);
            assertThat(find(reader, 700)).containsExactly(all.get(700));
            try (Stream<Row> rows = reader.table().rows()) {
                assertThat(rows.map(ValuePointLookupTest::values).toList()).isEqualTo(all);
            }
        }
    }

    @Test
    void aDamagedKeyFilePartFailsItsLookupNamingThePart() {
        JazminKey key = JazminKey.generate();
        byte[] keyed = Written.file(COLUMNS, DATA, POINTS.withKey(key));
        keyed[io.jazmin.internal.wire.Preamble.SIZE + 200] ^= 0x10; // inside the first chunk's part
        try (JazminReader reader = JazminReader.open(keyed, NO_CACHE.withKey(key))) {
            assertThatThrownBy(() -> find(reader, 5)).isInstanceOf(io.jazmin.error.JazminException.class)
                    .hasMessageContaining("0/chunk/0/");
        }
    }

    @Test
    void aDamagedPlainPartFailsItsLookupNamingThePart() {
        byte[] file = Written.file(COLUMNS, DATA, POINTS);
        file[io.jazmin.internal.wire.Preamble.SIZE + 200] ^= 0x10;
        try (JazminReader reader = JazminReader.open(file, NO_CACHE)) {
            assertThatThrownBy(() -> find(reader, 5)).isInstanceOf(io.jazmin.error.JazminException.class)
                    .hasMessageContaining("0/chunk/0/");
        }
    }

    private static List<List<Object>> find(JazminReader reader, long id) {
        try (Stream<Row> rows = reader.table().find(Filter.eq("id", id))) {
            return rows.map(ValuePointLookupTest::values).toList();
        }
    }

    @Test
    void noValuePointsWithoutColumnFlushPointsNorInShortStreams() {
        assertThat(FileSections.of(Written.file(COLUMNS, DATA, POINTS.withColumnFlushPoints(ColumnFlushPoints.NEVER)))
                .firstDirectory(0).valuePoints().toArray()).isEmpty();
        assertThat(FileSections.of(Written.file(COLUMNS, DATA,
                POINTS.withCodec(io.jazmin.schema.Codec.BROTLI))).firstDirectory(0).valuePoints().toArray()).isEmpty();
        // 500-row chunks: every stream is shorter than the points' threshold.
        assertThat(FileSections.of(Written.file(COLUMNS, DATA, POINTS.withChunkRows(500))).firstDirectory(0)
                .valuePoints().toArray()).isEmpty();
    }

    /** The streams of the first chunk's part that have value points. */
    static List<Integer> pointedStreams(byte[] file) {
        ChunkDirectory dir = FileSections.of(file).firstDirectory(0);
        int columns = COLUMNS.size();
        FlushPoints flush = FlushPoints.of(dir.streamOffsets().toArray(), dir.streamStoredOffsets().toArray(), 0, columns);
        ValuePoints points = ValuePoints.part(dir.valuePoints(), 0, flush);
        List<Integer> out = new ArrayList<>();
        for (int k = 0; points != null && k < columns; k++) {
            if (points.count(k) > 0) {
                out.add(k);
            }
        }
        return out;
    }

    static List<List<Object>> find(byte[] file, Filter filter) {
        try (JazminReader reader = JazminReader.open(file, NO_CACHE); Stream<Row> rows = reader.table().find(filter)) {
            return rows.map(ValuePointLookupTest::values).toList();
        }
    }

    static List<List<Object>> allRows(byte[] file, ReadOptions options) {
        try (JazminReader reader = JazminReader.open(file, options); Stream<Row> rows = reader.table().rows()) {
            return rows.map(ValuePointLookupTest::values).toList();
        }
    }

    static List<Object> values(Row row) {
        List<Object> out = new ArrayList<>(row.size());
        for (int i = 0; i < row.size(); i++) {
            Object v = row.get(i);
            out.add(v instanceof byte[] b ? new String(b, java.nio.charset.StandardCharsets.ISO_8859_1) : v);
        }
        return out;
    }
}
