package io.jazmin.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.ToDoubleFunction;

/**
 * The headline's systems and questions interleaved in one JVM (beside {@link HeadlineBenchmark}, whose
 * systems run one after another): every system is opened and its answers checked, then each round
 * runs every (question, system) pair in a new random order, each repeated back to back for a slice of
 * time; the time per operation of a pair is its median over the rounds. Load that comes and goes
 * falls on every system alike. Prints {@link HeadlineReport}'s tables (times only).
 *
 * <pre>{@code java -Xmx2g -cp benchmarks.jar io.jazmin.benchmarks.HeadlineRounds [rounds=15] [slice ms=150] [rows=200000]}</pre>
 */
public final class HeadlineRounds {
    /** The systems interleaved: {@link HeadlineBenchmark.Engine}'s. */
    static final List<HeadlineSystem> SYSTEMS = List.of(HeadlineSystem.JAZMIN_CACHE_OFF, HeadlineSystem.SQLITE_PER_QUERY,
            HeadlineSystem.JAZMIN_KEY, HeadlineSystem.DUCKDB_ONE_CONNECTION, HeadlineSystem.DUCKDB_PER_QUERY,
            HeadlineSystem.MSGPACK, HeadlineSystem.JAZMIN_CACHE_ON, HeadlineSystem.SQLITE_ONE_CONNECTION,
            HeadlineSystem.JAZMIN_KEY_CACHE_ON);

    /** Where every answer goes, so no operation is dead code. */
    static volatile double sink;

    private HeadlineRounds() {
    }

    /** One (question, system) pair and its times per operation, one per round. */
    private record Task(String question, HeadlineSystem system, ToDoubleFunction<CustomerQueries> op, List<Double> ms) {
    }

    public static void main(String[] args) {
        Locale.setDefault(Locale.ROOT);
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 15;
        long sliceNanos = (args.length > 1 ? Long.parseLong(args[1]) : 150) * 1_000_000L;
        int rows = args.length > 2 ? Integer.parseInt(args[2]) : CustomersData.DEFAULT_ROWS;
        CustomersFiles files = CustomersFiles.ensureHeadline(rows, CustomersFiles.defaultBase());
        long id = CustomersData.findId(rows);
        Map<HeadlineSystem, CustomerQueries> open = new EnumMap<>(HeadlineSystem.class);
        List<Task> tasks = new ArrayList<>();
        try {
            for (HeadlineSystem s : SYSTEMS) {
                CustomerQueries q = s.open(files);
                open.put(s, q);
                HeadlineAnswers.check(s, q, rows);
                tasks.add(new Task("findById", s, x -> x.findById(id).id(), new ArrayList<>()));
                tasks.add(new Task("filterCount", s, CustomerQueries::filterCount, new ArrayList<>()));
                tasks.add(new Task("containsCount", s, CustomerQueries::containsCount, new ArrayList<>()));
                tasks.add(new Task("sumBalance", s, CustomerQueries::sumBalance, new ArrayList<>()));
                tasks.add(new Task("readAll", s, CustomerQueries::readAll, new ArrayList<>()));
            }
            Random random = new Random(33);
            double answers = 0;
            for (int round = -2; round < rounds; round++) { // two rounds of warm-up
                Collections.shuffle(tasks, random);
                for (Task t : tasks) {
                    CustomerQueries q = open.get(t.system());
                    long start = System.nanoTime();
                    long n = 0;
                    long now;
                    do {
                        answers += t.op().applyAsDouble(q);
                        n++;
                        now = System.nanoTime();
                    } while (now - start < sliceNanos);
                    if (round >= 0) {
                        t.ms().add((now - start) / 1e6 / n);
                    }
                }
                System.err.printf("%s done, load %s%n", round < 0 ? "warm-up" : "round " + (round + 1) + " of " + rounds,
                        load());
            }
            sink = answers;
            HeadlineReport report = new HeadlineReport("median over the rounds");
            for (Task t : tasks) {
                double[] v = t.ms().stream().mapToDouble(Double::doubleValue).sorted().toArray();
                report.add(new JmhResults.Entry(t.question(), Map.of("system", t.system().param()), v[v.length / 2],
                        Double.NaN, Map.of()));
            }
            System.out.printf("Interleaved in one JVM: %d rounds in random order, each pair repeated back to back for "
                    + "%d ms a round; median time per operation; load average at the end %s%n%n", rounds,
                    sliceNanos / 1_000_000, load());
            System.out.print(report.render());
        } finally {
            open.values().forEach(CustomerQueries::close);
        }
    }

    /** The load averages over 1, 5 and 15 minutes (Linux), else "?". */
    static String load() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException e) {
            return "?";
        }
    }
}
