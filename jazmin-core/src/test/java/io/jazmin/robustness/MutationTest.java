package io.jazmin.robustness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jazmin.schema.Codec;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.error.JazminException;
import io.jazmin.JazminReader;
import io.jazmin.options.WriteOptions;
import io.jazmin.testing.Cells;
import io.jazmin.testing.ConformanceCase;
import io.jazmin.testing.Written;
import io.jazmin.internal.wire.Trailer;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Proves the reader treats every byte of a file as hostile: for every single-byte change (three
 * values per position) and every truncation of small files, opening and reading all rows either
 * returns exactly the original rows or throws a {@link JazminException} — never another exception
 * type, never different rows, never a hang (preemptive timeout) and never an allocation out of
 * proportion to the file (measured per attempt with the thread's allocation counter). Truncating an
 * appended reference file must recover the version before the append, or fail typed before it.
 */
class MutationTest {
    private static final int[] XORS = {0x01, 0x80, 0xFF};
    private static final Duration TIME_LIMIT = Duration.ofSeconds(60);
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @BeforeAll
    static void allocationCounterWorks() {
        assertTrue(THREADS.isThreadAllocatedMemorySupported(), "per-thread allocation counter unsupported");
        THREADS.setThreadAllocatedMemoryEnabled(true);
    }

    /** Every byte of a small file, xor-ed with 0x01, 0x80 and 0xFF in turn. */
    @ParameterizedTest
    @EnumSource(Codec.class)
    void everySingleByteChange(Codec codec) {
        byte[] file = smallFile(codec);
        List<List<Object>> original = readCleanly(file);
        assertTimeoutPreemptively(TIME_LIMIT, () -> {
            List<String> failures = new ArrayList<>();
            for (int p = 0; p < file.length; p++) {
                for (int x : XORS) {
                    byte[] changed = file.clone();
                    changed[p] ^= (byte) x;
                    String what = "byte " + p + " xor 0x" + Integer.toHexString(x) + " (now 0x"
                            + Integer.toHexString(changed[p] & 0xFF) + ")";
                    check(attempt(changed), original, what, failures);
                }
            }
            assertThat(failures).as(codec + " file of " + file.length + " bytes").isEmpty();
        });
    }

    /** Every proper prefix of a small file. */
    @ParameterizedTest
    @EnumSource(Codec.class)
    void everyTruncation(Codec codec) {
        byte[] file = smallFile(codec);
        List<List<Object>> original = readCleanly(file);
        assertTimeoutPreemptively(TIME_LIMIT, () -> {
            List<String> failures = new ArrayList<>();
            for (int length = 0; length < file.length; length++) {
                Outcome o = attempt(Arrays.copyOf(file, length));
                check(o, original, "truncated to " + length + " bytes", failures);
                if (o.opened()) {
                    failures.add("truncated to " + length + " bytes: read as if complete");
                }
            }
            assertThat(failures).as(codec + " file of " + file.length + " bytes").isEmpty();
        });
    }

    /**
     * Every proper prefix of the reference's appended file: a prefix longer than the version before
     * the append recovers exactly that version (flagged as recovered, append count 0); a prefix
     * ending exactly there is that version; a shorter one fails typed. All those longer prefixes
     * share the same bytes up to the earlier trailer, so rows are read in full for every 7th length
     * and the 100 lengths at either end of the appended part; the others are opened and checked by
     * counts (the trailer scan is what differs between them).
     */
    @Test
    void appendedFileTruncationsRecoverTheEarlierVersion() throws Exception {
        byte[] file = Files.readAllBytes(ConformanceCase.named("js-appended").dataFile());
        List<Integer> versionEnds = versionEnds(file);
        assertThat(versionEnds).as("trailer ends").hasSize(2).endsWith(file.length);
        int baseEnd = versionEnds.get(0);
        List<List<Object>> base = readCleanly(Arrays.copyOf(file, baseEnd));
        assertFalse(Cells.sameRows(base, readCleanly(file)), "the append changed the rows");
        assertTimeoutPreemptively(TIME_LIMIT, () -> {
            List<String> failures = new ArrayList<>();
            for (int length = 0; length < file.length; length++) {
                String what = "truncated to " + length + " bytes";
                byte[] prefix = Arrays.copyOf(file, length);
                boolean fullRead = length <= baseEnd + 100 || length >= file.length - 100 || length % 7 == 0;
                Outcome o = fullRead ? attempt(prefix) : attemptCounts(prefix, base.size());
                check(o, base, what, failures);
                if (length >= baseEnd && (!o.opened() || o.recovered() != (length > baseEnd))) {
                    failures.add(what + ": not the version before the append" + (length > baseEnd ? ", recovered" : "")
                            + " (" + (o.error() == null ? "recovered flag " + o.recovered() : o.error()) + ")");
                }
            }
            assertThat(failures).as("js-appended of " + file.length + " bytes, base version ends at " + baseEnd)
                    .isEmpty();
        });
    }

    /** Opens the file and checks it shows {@code rows} rows and no append, without reading them. */
    private static Outcome attemptCounts(byte[] bytes, int rows) {
        long limit = 64L * bytes.length + (1 << 20);
        long before = THREADS.getCurrentThreadAllocatedBytes();
        try (JazminReader reader = JazminReader.open(bytes)) {
            boolean same = reader.table().rowCount() == rows && reader.appendCount() == 0 && reader.table().chunkCount() > 0;
            return new Outcome(same ? null : List.of(), reader.recovered(), null,
                    THREADS.getCurrentThreadAllocatedBytes() - before, limit, same);
        } catch (Throwable t) {
            return new Outcome(null, false, t, THREADS.getCurrentThreadAllocatedBytes() - before, limit, false);
        }
    }

    /**
     * What one read attempt gave: rows, or the exception, and the bytes it allocated;
     * {@code countsOnly} when the rows were not read but the counts matched.
     */
    private record Outcome(List<List<Object>> rows, boolean recovered, Throwable error, long allocated, long limit,
                           boolean countsOnly) {
        boolean opened() {
            return rows != null || countsOnly;
        }
    }

    /** Opens and reads every row, measuring the allocation of this thread meanwhile. */
    private static Outcome attempt(byte[] bytes) {
        long limit = 64L * bytes.length + (1 << 20);
        long before = THREADS.getCurrentThreadAllocatedBytes();
        List<List<Object>> rows = null;
        boolean recovered = false;
        Throwable error = null;
        try (JazminReader reader = JazminReader.open(bytes)) {
            recovered = reader.recovered();
            rows = Cells.readAll(reader.table());
        } catch (Throwable t) {
            error = t;
        }
        return new Outcome(rows, recovered, error, THREADS.getCurrentThreadAllocatedBytes() - before, limit, false);
    }

    /** Records a failure unless the attempt read {@code original} exactly or failed with a JazminException. */
    private static void check(Outcome o, List<List<Object>> original, String what, List<String> failures) {
        if (o.allocated() > o.limit()) {
            failures.add(what + ": allocated " + o.allocated() + " bytes (limit " + o.limit() + ")");
        }
        if (o.error() != null && !(o.error() instanceof JazminException)) {
            failures.add(what + ": " + o.error().getClass().getName() + ": " + o.error().getMessage()
                    + " at " + Arrays.stream(o.error().getStackTrace()).limit(3).toList());
        } else if (o.rows() != null && !Cells.sameRows(original, o.rows())) {
            failures.add(what + ": returned different rows without an error");
        }
    }

    private static List<List<Object>> readCleanly(byte[] bytes) {
        try (JazminReader reader = JazminReader.open(bytes)) {
            return Cells.readAll(reader.table());
        }
    }

    /** The end offsets of all valid trailers in the file, in file order. */
    private static List<Integer> versionEnds(byte[] file) {
        List<Integer> ends = new ArrayList<>();
        for (int i = 0; i + Trailer.SIZE <= file.length; i++) {
            if (Trailer.decodeIfValid(file, i, i) != null) {
                ends.add(i + Trailer.SIZE);
            }
        }
        return ends;
    }

    /** 40 rows of int/string/float in chunks of 8, with nulls, NaN and repeated strings (so Deflate/Brotli compress). */
    static byte[] smallFile(Codec codec) {
        List<Column> columns = List.of(Column.required("id", ColumnType.INT), Column.of("name", ColumnType.STRING),
                Column.of("score", ColumnType.FLOAT));
        List<List<Object>> rows = Stream.iterate(0, i -> i + 1).limit(40).map(i -> Arrays.<Object>asList(
                i * 37L - 500, i % 5 == 4 ? null : "name-" + (i % 3) + "-ééé-😀",
                i % 7 == 6 ? (Object) Double.NaN : i % 11 == 10 ? null : i * 1.25)).toList();
        return Written.file(columns, rows, WriteOptions.defaults().withCodec(codec).withChunkRows(8));
    }
}
