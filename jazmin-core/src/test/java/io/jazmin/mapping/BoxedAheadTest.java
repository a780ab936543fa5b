package io.jazmin.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.options.Parallelism;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scan's read-ahead threads box the int, float and datetime values of the columns a mapped type takes
 * as {@code Long}, {@code Double} and {@code Instant} (RowMapper.boxedSelect), so the caller's thread only
 * builds the objects: the same objects, nulls included, as without read-ahead, and the caller no longer
 * allocates a box per value.
 */
class BoxedAheadTest {
    private static final int ROWS = 20_000;
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("count", ColumnType.INT), Column.of("amount", ColumnType.FLOAT),
            Column.of("at", ColumnType.DATETIME), Column.of("small", ColumnType.INT));

    /** Runs each task on a thread of its own before returning, so the caller never runs one itself. */
    private static final Executor OTHER_THREAD = task -> {
        Thread t = new Thread(task);
        t.start();
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    };

    @TempDir
    Path dir;

    /** {@code small} is a primitive: read from the vector, never boxed. */
    record Boxed(long id, Long count, Double amount, Instant at, long small) {
    }

    private static Boxed expected(int i) {
        return new Boxed(i, i % 7 == 0 ? null : 1_000L + i, i % 5 == 0 ? null : i * 0.25,
                i % 3 == 0 ? null : Instant.ofEpochMilli(1_700_000_000_000L + i * 1_000L), i % 100);
    }

    private Path written() {
        Path file = dir.resolve("boxed.jzm");
        try (JazminWriter w = JazminWriter.create(file, COLUMNS, WriteOptions.defaults().withChunkRows(1_000))) {
            for (int i = 0; i < ROWS; i++) {
                Boxed b = expected(i);
                w.writeValues(b.id(), b.count(), b.amount(), b.at(), b.small());
            }
            w.finish();
        }
        return file;
    }

    /** Every row mapped; returns the bytes the caller's thread allocated meanwhile. */
    private static long readAll(Path file, ReadOptions options, List<Boxed> into) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        JazminMapper<Boxed> mapper = JazminMapper.forType(Boxed.class);
        long before = threads.getCurrentThreadAllocatedBytes();
        try (JazminReader r = JazminReader.open(file, options); Stream<Boxed> rows = mapper.table(r).stream()) {
            for (Iterator<Boxed> it = rows.iterator(); it.hasNext(); ) {
                into.add(it.next());
            }
        }
        return threads.getCurrentThreadAllocatedBytes() - before;
    }

    @Test
    void theSameObjectsWithAndWithoutReadAheadAndTheCache() {
        Path file = written();
        List<Boxed> want = new ArrayList<>(ROWS);
        for (int i = 0; i < ROWS; i++) {
            want.add(expected(i));
        }
        for (ReadOptions options : List.of(
                ReadOptions.defaults().withSharedCache(false).withMaxDegreeOfParallelism(1),
                ReadOptions.defaults().withSharedCache(false).withParallelism(
                        Parallelism.defaults().withMaxDegree(2).withExecutor(OTHER_THREAD)),
                ReadOptions.defaults().withMaxDegreeOfParallelism(2), // fills the shared cache
                ReadOptions.defaults().withMaxDegreeOfParallelism(2))) { // reads from it
            List<Boxed> got = new ArrayList<>(ROWS);
            readAll(file, options, got);
            assertThat(got).isEqualTo(want);
        }
    }

    @Test
    void theCallerAllocatesNoBoxWhenReadAheadDecodes() {
        Path file = written();
        ReadOptions ahead = ReadOptions.defaults().withSharedCache(false)
                .withParallelism(Parallelism.defaults().withMaxDegree(2).withExecutor(OTHER_THREAD));
        long least = Long.MAX_VALUE;
        for (int round = 0; round < 3; round++) {
            List<Boxed> got = new ArrayList<>(ROWS);
            least = Math.min(least, readAll(file, ahead, got));
        }
        // Per row the object (40 bytes) and the list's slot; boxed on the caller, a Long, a Double and an
        // Instant more for most rows (about 20,000 x 45 bytes = 900 KB).
        assertThat(least).as("bytes the caller's thread allocated").isLessThan(ROWS * 40L + 600_000L);
    }
}
