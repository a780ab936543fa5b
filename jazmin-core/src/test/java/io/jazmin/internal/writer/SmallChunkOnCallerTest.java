package io.jazmin.internal.writer;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A chunk of a few rows (a one-row append) is encoded on the caller's thread: handing it to a worker
 * and waiting for it costs more than encoding it. Larger tables still go to the workers, and the
 * bytes do not depend on which thread encoded them.
 */
class SmallChunkOnCallerTest {
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("name", ColumnType.STRING));

    @TempDir
    Path dir;

    private final AtomicInteger tasks = new AtomicInteger();
    private final ExecutorService workers = Executors.newFixedThreadPool(2);

    @AfterEach
    void stopWorkers() {
        workers.shutdownNow();
    }

    private WriteOptions counted(int chunkRows) {
        return WriteOptions.defaults().withMaxDegreeOfParallelism(2).withChunkRows(chunkRows)
                .withExecutor(task -> {
                    tasks.incrementAndGet();
                    workers.execute(task);
                });
    }

    private static Iterator<Map<String, Object>> rows(long from, long to) {
        return LongStream.range(from, to).mapToObj(id -> Map.<String, Object>of("id", id, "name", "name " + id))
                .iterator();
    }

    private static List<Map<String, Object>> allRows(Path file) {
        try (JazminReader reader = JazminReader.open(file, ReadOptions.defaults())) {
            try (java.util.stream.Stream<io.jazmin.data.Row> rows = reader.table().rows()) {
                return rows.map(io.jazmin.data.Row::toMap).toList();
            }
        }
    }

    @Test
    void aOneRowAppendHandsNothingToTheWorkers() {
        Path file = dir.resolve("f.jzm");
        JazminWriter.write(file, COLUMNS, counted(4096), rows(0, 10));
        tasks.set(0);

        JazminFile.append(file, rows(10, 11), counted(4096));

        assertThat(tasks).hasValue(0);
        try (JazminReader reader = JazminReader.open(file, ReadOptions.defaults())) {
            assertThat(reader.table().count(null)).isEqualTo(11);
        }
    }

    @Test
    void manyChunksStillGoToTheWorkersAndReadBackAsAOneThreadWrite() {
        Path parallel = dir.resolve("parallel.jzm");
        Path sequential = dir.resolve("sequential.jzm");
        WriteOptions oneThread = WriteOptions.defaults().withMaxDegreeOfParallelism(1).withChunkRows(100);

        JazminWriter.write(parallel, COLUMNS, counted(100), rows(0, 2_000));
        JazminWriter.write(sequential, COLUMNS, oneThread, rows(0, 2_000));

        assertThat(tasks.get()).isPositive();
        assertThat(allRows(parallel)).hasSize(2_000).isEqualTo(allRows(sequential));
    }
}
