package io.jazmin.endtoend.parallel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.JazminReader;
import io.jazmin.data.Row;
import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.catalog.ChunkDirectory;
import io.jazmin.options.Parallelism;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.testing.FileSections;
import io.jazmin.testing.FlushPointFiles;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A scan's read-ahead inflates each whole text stream of a file with column flush points into a buffer
 * its thread reuses (ChunkPart.columnsBuilt) and builds the strings there: no row may keep anything of
 * that buffer (plain strings built, dictionary ids copied), so values never come from another chunk's,
 * column's or file's stream, and a damaged text stream is still refused with a typed error.
 */
class ReadAheadTextBufferTest {
    private static final WriteOptions POINTS = WriteOptions.defaults().withChunkRows(300).withColumnFlushPoints(true);
    private static final int NAME = 1;
    private static final int EMAIL = 2;
    private static final int COUNTRY = 3;

    /** One worker thread: every chunk it reads ahead, of any file, goes through the same buffer. */
    private final ExecutorService worker = Executors.newSingleThreadExecutor();
    private final ReadOptions ahead = ReadOptions.defaults().withSharedCache(false)
            .withParallelism(Parallelism.defaults().withMaxDegree(2).withExecutor(worker));

    @AfterEach
    void stopWorker() {
        worker.shutdownNow();
    }

    /**
     * Rows whose texts differ in length from chunk to chunk (long, then short, so a later stream leaves an
     * earlier one's bytes in the buffer past its end) and whose countries come in another order than
     * {@code seed}'s, so the same dictionary ids mean other countries.
     */
    private static List<List<Object>> rows(int n, int seed) {
        List<List<Object>> rows = FlushPointFiles.rows(n);
        for (int i = 0; i < n; i++) {
            List<Object> row = rows.get(i);
            int chunk = i / 300;
            String longer = chunk % 2 == 0 ? "é".repeat(40 + seed) : "";
            row.set(NAME, i % 11 == seed ? null : seed + "name" + longer + i);
            row.set(EMAIL, i % 13 == seed ? null : "e" + seed + "x".repeat(chunk % 3 * 25) + i + "@example.com");
            // No null country: a dictionary stream without nulls keeps one-byte ids where they lie in the stream.
            row.set(COUNTRY, seed == 0 ? List.of("DE", "FR", "ES").get((i / 5) % 3)
                    : List.of("PL", "NL", "IT").get((i / 7) % 3));
        }
        return rows;
    }

    @Test
    void rowsKeptFromOneFileStayRightWhileTheWorkerReadsAnother() {
        List<List<Object>> a = rows(1_500, 0);
        List<List<Object>> b = rows(1_200, 1);
        try (JazminReader readerA = JazminReader.open(FlushPointFiles.file(a, POINTS), ahead);
             JazminReader readerB = JazminReader.open(FlushPointFiles.file(b, POINTS), ahead)) {
            List<Row> kept;
            try (Stream<Row> rows = readerA.table().rows()) {
                kept = rows.toList();
            }
            assertThat(values(readerB)).as("the second file").isEqualTo(b);
            assertThat(kept.stream().map(ReadAheadTextBufferTest::values).toList())
                    .as("rows of the first file, read after the second").isEqualTo(a);
            assertThat(values(readerA)).as("the first file again").isEqualTo(a);
        }
    }

    @Test
    void aDamagedTextStreamIsRefusedTyped() {
        byte[] file = FlushPointFiles.file(rows(1_500, 0), POINTS);
        ChunkDirectory dir = FileSections.of(file).firstDirectory(0);
        for (int column : new int[] {NAME, EMAIL, COUNTRY}) {
            int[] raw = dir.streamOffsets().toArray().clone();
            raw[column] += 1;
            byte[] damaged = FlushPointFiles.withDirectory(file,
                    FlushPointFiles.withFlushPoints(dir, raw, dir.streamStoredOffsets().toArray()));
            assertThatThrownBy(() -> {
                try (JazminReader reader = JazminReader.open(damaged, ahead)) {
                    values(reader);
                }
            }).as("column %d", column).isInstanceOf(JazminFormatException.class);
        }
    }

    private static List<List<Object>> values(JazminReader reader) {
        try (Stream<Row> rows = reader.table().rows()) {
            return rows.map(ReadAheadTextBufferTest::values).toList();
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
