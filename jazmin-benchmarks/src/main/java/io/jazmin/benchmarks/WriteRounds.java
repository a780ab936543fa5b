package io.jazmin.benchmarks;

import io.jazmin.JazminWriter;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Codec;
import io.jazmin.schema.IndexKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes of the customers table with several option sets, interleaved in one JVM: after a warm-up of
 * each, round after round of one write per set, so that a ratio between two sets (3 indexes ÷ none)
 * is not moved by what the machine did between two JMH benchmarks. Run by hand (issue 17's write
 * goals), never by CI:
 * {@code java -Xms1g -Xmx2g -Djazmin.bench.dir=target/bench-data -cp target/benchmarks.jar
 * io.jazmin.benchmarks.WriteRounds wall|cpu|process ROUNDS SET...}, sets among {@code none}, {@code all3},
 * {@code id}, {@code name}, {@code country}, {@code level1}, {@code raw}.
 * <ul>
 *   <li>{@code wall}: the default parallelism; per set the least and the median wall time of a write,
 *       and of the part after the last row (finish).</li>
 *   <li>{@code cpu}: every write on the calling thread ({@code withMaxDegreeOfParallelism(1)}); per set
 *       the least, first quartile and median of that thread's CPU time, which other processes on the
 *       machine disturb least.</li>
 *   <li>{@code process}: the default parallelism; per set the least, first quartile and median CPU time of
 *       the whole process during a write (the caller, the workers, the garbage collector and the JIT):
 *       what a write costs both processors, where less allocation shows.</li>
 * </ul>
 */
public final class WriteRounds {
    private static final int WARM_UP_WRITES = 15;

    private WriteRounds() {
    }

    public static void main(String[] args) {
        if (args.length < 3 || !List.of("wall", "cpu", "process").contains(args[0])) {
            throw new IllegalArgumentException("usage: WriteRounds wall|cpu|process ROUNDS SET... (sets: none all3 id"
                    + " name country level1 raw)");
        }
        String mode = args[0];
        boolean cpu = mode.equals("cpu");
        int rounds = Integer.parseInt(args[1]);
        Map<String, WriteOptions> sets = new LinkedHashMap<>();
        for (String name : Arrays.copyOfRange(args, 2, args.length)) {
            WriteOptions options = optionSet(name);
            sets.put(name, cpu ? options.withMaxDegreeOfParallelism(1) : options);
        }
        CustomersFiles files = CustomersFiles.ensure(CustomersData.DEFAULT_ROWS);
        Object[][] rows = CustomersData.valueRows(files.rows);
        Path target = files.scratch("write-rounds.jzm");
        for (int i = 0; i < WARM_UP_WRITES; i++) {
            sets.values().forEach(options -> JazminOps.write(target, rows, options));
        }
        Map<String, List<long[]>> measured = new LinkedHashMap<>();
        sets.keySet().forEach(name -> measured.put(name, new ArrayList<>()));
        for (int r = 0; r < rounds; r++) {
            for (Map.Entry<String, WriteOptions> set : sets.entrySet()) {
                measured.get(set.getKey()).add(switch (mode) {
                    case "cpu" -> threadCpu(target, rows, set.getValue());
                    case "process" -> processCpu(target, rows, set.getValue());
                    default -> wallAndFinish(target, rows, set.getValue());
                });
            }
        }
        for (Map.Entry<String, List<long[]>> set : measured.entrySet()) {
            long[] first = set.getValue().stream().mapToLong(m -> m[0]).sorted().toArray();
            long[] second = set.getValue().stream().mapToLong(m -> m[1]).sorted().toArray();
            JazminOps.write(target, rows, sets.get(set.getKey()));
            long bytes = size(target);
            System.out.println(!mode.equals("wall")
                    ? String.format(Locale.ROOT, "%-8s %s CPU per write: least %.1f, first quartile %.1f,"
                            + " median %.1f ms; %,d bytes", set.getKey(), cpu ? "thread" : "process", ms(first[0]),
                            ms(first[first.length / 4]), ms(first[first.length / 2]), bytes)
                    : String.format(Locale.ROOT, "%-8s wall per write: least %.1f, median %.1f ms; after the last row:"
                            + " least %.1f, median %.1f ms; %,d bytes", set.getKey(), ms(first[0]),
                            ms(first[first.length / 2]), ms(second[0]), ms(second[second.length / 2]), bytes));
        }
    }

    private static WriteOptions optionSet(String name) {
        WriteOptions none = CustomersData.noIndexes();
        return switch (name) {
            case "none" -> none;
            case "all3" -> CustomersData.threeIndexes();
            case "id" -> none.withIndex("id", IndexKind.SORTED);
            case "name" -> none.withIndex("name", IndexKind.TRIGRAM);
            case "country" -> none.withIndex("country", IndexKind.SORTED);
            case "level1" -> none.withLevel(1);
            case "raw" -> none.withCodec(Codec.NONE);
            default -> throw new IllegalArgumentException("unknown set " + name);
        };
    }

    /** The wall time of a write and of its finish, in ns. */
    private static long[] wallAndFinish(Path target, Object[][] rows, WriteOptions options) {
        long start = System.nanoTime();
        long lastRow;
        try (JazminWriter w = JazminWriter.create(target, CustomersData.COLUMNS, options)) {
            for (Object[] row : rows) {
                w.writeValues(row);
            }
            lastRow = System.nanoTime();
            w.finish();
        }
        long end = System.nanoTime();
        return new long[] {end - start, end - lastRow};
    }

    /** The calling thread's CPU time for a write, in ns. */
    private static long[] threadCpu(Path target, Object[][] rows, WriteOptions options) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadCpuTime();
        JazminOps.write(target, rows, options);
        return new long[] {threads.getCurrentThreadCpuTime() - before, 0};
    }

    /** The process's CPU time during a write (every thread), in ns. */
    private static long[] processCpu(Path target, Object[][] rows, WriteOptions options) {
        long before = processCpuNanos();
        JazminOps.write(target, rows, options);
        return new long[] {processCpuNanos() - before, 0};
    }

    /**
     * The time every thread of this process has run, from Linux's per-thread scheduler counts (in ns;
     * the JDK's process CPU time counts whole clock ticks of 10 ms here), the collector's threads
     * included.
     */
    private static long processCpuNanos() {
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc/self/task"))) {
            long sum = 0;
            for (Path task : tasks) {
                try {
                    String stat = Files.readString(task.resolve("schedstat"));
                    sum += Long.parseLong(stat.substring(0, stat.indexOf(' ')));
                } catch (NoSuchFileException ended) {
                    // A thread that ended meanwhile: its time is gone from both readings alike.
                }
            }
            return sum;
        } catch (IOException e) {
            throw new UncheckedIOException("process mode needs Linux's /proc/self/task/*/schedstat", e);
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }
}
