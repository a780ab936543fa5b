package io.jazmin.endtoend.parallel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jazmin.schema.Column;
import io.jazmin.data.ColumnArrays;
import io.jazmin.schema.ColumnType;
import io.jazmin.Explain;
import io.jazmin.data.Filter;
import io.jazmin.error.JazminFormatException;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.JazminWriter;
import io.jazmin.error.JazminValidationException;
import io.jazmin.options.Parallelism;
import io.jazmin.schema.IndexKind;
import io.jazmin.options.Priority;
import io.jazmin.options.ReadOptions;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.options.WriteOptions;
import io.jazmin.internal.catalog.ChunkDirectory;
import io.jazmin.key.JazminKey;
import io.jazmin.testing.FileSections;
import io.jazmin.testing.Written;
import io.jazmin.internal.wire.Preamble;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import io.jazmin.testing.CountingExecutor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Priorities change threads, never results: files written with chunks encoded on worker threads
 * are byte-identical to those written on the caller's thread, and scans that decode chunks ahead
 * return the same rows, counts and errors as scans that do not.
 */
class ParallelReadWriteTest {
    private static final Instant NOW = Instant.parse("2026-01-02T03:04:05.678Z");
    private static final int ROWS = 5_000;
    private static final int CHUNK_ROWS = 250;
    private static final List<Column> COLUMNS = List.of(
            Column.required("id", ColumnType.INT),
            Column.required("name", ColumnType.STRING),
            Column.of("score", ColumnType.FLOAT),
            Column.required("active", ColumnType.BOOL),
            Column.required("at", ColumnType.DATETIME));
    private static final List<List<Object>> DATA = rows();
    private static final WriteOptions BASE = WriteOptions.defaults().withChunkRows(CHUNK_ROWS).withNow(NOW);
    /** Every way a read or write can run: the caller's thread only, the priorities, an explicit limit. */
    static final List<Parallelism> WAYS = List.of(
            Parallelism.defaults().withMaxDegree(1),
            Parallelism.defaults().withPriority(Priority.MEMORY),
            Parallelism.defaults(),
            Parallelism.defaults().withPriority(Priority.SPEED),
            Parallelism.defaults().withMaxDegree(4));

