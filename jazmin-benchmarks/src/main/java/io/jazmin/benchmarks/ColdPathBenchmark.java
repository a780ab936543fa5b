package io.jazmin.benchmarks;

import io.jazmin.benchmarks.CustomersData.Customer;
import io.jazmin.options.ReadOptions;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;
import java.util.SplittableRandom;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * The cold reads of issue 33, each from a fresh open of the 200,000-customer file with 3 indexes:
 * {@code file} picks the file written by default ({@code plain}), the same without column flush
 * points ({@code noFlushPoints}) or with a key ({@code key}), and ({@link #main} only) the same rows
 * without indexes ({@code noIndexes}); {@code cache} whether the process-wide
 * decoded-chunk cache is used ({@code off} is the pairing with SQLite's connection per query and
 * DuckDB's single connection; {@code on} with SQLite's warm connection). Lookups draw a pseudo-random
 * id per call (every chunk equally likely), so the cache on serves them only once it holds the table.
 *
 * <pre>{@code java -jar jazmin-benchmarks/target/benchmarks.jar ColdPathBenchmark -prof gc}</pre>
 *
 * <p>On a machine other processes keep busy, wall times say little; {@link #main} runs the same
 * operations interleaved in one JVM, each read on the calling thread alone (parallelism 1), and prints,
 * per operation, the median over rounds of that thread's CPU time and allocation per call beside the
 * wall time:
 * <pre>{@code java -Djazmin.bench.dir=DIR -cp jazmin-benchmarks/target/benchmarks.jar io.jazmin.benchmarks.ColdPathBenchmark [rounds] [filter]}</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx2g", CustomersBenchmark.ARROW_OPENS})
public class ColdPathBenchmark {
    @Param("200000")
    public int rows;

    @Param({"plain", "noFlushPoints", "key"})
    public String file;

    @Param({"off", "on"})
    public String cache;

    private Path path;
    private ReadOptions options;
    private final SplittableRandom random = new SplittableRandom(17);

    @Setup(Level.Trial)
    public void setUp() {
        CustomersFiles files = CustomersFiles.ensure(rows);
        path = switch (file) {
            case "plain" -> files.jzm3Indexes;
            case "noFlushPoints" -> files.jzm3IndexesNoFlushPoints;
            case "key" -> files.jzm3IndexesKey;
            case "noIndexes" -> files.jzmNoIndexes;
            default -> throw new IllegalArgumentException("file " + file);
        };
        ReadOptions base = file.equals("key") ? ReadOptions.defaults().withKey(files.key()) : ReadOptions.defaults();
        // The key file's cache "on" is the opt-in ReadOptions.withCacheDecryptedChunks (without it, "off").
        options = base.withSharedCache(cache.equals("on")).withCacheDecryptedChunks(cache.equals("on"));
    }

    /** open → find {"id": random id} → the record. */
    @Benchmark
    public Customer findRandomId() {
        return JazminOps.findById(path, random.nextInt(rows), options);
    }

    /** open → count {"country":"NA","age":{"gt":80}}. */
    @Benchmark
    public long filterCount() {
        return JazminOps.filterCount(path, options);
    }

    /** open → count {"name":{"contains":"Ndlovu"}}. */
    @Benchmark
    public long containsCount() {
        return JazminOps.containsCount(path, options);
    }

    /** open → sum of balance. */
    @Benchmark
    public double sumBalance() {
        return JazminOps.sumBalance(path, options);
    }

    /** One operation of {@link #main}: a name and a call returning something depending on the answer. */
    private record Op(String name, ToLongFunction<ColdPathBenchmark> call) {
    }

    /**
     * Interleaved rounds of every operation (see the class comment); {@code args}: rounds (default
     * 30) and a substring the operation names must contain.
     */
    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        String only = args.length > 1 ? args[1] : "";
        List<Op> ops = new ArrayList<>();
        Map<String, ColdPathBenchmark> states = new LinkedHashMap<>();
        for (String f : List.of("plain", "noFlushPoints", "key", "noIndexes")) {
            for (String c : List.of("off", "on")) {
                ColdPathBenchmark b = new ColdPathBenchmark();
                b.rows = 200_000;
                b.file = f;
                b.cache = c;
                b.setUp();
                b.options = b.options.withMaxDegreeOfParallelism(1);
                String tag = f + "/cache " + c;
                states.put(tag, b);
                ops.add(new Op("findRandomId " + tag, x -> x.findRandomId().id()));
                if (c.equals("off")) {
                    ops.add(new Op("filterCount " + tag, ColdPathBenchmark::filterCount));
                    ops.add(new Op("containsCount " + tag, ColdPathBenchmark::containsCount));
                    ops.add(new Op("sumBalance " + tag, x -> (long) x.sumBalance()));
                }
            }
        }
        ops.removeIf(op -> !op.name().contains(only));
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long me = Thread.currentThread().getId();
        Map<String, List<double[]>> samples = new LinkedHashMap<>();
        long sink = 0;
        for (int r = 0; r < rounds; r++) {
            for (Op op : ops) {
                ColdPathBenchmark state = states.get(op.name().substring(op.name().indexOf(' ') + 1));
                // ~100 ms of calls per round and operation, as JMH repeats a small read back to back.
                long end = System.nanoTime() + 100_000_000L;
                int calls = 0;
                long cpu0 = threads.getCurrentThreadCpuTime();
                long bytes0 = threads.getThreadAllocatedBytes(me);
                long wall0 = System.nanoTime();
                do {
                    sink += op.call().applyAsLong(state);
                    calls++;
                } while (System.nanoTime() < end);
                double cpu = (threads.getCurrentThreadCpuTime() - cpu0) / 1000.0 / calls;
                double kib = (threads.getThreadAllocatedBytes(me) - bytes0) / 1024.0 / calls;
                double wall = (System.nanoTime() - wall0) / 1000.0 / calls;
                if (r >= rounds / 3) { // the first third warms up
                    samples.computeIfAbsent(op.name(), k -> new ArrayList<>()).add(new double[] {cpu, wall, kib});
                }
            }
        }
        System.out.printf("%-40s %12s %12s %12s%n", "operation", "cpu us/op", "wall us/op", "KiB/op");
        for (var e : samples.entrySet()) {
            System.out.printf("%-40s %12.1f %12.1f %12.1f%n", e.getKey(), median(e.getValue(), 0),
                    median(e.getValue(), 1), median(e.getValue(), 2));
        }
        System.out.println("(sink " + sink + ")");
    }

    private static double median(List<double[]> values, int column) {
        double[] v = values.stream().mapToDouble(d -> d[column]).toArray();
        Arrays.sort(v);
        return v[v.length / 2];
    }
}
