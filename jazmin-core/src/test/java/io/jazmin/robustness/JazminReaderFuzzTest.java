package io.jazmin.robustness;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.jazmin.schema.Column;
import io.jazmin.data.Filter;
import io.jazmin.error.JazminException;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.options.ReadOptions;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.key.JazminKey;
import io.jazmin.internal.keys.PasswordKdf;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * Coverage-guided fuzzing (Jazzer) of the reader: open, rows, find, count and explain of every
 * table of a file, for every codec and every kind of secret. The property: whatever the bytes,
 * each step returns a result or throws a {@link JazminException} — never another exception, an
 * error such as {@link OutOfMemoryError}, or a hang (more than 10 s for one input).
 *
 * <p>An input is a 4-byte control prefix and a file ({@link FuzzInput}): the prefix picks the
 * secret, whether checksums are repaired after mutation, the parallelism, and the filter (eq on a
 * column, a range, a contains, in, null checks, combined with not/and/or) and row query. Key
 * files are opened with the key, and password files with the password, of the conformance cases,
 * so the copied conformance seeds open too.
 *
 * <p>Password files cost a PBKDF2 derivation per open; the seeds are written with the fewest
 * iterations the format allows (1,000, about a millisecond), and an input whose preamble asks for
 * more than {@value #MAX_FUZZED_ITERATIONS} is opened without the password (it fails typed before
 * any derivation), so a mutated iteration count cannot slow the loop down by seconds per input.
 *
 * <h2>Running (Jazzer 0.24.0, JUnit 6, Java 17)</h2>
 * <ul>
 *   <li>{@code mvn -o -pl jazmin-core test -Dtest=JazminReaderFuzzTest}: regression mode, the default
 *       under plain JUnit, in the surefire execution {@code fuzz-regression} (fuzz tests, JUnit tag
 *       {@code jazzer}, run in their own JVM: Jazzer's agent hooks every class loaded after it, so the
 *       other tests' execution excludes the tag). Jazzer runs the method once on the empty input and once per file in
 *       {@code src/test/resources/io/jazmin/robustness/JazminReaderFuzzTestInputs/readerFailsOnlyTyped/}
 *       (the seeds, and any crash file kept there as a regression input); nothing is mutated, and
 *       {@code maxDuration} has no effect.</li>
 *   <li>{@code mvn -o -pl jazmin-core verify}: additionally runs the surefire execution
 *       {@code fuzz-seeded} of the verify phase: this class alone in its own JVM ({@code -Xmx256m})
 *       with the system property {@code JAZZER_FUZZ=1}, which Jazzer reads like the environment
 *       variable. It runs the inputs folder as above, then fuzzes from it for {@code maxDuration}
 *       (60 s; the first finding fails the build). Jazzer fuzzes only one fuzz test per JVM, hence
 *       the separate execution. The per-input hang limit is libFuzzer's {@code -timeout=10}, passed
 *       through Jazzer's {@code jazzer.internal.arg.N} parameters: JUnit's {@code @Timeout} would
 *       also end the whole fuzzing invocation.</li>
 *   <li>{@code mvn -o -pl jazmin-core verify -Pfuzz-long -Dfuzz.seconds=3600} (default 1800): the
 *       same with a later {@code -max_total_time} that overrides {@code maxDuration}, and
 *       {@code jazzer.keep_going=50}: each distinct finding (by stack) is logged and written, and
 *       fuzzing goes on; the run fails only at the 50th, so read the log for "== Java Exception".</li>
 * </ul>
 * New inputs found while fuzzing go to {@code jazmin-core/.cifuzz-corpus/} (not committed); a
 * crashing input is written by Jazzer as {@code crash-<sha1>} into the inputs folder above, where
 * it runs in every build from then on once committed.
 */
class JazminReaderFuzzTest {
    /** The key of the conformance case encrypted-key (a published test key). */
    static final JazminKey KEY = JazminKey.parse("jzk1-eYRV5GKi5zgBU85FldlniB4diML2Tl09x6kuWQ4QeRKh3gNS");
    /** The password of the conformance case js-password. */
    static final String PASSWORD = "jazmin-interop";
    static final int MAX_FUZZED_ITERATIONS = 10_000;
    /** Rows consumed per stream: bounds the work of files that legitimately hold many rows. */
    private static final int MAX_ROWS = 2_000;
    private static final int MAX_TABLES = 4;
    private static final int SAMPLES = 64;
    private static final int PREAMBLE_FLAGS = 4;
    private static final int PREAMBLE_ITERATIONS = 56;

    @FuzzTest(maxDuration = "60s")
    void readerFailsOnlyTyped(byte[] data) {
        FuzzInput input = FuzzInput.decode(data);
        ReadOptions options = options(input);
        JazminReader reader;
        try {
            reader = JazminReader.open(input.file(), options);
        } catch (JazminException expected) {
            return;
        }
        try (reader) {
            typed(reader::metadata);
            typed(reader::tableNames);
            for (JazminTable table : reader.tables().subList(0, Math.min(MAX_TABLES, reader.tables().size()))) {
                query(table, input);
            }
        } catch (JazminException expected) {
            // close() may fail typed too.
        }
    }

    private static void query(JazminTable table, FuzzInput input) {
        List<Column> columns = typed(table::columns);
        typed(table::rowCount);
        typed(table::indexes);
        typed(table::sortedBy);
        if (columns == null || columns.isEmpty()) {
            typed(() -> consume(table.rows()));
            return;
        }
        Column column = columns.get(input.column() % columns.size());
        List<Object> samples = new ArrayList<>();
        typed(() -> sample(table.rows(), column.name(), samples));
        Filter filter = FuzzQueries.filter(input, columns, column, samples);
        RowQuery rowQuery = FuzzQueries.rowQuery(input, columns, column);
        typed(() -> consume(table.find(filter, rowQuery)));
        typed(() -> table.count(filter));
        typed(() -> table.explain(filter));
    }

    /** The read options the input asks for (also used to check the seeds open). */
    static ReadOptions options(FuzzInput input) {
        ReadOptions options = input.parallel()
                ? ReadOptions.defaults() : ReadOptions.defaults().withMaxDegreeOfParallelism(1);
        byte[] file = input.file();
        int flags = file.length > PREAMBLE_FLAGS ? file[PREAMBLE_FLAGS] & 0xFF : 0;
        int secret = input.secret();
        if (secret == 0) {
            secret = (flags & 0x1) == 0 ? 1 : (flags & 0x2) != 0 ? 3 : 2;
        }
        return switch (secret) {
            case 2 -> options.withKey(KEY);
            case 3 -> affordable(file) ? options.withPassword(PASSWORD) : options;
            default -> options;
        };
    }

    /** Whether the preamble's PBKDF2 iteration count is cheap enough to derive for one input. */
    private static boolean affordable(byte[] file) {
        if (file.length < PREAMBLE_ITERATIONS + 4) {
            return true;
        }
        long iterations = 0;
        for (int i = 3; i >= 0; i--) {
            iterations = iterations << 8 | (file[PREAMBLE_ITERATIONS + i] & 0xFF);
        }
        return iterations < PasswordKdf.MIN_ITERATIONS || iterations <= MAX_FUZZED_ITERATIONS;
    }

    private static long consume(Stream<Row> rows) {
        try (rows) {
            return rows.limit(MAX_ROWS).map(Row::toMap).count();
        }
    }

    private static Void sample(Stream<Row> rows, String column, List<Object> samples) {
        try (rows) {
            rows.limit(MAX_ROWS).forEach(row -> {
                Object value = row.toMap().get(column);
                if (value != null && samples.size() < SAMPLES) {
                    samples.add(value);
                }
            });
        }
        return null;
    }

    /** Runs one step; a typed failure ends only that step, anything else fails the input. */
    private static <T> T typed(Supplier<T> step) {
        try {
            return step.get();
        } catch (JazminException expected) {
            return null;
        }
    }
}