    /** Values as a reader returns them (Long, Double, Boolean, Instant); every 7th score is null. */
    private static List<List<Object>> rows() {
        List<List<Object>> out = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            out.add(Arrays.asList((long) i, "name-" + (i % 97) + "-" + i, i % 7 == 0 ? null : i * 0.25, i % 3 == 0,
                    NOW.plusSeconds(i)));
        }
        return out;
    }

    /** The file without its preamble, which holds a random file id. */
    private static byte[] afterPreamble(byte[] file) {
        return Arrays.copyOfRange(file, Preamble.SIZE, file.length);
    }

    private static WriteOptions writing(Parallelism p) {
        return BASE.withPriority(p.priority()).withMaxDegreeOfParallelism(p.maxDegree());
    }

    private static ReadOptions reading(Parallelism p) {
        return ReadOptions.defaults().withPriority(p.priority()).withMaxDegreeOfParallelism(p.maxDegree());
    }

    @Test
    void writesTheSameBytesWhateverThePriority() {
        byte[] sequential = afterPreamble(Written.file(COLUMNS, DATA, writing(WAYS.get(0))));
        for (Parallelism p : WAYS) {
            assertArrayEquals(sequential, afterPreamble(Written.file(COLUMNS, DATA, writing(p))), p.toString());
        }
        assertThat(FileSections.of(Written.file(COLUMNS, DATA, BASE)).firstDirectory(0).ordinals()).hasSize(ROWS / CHUNK_ROWS);
    }

    @Test
    void readsTheSameRowsWhateverThePriority() {
        byte[] file = Written.file(COLUMNS, DATA, writing(Parallelism.defaults().withMaxDegree(4)));
        Filter filter = Filter.eq("active", true).and(Filter.gt("score", 100.0));
        Explain sequential = null;
        for (Parallelism p : WAYS) {
            try (JazminReader reader = JazminReader.open(file, reading(p))) {
                JazminTable table = reader.table();
                assertEquals(DATA, values(table.rows()), p + " all rows");
                List<List<Object>> expected = DATA.stream()
                        .filter(r -> (Boolean) r.get(3) && r.get(2) != null && (Double) r.get(2) > 100.0).toList();
                assertEquals(expected, values(table.find(filter)), p + " filter");
                assertEquals(expected.size(), table.count(filter), p + " count");
                // The offset lies in the 4th chunk: read-ahead starts there, after the skipped chunks.
                assertEquals(DATA.subList(777, ROWS), values(table.rows(RowQuery.all().withOffset(777))),
                        p + " offset");
                assertEquals(DATA.subList(4_100, 4_110),
                        values(table.rows(RowQuery.all().withOffset(4_100).withLimit(10))), p + " page");
                ColumnArrays ids = table.columnArrays(filter, RowQuery.all().withSelect(List.of("id")));
                assertArrayEquals(expected.stream().mapToLong(r -> ((Number) r.get(0)).longValue()).toArray(),
                        ids.longs("id"), p + " column arrays");
                Explain analyzed;
                // A fresh reader: one that already ran queries answers from its chunk cache and reads less.
                try (JazminReader fresh = JazminReader.open(file, reading(p))) {
                    analyzed = fresh.table().explainAnalyze(filter, RowQuery.all());
                }
                assertEquals(expected.size(), analyzed.rows(), p + " explain rows");
                if (sequential == null) {
                    sequential = analyzed;
                }
                assertEquals(sequential.chunksRead(), analyzed.chunksRead(), p + " explain chunks read");
                assertEquals(sequential.columnsDecoded(), analyzed.columnsDecoded(), p + " explain columns");
                assertEquals(sequential.bytesRead(), analyzed.bytesRead(), p + " explain bytes");
            }
        }
    }

    @Test
    void aGivenExecutorRunsTheChunkWorkWithTheSameResults() {
        CountingExecutor counting = new CountingExecutor(2);
        try {
            Parallelism four = Parallelism.defaults().withMaxDegree(4);
            byte[] shared = Written.file(COLUMNS, DATA, writing(four));
            byte[] given = Written.file(COLUMNS, DATA, writing(four).withExecutor(counting));
            assertArrayEquals(afterPreamble(shared), afterPreamble(given));
            // One encoding task per chunk; the first decides the column flush points, its Deflate trials
            // on the encoding thread, since no column of 250 rows reaches the 16 KiB that fans them out.
            assertEquals(ROWS / CHUNK_ROWS, counting.takeCount());
            Written.file(COLUMNS, DATA, writing(four).withExecutor(counting).withColumnFlushPoints(false));
            assertEquals(ROWS / CHUNK_ROWS, counting.takeCount(), "with nothing to decide, every chunk");

            try (JazminReader reader = JazminReader.open(given, reading(four).withExecutor(counting))) {
                assertEquals(DATA, values(reader.table().rows()));
                // Read-ahead decodes every chunk after the first on the executor.
                assertThat(counting.count()).isGreaterThanOrEqualTo(ROWS / CHUNK_ROWS - 1);
            }
        } finally {
            counting.close();
        }
    }

    @Test
    void indexesAreBuiltOnTheExecutorWithTheSameBytes() {
        CountingExecutor counting = new CountingExecutor(2);
        WriteOptions indexed = BASE.withIndex("name", IndexKind.TRIGRAM).withIndex("name", IndexKind.SORTED)
                .withIndex("score", IndexKind.SORTED);
        try {
            byte[] sequential = afterPreamble(Written.file(COLUMNS, DATA,
                    indexed.withMaxDegreeOfParallelism(1).withExecutor(counting)));
            assertEquals(0, counting.takeCount());
            for (Parallelism p : WAYS) {
                byte[] file = Written.file(COLUMNS, DATA, indexed.withPriority(p.priority())
                        .withMaxDegreeOfParallelism(p.maxDegree()).withExecutor(counting));
                assertArrayEquals(sequential, afterPreamble(file), p.toString());
            }
            counting.takeCount();
            Written.file(COLUMNS, DATA, indexed.withMaxDegreeOfParallelism(4).withExecutor(counting));
            // Per chunk: one encoding task and one task per index (the first chunk's trials run on its
            // encoding thread, see above); then each index's payloads; then one compression task per index
            // section but the directories (5 of them here: the trigram index, the sorted indexes' pages, the
            // score index's null postings).
            assertEquals(ROWS / CHUNK_ROWS * 4 + 3 + 5, counting.count());
        } finally {
            counting.close();
        }
    }

    @Test
    void sortedIndexPagesCompressedWhileRowsArriveAreWrittenWithTheSameBytes() {
        // Pages of 64 KiB cut and compressed on the index workers while rows arrive: 25,000
        // ascending ids; 'at' keys of 3 rows each (across batches too); 'late' keys that ascend
        // until row 20,001 comes out of order (its early pages are dropped and redone at the end).
        List<Column> columns = List.of(Column.required("id", ColumnType.INT), Column.of("at", ColumnType.DATETIME),
                Column.required("late", ColumnType.INT));
        List<List<Object>> data = new ArrayList<>();
        for (int i = 0; i < 25_000; i++) {
            data.add(Arrays.asList((long) i, i % 5 == 0 ? null : NOW.plusSeconds(i / 3), i == 20_001 ? 7L : i));
        }
        for (boolean compact : new boolean[] {false, true}) {
            WriteOptions indexed = WriteOptions.defaults().withNow(NOW).withChunkRows(1_000)
                    .withIndex("id", IndexKind.SORTED).withIndex("at", IndexKind.SORTED)
                    .withIndex("late", IndexKind.SORTED).withCompactIndexes(compact);
            byte[] sequential = Written.file(columns, data, indexed.withMaxDegreeOfParallelism(1));
            byte[] parallel = Written.file(columns, data, indexed.withMaxDegreeOfParallelism(4));
            assertArrayEquals(afterPreamble(sequential), afterPreamble(parallel), "compact " + compact);
            try (JazminReader reader = JazminReader.open(parallel)) {
                assertEquals(1, reader.table().count(Filter.eq("id", 21_234L)));
                assertEquals(3, reader.table().count(Filter.eq("at", NOW.plusSeconds(7))));
                assertEquals(2, reader.table().count(Filter.eq("late", 7L)));
            }
        }
    }

    @Test
    void pagesOfOneSortedIndexTakeItsFirstPagesSettingWhateverTheThreads() {
        // Keys of 50 rows each: a sample of the first page judges level 6 alone, samples of the
        // later pages the default's two passes. Every page takes the first page's setting, whether
        // compressed while rows arrive, at the end on workers, or on the caller's thread.
        List<Column> columns = List.of(Column.required("k", ColumnType.INT));
        List<List<Object>> data = new ArrayList<>();
        for (int i = 0; i < 150_000; i++) {
            data.add(List.of((long) (i / 50)));
        }
        WriteOptions indexed = WriteOptions.defaults().withNow(NOW).withIndex("k", IndexKind.SORTED);
        byte[] sequential = Written.file(columns, data, indexed.withMaxDegreeOfParallelism(1));
        byte[] parallel = Written.file(columns, data, indexed.withMaxDegreeOfParallelism(4));
        assertArrayEquals(afterPreamble(sequential), afterPreamble(parallel));
        try (JazminReader reader = JazminReader.open(parallel)) {
            assertEquals(50, reader.table().count(Filter.eq("k", 2_345L)));
        }
    }

    @Test
    void theCallerFillsTheNextChunksWhileTheFirstDecidesTheirCompression(@TempDir Path dir) throws Exception {
        // The first task the executor is given waits until the test has written eight chunks' rows.
        // That task is the chunk deciding the flush points and Deflate passes; the next seven chunks
        // are filled meanwhile and held, none given to the executor before the first has decided.
        CountDownLatch rowsWritten = new CountDownLatch(1);
        int tasksGivenWhileDeciding = -1;
        AtomicBoolean firstTaskWaitedForTheRows = new AtomicBoolean();
        AtomicBoolean first = new AtomicBoolean(true);
        Path path = dir.resolve("t.jzm");
        try (CountingExecutor pool = new CountingExecutor(2)) {
            Executor gated = task -> pool.execute(() -> {
                if (first.getAndSet(false)) {
                    firstTaskWaitedForTheRows.set(await(rowsWritten));
                }
                task.run();
            });
            try (JazminWriter writer = JazminWriter.create(path, COLUMNS,
                    writing(Parallelism.defaults().withMaxDegree(4)).withExecutor(gated))) {
                for (int i = 0; i < ROWS; i++) {
                    if (i == 8 * CHUNK_ROWS) {
                        tasksGivenWhileDeciding = pool.count();
                        rowsWritten.countDown();
                    }
                    writer.writeValues(DATA.get(i).toArray());
                }
                writer.finish();
            }
            assertEquals(1, tasksGivenWhileDeciding);
            assertThat(firstTaskWaitedForTheRows).isTrue();
            assertArrayEquals(afterPreamble(Written.file(COLUMNS, DATA, writing(WAYS.get(0)))),
                    afterPreamble(Files.readAllBytes(path)));
        }
    }

    /** Whether {@code latch} opened within 5 s (a writer that waited for the task would keep it shut). */
    private static boolean await(CountDownLatch latch) {
        try {
            return latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Test
    void anExecutorThatRefusesEveryTaskLeavesTheWorkToTheCaller() {
        Executor refusing = task -> {
            throw new java.util.concurrent.RejectedExecutionException("saturated");
        };
        Parallelism four = Parallelism.defaults().withMaxDegree(4);
        byte[] file = Written.file(COLUMNS, DATA, writing(four).withExecutor(refusing));
        assertArrayEquals(afterPreamble(Written.file(COLUMNS, DATA, writing(four))), afterPreamble(file));
        try (JazminReader reader = JazminReader.open(file, reading(four).withExecutor(refusing))) {
            assertEquals(DATA, values(reader.table().rows()));
            assertEquals(DATA.stream().filter(r -> r.get(2) != null).count(),
                    reader.table().count(Filter.gt("score", -1.0)));
        }
    }

    @Test
    void encryptedFilesAreWrittenAndReadInParallel() {
        JazminKey key = JazminKey.generate();
        Parallelism fast = Parallelism.defaults().withMaxDegree(4);
        byte[] file = Written.file(COLUMNS, DATA, writing(fast).withKey(key));
        try (JazminReader reader = JazminReader.open(file, reading(fast).withKey(key))) {
            assertEquals(DATA, values(reader.table().rows()));
        }
    }

    @Test
    void aDamagedChunkStopsEveryScanAtThatChunk() {
        byte[] file = Written.file(COLUMNS, DATA, BASE);
        ChunkDirectory dir = FileSections.of(file).firstDirectory(0);
        int damaged = 12;
        int inPayload = (int) (dir.partOffsets()[damaged] + dir.partLengths()[damaged] / 2);
        file[inPayload] ^= 0x5A;
        for (Parallelism p : WAYS) {
            List<List<Object>> before = new ArrayList<>();
            try (JazminReader reader = JazminReader.open(file, reading(p)); Stream<Row> rows = reader.table().rows()) {
                Iterator<Row> it = rows.iterator();
                JazminFormatException e = assertThrows(JazminFormatException.class, () -> {
                    while (it.hasNext()) {
                        before.add(values(it.next()));
                    }
                }, p.toString());
                assertThat(e.getMessage()).contains("CRC-32");
                // Counting reads the chunk too (no index answers score > -1), so it fails the same way.
                assertThrows(JazminFormatException.class, () -> reader.table().count(Filter.gt("score", -1.0)),
                        p + " count");
            }
            assertEquals(DATA.subList(0, damaged * CHUNK_ROWS), before, p + " rows before the damaged chunk");
        }
    }

    @Test
    void aScanLeftEarlyCanBeClosed() {
        byte[] file = Written.file(COLUMNS, DATA, BASE);
        try (JazminReader reader = JazminReader.open(file, reading(Parallelism.defaults().withMaxDegree(8)));
             Stream<Row> rows = reader.table().rows()) {
            Iterator<Row> it = rows.iterator();
            for (int i = 0; i < 10; i++) {
                assertEquals(DATA.get(i), values(it.next()));
            }
        }
    }

    @Test
    void prioritiesAndLimitsDecideTheThreads() {
        assertEquals(0, Parallelism.defaults().withPriority(Priority.MEMORY).readAheadChunks(10));
        assertEquals(0, Parallelism.defaults().withPriority(Priority.MEMORY).writeAheadChunks());
        assertEquals(0, Parallelism.defaults().withMaxDegree(1).readAheadChunks(10));
        assertEquals(0, Parallelism.defaults().withMaxDegree(1).writeAheadChunks());
        assertEquals(6, Parallelism.defaults().withPriority(Priority.MEMORY).withMaxDegree(6).readAheadChunks(10));
        assertEquals(6, Parallelism.defaults().withMaxDegree(6).writeAheadChunks());
        // Chunks handed to workers: twice the threads only where the shared workers cap the threads.
        assertEquals(0, Parallelism.defaults().withPriority(Priority.MEMORY).writeChunksInFlight());
        assertEquals(6, Parallelism.defaults().withMaxDegree(6).writeChunksInFlight());
        Executor own = Runnable::run;
        assertEquals(Parallelism.defaults().writeAheadChunks(),
                Parallelism.defaults().withExecutor(own).writeChunksInFlight());
        assertEquals(2 * Parallelism.defaults().writeAheadChunks(), Parallelism.defaults().writeChunksInFlight());
        if (Runtime.getRuntime().availableProcessors() > 1) {
            assertEquals(4, Parallelism.defaults().readAheadChunks(10));
            assertEquals(8, Parallelism.defaults().withPriority(Priority.SPEED).readAheadChunks(10));
            // About 128 columns in flight when balanced: wide chunks are read fewer at a time.
            assertEquals(2, Parallelism.defaults().readAheadChunks(60));
            assertEquals(1, Parallelism.defaults().readAheadChunks(300));
            assertEquals(3, Parallelism.defaults().withPriority(Priority.SPEED).readAheadChunks(300));
        }
        assertThrows(JazminValidationException.class, () -> Parallelism.defaults().withMaxDegree(-1));
        assertThat(ReadOptions.defaults().parallelism()).isEqualTo(Parallelism.defaults());
        assertThat(WriteOptions.defaults().parallelism()).isEqualTo(Parallelism.defaults());
    }

    private static List<List<Object>> values(Stream<Row> rows) {
        try (rows) {
            return rows.map(ParallelReadWriteTest::values).toList();
        }
    }

    private static List<Object> values(Row row) {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < row.size(); i++) {
            out.add(row.get(i));
        }
        return out;
    }
}
