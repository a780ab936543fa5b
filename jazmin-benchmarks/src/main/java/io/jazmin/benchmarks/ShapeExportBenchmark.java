package io.jazmin.benchmarks;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.export.ExportShape;
import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.options.WriteOptions;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * Export of nested transaction lines grouped by client (the design's statement example, issue 13):
 * {@code lines} lines of {@code clients} clients, one output entry per client with its name, count,
 * exact decimal total and its lines. A file sorted by the client exports in one pass holding one
 * client's lines; an unsorted one takes a pass to find the clients, then one pass per batch of
 * {@code ShapeRunner.BATCH_ROWS} lines. The reference published 1.9 s (Node, sorted) to 9.1 s
 * (unsorted) for 1,000,000 lines of 10,000 clients. The answer is checked once before timing (client
 * count, lines per client, sum of the totals); peak heap of each iteration is printed.
 *
 * <pre>{@code java -jar jazmin-benchmarks/target/benchmarks.jar ShapeExportBenchmark -prof gc}</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xms256m", "-Xmx1g"})
public class ShapeExportBenchmark {
    static final String SHAPE = "{\"clients\":{\"$rows\":{\"id\":\"client\",\"name\":\"name\",\"n\":{\"$count\":true},"
            + "\"total\":{\"$sum\":\"amount\"},\"lines\":{\"$rows\":{\"line\":\"line\",\"at\":\"at\","
            + "\"amount\":\"amount\"}}},\"$groupBy\":\"client\"}}";
    private static final List<Column> COLUMNS = List.of(Column.required("client", ColumnType.STRING),
            Column.of("name", ColumnType.STRING), Column.required("line", ColumnType.INT),
            Column.of("at", ColumnType.DATETIME), Column.of("amount", ColumnType.DECIMAL));

    @Param("1000000")
    public int lines;

    @Param("10000")
    public int clients;

    @Param({"true", "false"})
    public boolean sortedByClient;

    private Path file;
    private ExportShape shape;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        String base = System.getProperty("jazmin.bench.dir", System.getProperty("java.io.tmpdir"));
        Path dir = Files.createDirectories(Path.of(base).resolve("jazmin-bench-shapes"));
        file = dir.resolve("lines-" + lines + "-" + clients + (sortedByClient ? "-sorted" : "") + ".jzm");
        if (!Files.exists(file)) {
            write(file);
        }
        shape = ExportShape.parse(SHAPE);
        verify(dir);
    }

    /**
     * Exports once to a file and reads it back with a streaming parser: every client once, each with
     * its {@code lines / clients} lines, and the totals adding up to the sum of all amounts.
     */
    private void verify(Path dir) throws IOException {
        Path json = dir.resolve("check-" + file.getFileName() + ".json");
        try (OutputStream out = Files.newOutputStream(json);
             JazminReader reader = JazminReader.open(file)) {
            reader.export(shape, out);
        }
        long cents = 0;
        for (long i = 0; i < lines; i++) {
            cents += i % 100_000;
        }
        ShapeAnswer want = new ShapeAnswer(clients, lines / clients, lines / clients, BigDecimal.valueOf(cents, 2));
        ShapeAnswer got;
        try {
            got = ShapeAnswer.read(json);
        } finally {
            Files.delete(json);
        }
        if (lines % clients != 0 || !got.equals(want)) {
            throw new IllegalStateException("shape export answer " + got + ", expected " + want);
        }
        System.out.printf("%n[shape export] sortedByClient=%s checked: %s%n", sortedByClient, got);
    }

    /** Line {@code i} belongs to client {@code i / perClient} (sorted) or {@code i % clients} (interleaved). */
    private void write(Path target) {
        int perClient = Math.max(1, lines / clients);
        WriteOptions options = WriteOptions.defaults().withSortedBy(sortedByClient ? List.of("client") : List.of());
        try (JazminWriter w = JazminWriter.create(target, COLUMNS, options)) {
            for (int i = 0; i < lines; i++) {
                int c = sortedByClient ? Math.min(clients - 1, i / perClient) : i % clients;
                String id = String.format("C%06d", c);
                w.writeValues(id, "Client " + id, (long) i, Instant.ofEpochSecond(1_700_000_000L + i),
                        BigDecimal.valueOf(i % 100_000, 2));
            }
            w.finish();
        }
    }

    @Setup(Level.Iteration)
    public void resetPeak() {
        heapPools().forEach(MemoryPoolMXBean::resetPeakUsage);
    }

    @TearDown(Level.Iteration)
    public void printPeak() {
        long peak = heapPools().stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
        System.out.printf("%n[shape export] sortedByClient=%s peak heap %d MB%n", sortedByClient, peak >> 20);
    }

    private static List<MemoryPoolMXBean> heapPools() {
        return ManagementFactory.getMemoryPoolMXBeans().stream().filter(p -> p.getType() == MemoryType.HEAP).toList();
    }

    @Benchmark
    public long exportGroupedByClient() {
        CountingOutput out = new CountingOutput();
        try (JazminReader reader = JazminReader.open(file)) {
            reader.export(shape, out);
        }
        return out.bytes;
    }

    /** Counts the output instead of keeping it. */
    private static final class CountingOutput extends OutputStream {
        long bytes;

        @Override
        public void write(int b) {
            bytes++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            bytes += len;
        }
    }

    /** A short run outside JMH: {@code java -cp benchmarks.jar io.jazmin.benchmarks.ShapeExportBenchmark 100000 1000}. */
    public static void main(String[] args) throws IOException {
        ShapeExportBenchmark b = new ShapeExportBenchmark();
        b.lines = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        b.clients = args.length > 1 ? Integer.parseInt(args[1]) : 1_000;
        for (boolean sorted : new boolean[] {true, false}) {
            b.sortedByClient = sorted;
            b.setUp();
            for (int run = 0; run < 3; run++) {
                b.resetPeak();
                long start = System.nanoTime();
                long bytes = b.exportGroupedByClient();
                System.out.printf("sorted=%s: %d bytes in %d ms%n", sorted, bytes, (System.nanoTime() - start) / 1_000_000);
                b.printPeak();
            }
        }
    }
}
