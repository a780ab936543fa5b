package io.jazmin.internal.writer;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.options.Parallelism;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.JsonText;
import io.jazmin.testing.Cells;
import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A table writer reuses the value arrays of the chunks it has written for the next chunks' vectors
 * ({@link ChunkArrays}): the rows read back are those written, whichever thread encodes, for every
 * column type and with nulls, and a write of many chunks no longer allocates its vectors per chunk.
 */
class ChunkArraysTest {
    private static final Instant NOW = Instant.parse("2026-01-02T03:04:05.678Z");
    private static final Column TAGS = new Column("tags", ColumnType.LIST, true, "", "",
            Column.of("item", ColumnType.INT), List.of());
    private static final Column PLACE = new Column("place", ColumnType.OBJECT, true, "", "", null,
            List.of(Column.of("city", ColumnType.STRING), Column.of("floor", ColumnType.INT)));
    private static final List<Column> EVERY_TYPE = List.of(
            Column.required("id", ColumnType.INT),
            Column.of("name", ColumnType.STRING),
            Column.of("score", ColumnType.FLOAT),
            Column.of("active", ColumnType.BOOL),
            Column.of("at", ColumnType.DATETIME),
            Column.of("price", ColumnType.DECIMAL),
            Column.of("blob", ColumnType.BINARY),
            Column.of("doc", ColumnType.JSON),
            TAGS,
            PLACE);

    /** Boxed before the writes, so that the rows allocate nothing. */
    private static final Long[] IDS = new Long[1024];

    static {
        for (int i = 0; i < IDS.length; i++) {
            IDS[i] = (long) i * 1_000_003;
        }
    }

    @TempDir
    Path dir;

    @Test
    void numberArraysAreReusedOnlyAtTheirLength() {
        ChunkArrays arrays = new ChunkArrays();
        long[] first = arrays.lend(arrays.longs(8));
        int[] starts = arrays.lend(arrays.ints(8));
        arrays.giveBack(arrays.handedOut());
        assertThat(arrays.longs(7)).isNotSameAs(first).hasSize(7);
        assertThat(arrays.longs(8)).isSameAs(first);
        assertThat(arrays.ints(8)).isSameAs(starts);
        assertThat(arrays.doubles(8)).hasSize(8);
        assertThat(arrays.bools(8)).hasSize(8);
        assertThat(arrays.handedOut()).as("only lent arrays are the chunk's").isEmpty();
        long[] own = new long[8]; // a builder's own array, lent as it is
        arrays.lend(own);
        assertThat(arrays.handedOut()).containsExactly((Object) own);
        assertThat(arrays.handedOut()).isEmpty();
    }

    @Test
    void byteArraysAreReusedWhenLongEnough() {
        ChunkArrays arrays = new ChunkArrays();
        byte[] body = arrays.lend(arrays.bytes(800));
        assertThat(body.length).isGreaterThanOrEqualTo(800);
        arrays.giveBack(arrays.handedOut());
        assertThat(arrays.bytes(body.length + 1)).isNotSameAs(body);
        assertThat(arrays.bytes(10)).isSameAs(body);
    }

    /** Chunks cut by rows and by bytes (so of many lengths), strings of growing length, every 5th value null. */
    @Test
    void everyColumnTypeReadsBackAcrossReusedChunks() throws Exception {
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < 3_000; i++) {
            boolean nul = i % 5 == 0;
            Map<String, Object> place = new LinkedHashMap<>();
            place.put("city", "city-" + i % 13);
            place.put("floor", (long) (i % 9));
            rows.add(Arrays.asList((long) i, nul ? null : "n".repeat(i % 40) + i, nul ? null : i * 0.5,
                    nul ? null : i % 3 == 0, nul ? null : NOW.plusSeconds(i), nul ? null : new BigDecimal(i).movePointLeft(2),
                    nul ? null : new byte[] {(byte) i, (byte) (i >> 8)}, nul ? null : JsonText.of("{\"k\":" + i + "}"),
                    nul ? null : List.of((long) i, (long) i + 1), nul ? null : place));
        }
        WriteOptions base = WriteOptions.defaults().withNow(NOW).withChunkRows(97).withChunkBytes(3_000);
        for (Parallelism way : List.of(Parallelism.defaults().withMaxDegree(1), Parallelism.defaults(),
                Parallelism.defaults().withMaxDegree(4))) {
            Path file = dir.resolve("every-" + way.writeAheadChunks() + ".jzm");
            try (JazminWriter w = JazminWriter.create(file, EVERY_TYPE, base.withParallelism(way))) {
                for (List<Object> row : rows) {
                    w.writeValues(row.toArray());
                }
                w.finish();
            }
            try (JazminReader r = JazminReader.open(file)) {
                assertThat(r.table().chunks()).hasSizeGreaterThan(30);
                List<List<Object>> back = Cells.readAll(r.table());
                Cells.assertSameRows(rows, back);
            }
        }
    }

    /**
     * On the caller's thread alone, a write of 200 chunks of 1,000 rows of eight int columns allocated
     * 12.8 MB of vector copies (64 KB a chunk) before the arrays were reused, about 18 MB in all; now
     * one chunk's copies, about 5.5 MB in all (the rest is per row and per chunk, not the vectors).
     */
    @Test
    void aWriteOfManyChunksAllocatesItsVectorArraysOnce() throws Exception {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        List<Column> columns = new ArrayList<>();
        for (int c = 0; c < 8; c++) {
            columns.add(Column.required("n" + c, ColumnType.INT));
        }
        WriteOptions options = WriteOptions.defaults().withNow(NOW).withChunkRows(1_000)
                .withParallelism(Parallelism.defaults().withMaxDegree(1));
        long least = Long.MAX_VALUE;
        for (int round = 0; round < 3; round++) { // the least of three: class loading counts in the first
            Path file = dir.resolve("ids-" + round + ".jzm");
            long before = threads.getCurrentThreadAllocatedBytes();
            try (JazminWriter w = JazminWriter.create(file, columns, options)) {
                Object[] row = new Object[columns.size()];
                for (int i = 0; i < 200_000; i++) {
                    Arrays.fill(row, IDS[i & 1023]);
                    w.writeValues(row);
                }
                w.finish();
            }
            least = Math.min(least, threads.getCurrentThreadAllocatedBytes() - before);
        }
        assertThat(least).as("bytes allocated per write").isLessThan(9_000_000L);
    }
}
