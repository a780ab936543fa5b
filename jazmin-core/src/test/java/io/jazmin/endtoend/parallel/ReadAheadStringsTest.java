package io.jazmin.endtoend.parallel;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.data.Row;
import io.jazmin.options.Parallelism;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.testing.OtherThreadExecutor;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scan that decodes chunks ahead on worker threads also builds the strings of the chunks whose every
 * row it returns there, not on the caller's thread row by row: the caller of a read of all rows then
 * only takes them (reading all rows into records spent most of its time building strings while the
 * read-ahead threads waited). The rows are the same, with the shared cache on or off, and a cached
 * chunk is not changed by it.
 */
class ReadAheadStringsTest {
    private static final int ROWS = 4_000;
    private static final int CHUNK_ROWS = 100;
    private static final int LENGTH = 2_000;
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("text", ColumnType.STRING));

    @TempDir
    Path dir;

    private static String text(int i) {
        return i % 9 == 0 ? null : (char) ('a' + i % 26) + "x".repeat(LENGTH) + i;
    }

    private Path written() {
        Path file = dir.resolve("strings.jzm");
        try (JazminWriter w = JazminWriter.create(file, COLUMNS, WriteOptions.defaults().withChunkRows(CHUNK_ROWS))) {
            for (int i = 0; i < ROWS; i++) {
                w.writeValues((long) i, text(i));
            }
            w.finish();
        }
        return file;
    }

    /** Every row's text read; returns the bytes the caller's thread allocated meanwhile. */
    private static long readAll(Path file, ReadOptions options, List<String> into) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        try (JazminReader r = JazminReader.open(file, options); Stream<Row> rows = r.table().rows()) {
            for (Iterator<Row> it = rows.iterator(); it.hasNext(); ) {
                into.add((String) it.next().get("text"));
            }
        }
        return threads.getCurrentThreadAllocatedBytes() - before;
    }

    @Test
    void stringsOfAScanAreBuiltOnTheReadAheadThreads() {
        Path file = written();
        ReadOptions ahead = ReadOptions.defaults().withSharedCache(false)
                .withParallelism(Parallelism.defaults().withMaxDegree(2).withExecutor(OtherThreadExecutor.INSTANCE));
        long least = Long.MAX_VALUE;
        for (int round = 0; round < 3; round++) {
            List<String> got = new ArrayList<>(ROWS);
            least = Math.min(least, readAll(file, ahead, got));
            for (int i = 0; i < ROWS; i++) {
                assertThat(got.get(i)).isEqualTo(text(i));
            }
        }
        // The strings alone are about 3,550 of 2 KB each (7 MB): built on the caller, they all counted here.
        assertThat(least).as("bytes the caller's thread allocated").isLessThan(3_000_000L);
    }

    @Test
    void theSameRowsWithTheCacheOnOffAndWithoutReadAhead() {
        Path file = written();
        List<List<String>> reads = new ArrayList<>();
        for (ReadOptions options : List.of(
                ReadOptions.defaults().withSharedCache(false).withMaxDegreeOfParallelism(1),
                ReadOptions.defaults().withSharedCache(false).withMaxDegreeOfParallelism(2),
                ReadOptions.defaults().withMaxDegreeOfParallelism(2), // fills the shared cache
                ReadOptions.defaults().withMaxDegreeOfParallelism(2), // reads from it
                ReadOptions.defaults().withMaxDegreeOfParallelism(1))) { // from it, without read-ahead
            List<String> got = new ArrayList<>(ROWS);
            readAll(file, options, got);
            reads.add(got);
        }
        List<String> want = new ArrayList<>(ROWS);
        for (int i = 0; i < ROWS; i++) {
            want.add(text(i));
        }
        assertThat(reads).allSatisfy(read -> assertThat(read).isEqualTo(want));
    }
}
