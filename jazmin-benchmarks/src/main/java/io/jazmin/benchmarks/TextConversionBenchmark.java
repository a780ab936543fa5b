package io.jazmin.benchmarks;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.options.WriteOptions;
import io.jazmin.convert.JsonStyle;
import io.jazmin.convert.RowFormat;
import io.jazmin.convert.RowSink;
import io.jazmin.convert.RowSinks;
import io.jazmin.convert.RowSource;
import io.jazmin.convert.RowSources;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Timeout;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Streaming conversion of a large generated rows file between CSV or XML and .jzm, under a 256 MB
 * heap (issue 13): import with the columns given, import with the columns inferred (two passes over
 * the file), and export. The rows (id, name with markup and non-ASCII text, decimal amount, float,
 * datetime, bool, a note null in every seventh row) are about 190 bytes of XML and 110 of CSV each;
 * one million by default, six million make a 1 GB XML file. A conversion whose memory grew with the
 * file would fail with an OutOfMemoryError; each iteration checks its row count and prints its peak
 * heap, and the fork's peak (generating the files included) is printed at its end.
 *
 * <pre>{@code java -jar jazmin-benchmarks/target/benchmarks.jar TextConversionBenchmark [-p rows=6000000]}</pre>
 *
 * <p>Results of the 1 GB runs: {@code jazmin-benchmarks/RESULTS-issue13.md}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xmx256m"})
// JMH interrupts an iteration after 10 minutes, and an interrupt closes the file channels (ClosedByInterruptException):
// on a busy machine one conversion of 1 GB, or making the files, takes longer.
@Timeout(time = 2, timeUnit = TimeUnit.HOURS)
public class TextConversionBenchmark {
    /** Bumped whenever the generator changes, so stale cached files are not reused. */
    private static final String VERSION = "v1";
    private static final Instant EPOCH = Instant.parse("2024-01-01T00:00:00Z");
    static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("name", ColumnType.STRING), Column.of("amount", ColumnType.DECIMAL),
            Column.of("score", ColumnType.FLOAT), Column.of("at", ColumnType.DATETIME),
            Column.of("active", ColumnType.BOOL), Column.of("note", ColumnType.STRING));

    @Param({"csv", "xml"})
    public String format;

    @Param({"1000000"})
    public int rows;

    private Path text;
    private Path jzm;
    private Path scratchJzm;
    private Path scratchText;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        String base = System.getProperty("jazmin.bench.dir");
        Path dir = (base == null ? Path.of(System.getProperty("java.io.tmpdir")) : Path.of(base))
                .resolve("jazmin-bench-text-" + rows + "-" + VERSION);
        Files.createDirectories(dir);
        jzm = dir.resolve("rows.jzm");
        text = dir.resolve("rows." + format);
        scratchJzm = dir.resolve("scratch-" + format + ".jzm");
        scratchText = dir.resolve("scratch." + format);
        if (!Files.exists(jzm)) {
            try (JazminWriter writer = JazminWriter.create(jzm, COLUMNS, WriteOptions.defaults())) {
                for (long i = 0; i < rows; i++) {
                    writer.writeValues(row(i).toArray());
                }
                writer.finish();
            }
        }
        if (!Files.exists(text)) {
            export(jzm, scratchText);
            Files.move(scratchText, text, StandardCopyOption.REPLACE_EXISTING);
        }
        System.out.printf(Locale.ROOT, "%n%s: %,d rows, %,d bytes%n", text.getFileName(), rows, Files.size(text));
    }

    static List<Object> row(long i) {
        List<Object> values = new ArrayList<>(COLUMNS.size());
        values.add(i);
        values.add("Customer " + i + (i % 3 == 0 ? " <Zoë & \"Sons\">, ltd" : " 👋"));
        values.add(BigDecimal.valueOf(i * 37 % 1_000_000, 2));
        values.add(i / 7.0);
        values.add(EPOCH.plusSeconds(i * 61));
        values.add(i % 2 == 0);
        values.add(i % 7 == 0 ? null : "note " + Long.toString(i * 7919, 36));
        return values;
    }

    @Setup(Level.Iteration)
    public void resetPeak() {
        ManagementFactory.getMemoryPoolMXBeans().stream().filter(p -> p.getType() == MemoryType.HEAP)
                .forEach(MemoryPoolMXBean::resetPeakUsage);
    }

    @TearDown(Level.Iteration)
    public void printPeak() {
        System.out.printf(Locale.ROOT, "%n[text conversion] %s peak heap of this iteration: %.1f MB%n", format,
                WideTable.heapPeakMb());
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        System.out.printf(Locale.ROOT, "%nheap peak of this fork: %.1f MB%n", WideTable.heapPeakMb());
        Files.deleteIfExists(scratchJzm);
        Files.deleteIfExists(scratchText);
    }

    @Benchmark
    public long importGivenColumns() throws IOException {
        return checked(importText(COLUMNS));
    }

    @Benchmark
    public long importInferred() throws IOException {
        return checked(importText(null));
    }

    @Benchmark
    public long exportRows() {
        return checked(export(jzm, scratchText));
    }

    /** Every conversion must see every row: a short one would look fast. */
    private long checked(long count) {
        if (count != rows) {
            throw new IllegalStateException(format + ": converted " + count + " rows, expected " + rows);
        }
        return count;
    }

    private long importText(List<Column> columns) throws IOException {
        try (RowSource source = RowSources.open(text, RowFormat.forFile(text), columns);
             JazminWriter writer = JazminWriter.create(scratchJzm, source.columns(), WriteOptions.defaults())) {
            writer.writeRows(source);
            long count = writer.rowCount();
            writer.finish();
            return count;
        }
    }

    private static long export(Path from, Path to) {
        long count = 0;
        try (JazminReader reader = JazminReader.open(from);
             Stream<Row> all = reader.table().rows(RowQuery.all());
             RowSink sink = RowSinks.create(to, reader.table().columns(), JsonStyle.HUMAN)) {
            for (Row row : (Iterable<Row>) all::iterator) {
                List<Object> values = new ArrayList<>(row.size());
                for (int i = 0; i < row.size(); i++) {
                    values.add(row.get(i));
                }
                sink.write(values);
                count++;
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return count;
    }
}
