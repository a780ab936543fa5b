package io.jazmin.benchmarks;

import io.jazmin.schema.Column;
import io.jazmin.data.ColumnArrays;
import io.jazmin.schema.ColumnType;
import io.jazmin.data.Filter;
import io.jazmin.JazminReader;
import io.jazmin.options.ReadOptions;
import io.jazmin.JazminTable;
import io.jazmin.JazminWriter;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.options.WriteOptions;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The wide table of benchmark-data.md: N rows × 300 columns (column 0 {@code id}, the row number;
 * columns c1…c299 cycle int, float, short string, each value varying per row and column), written
 * and read as streams. One operation per process, so peak memory is that operation's:
 *
 * <pre>{@code java -Xmx256m -cp benchmarks.jar io.jazmin.benchmarks.WideTable write|generate|open|lookup|sum3|filter|readAll ROWS FILE}</pre>
 *
 * Prints one line {@code WIDE op rows ms peakRssMB heapPeakMB fileBytes result check} (tab-separated);
 * time excludes JVM start and the check of the answer. Peak RSS is VmHWM of /proc/self/status (the
 * whole process: heap, code, metaspace, direct buffers); heap peak is the sum of the heap pools' peak
 * usages. Exits 1 when the answer differs from the generator's.
 */
public final class WideTable {
    /** How each operation reads: the process-wide cache can be turned off with -Djazmin.wide.sharedCache=false. */
    private static final ReadOptions READ = ReadOptions.defaults()
            .withSharedCache(!"false".equals(System.getProperty("jazmin.wide.sharedCache")));

    public static final int COLUMNS = 300;
    /** The three columns summed: an int, a float and another int. */
    static final String[] SUM = {"c1", "c2", "c4"};

    /** Where the generate operation leaves each row, so that the JIT cannot drop making it. */
    static volatile Object[] generated;

    private WideTable() {
    }

    static List<Column> columns() {
        List<Column> cols = new ArrayList<>(COLUMNS);
        cols.add(Column.required("id", ColumnType.INT));
        for (int c = 1; c < COLUMNS; c++) {
            cols.add(Column.of("c" + c, type(c)));
        }
        return cols;
    }

    static ColumnType type(int c) {
        return switch (c % 3) {
            case 1 -> ColumnType.INT;
            case 2 -> ColumnType.FLOAT;
            default -> ColumnType.STRING;
        };
    }

    static long intValue(long i, int c) {
        return (i * 31 + c * 7919L) % 100_000;
    }

    static double floatValue(long i, int c) {
        return ((i * 7919 + c * 104_729L) % 1_000_000) / 100.0;
    }

    /** {@code Long.toString(x, 36)} for every x below 5000, so the timed loop does not run the general radix path. */
    private static final String[] BASE36 = new String[5000];

    static {
        for (int x = 0; x < BASE36.length; x++) {
            BASE36[x] = Long.toString(x, 36);
        }
    }

    /**
     * {@code "s" + Long.toString((i·131 + c·17) mod 5000, 36)}: a new string per call, as a caller's
     * values would be, but without {@code Long.toString}, which cost a sixth of the caller's thread.
     */
    static String stringValue(long i, int c) {
        return "s" + BASE36[(int) ((i * 131 + c * 17L) % 5000)];
    }

    static Object value(long i, int c) {
        if (c == 0) {
            return i;
        }
        return switch (c % 3) {
            case 1 -> intValue(i, c);
            case 2 -> floatValue(i, c);
            default -> stringValue(i, c);
        };
    }

    static final long FILTER_C1_LT = 5_000;
    static final double FILTER_C2_GT = 9_000.0;

    static Filter filter() {
        return Filter.parse("{\"c1\":{\"lt\":" + FILTER_C1_LT + "},\"c2\":{\"gt\":" + FILTER_C2_GT + "}}");
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: WideTable write|generate|open|lookup|sum3|filter|readAll ROWS FILE");
            System.exit(2);
        }
        String op = args[0];
        int n = Integer.parseInt(args[1]);
        Path file = Path.of(args[2]);
        long start = System.nanoTime();
        String result;
        String expected;
        // Computing the expected answer of sum3 and filter (a loop over every row) is not the operation's time.
        long checkNanos = 0;
        switch (op) {
            case "write" -> {
                Files.deleteIfExists(file);
                try (JazminWriter w = JazminWriter.create(file, columns(), WriteOptions.defaults())) {
                    for (long i = 0; i < n; i++) {
                        Object[] row = new Object[COLUMNS];
                        for (int c = 0; c < COLUMNS; c++) {
                            row[c] = value(i, c);
                        }
                        w.writeValues(row);
                    }
                    result = Long.toString(w.rowCount());
                    w.finish();
                }
                expected = Long.toString(n);
            }
            case "generate" -> {
                // The write's rows without the writer: how much of the write's time is the generator's.
                for (long i = 0; i < n; i++) {
                    Object[] row = new Object[COLUMNS];
                    for (int c = 0; c < COLUMNS; c++) {
                        row[c] = value(i, c);
                    }
                    generated = row; // escapes, so the values are really made
                }
                result = n + " rows";
                expected = n + " rows";
            }
            case "open" -> {
                try (JazminReader r = JazminReader.open(file, READ)) {
                    JazminTable t = r.table();
                    result = t.rowCount() + " rows, " + t.columns().size() + " columns";
                }
                expected = n + " rows, " + COLUMNS + " columns";
            }
            case "lookup" -> {
                long id = (long) Math.floor(n * 0.73);
                try (JazminReader r = JazminReader.open(file, READ);
                     Stream<Row> found = r.table().find(Filter.eq("id", id))) {
                    Row row = found.findFirst().orElse(null);
                    result = row == null ? "none" : row.get("id") + "/" + row.get("c1") + "/" + row.get("c299");
                }
                expected = id + "/" + value(id, 1) + "/" + value(id, 299);
            }
            case "sum3" -> {
                double[] sums = new double[SUM.length];
                try (JazminReader r = JazminReader.open(file, READ)) {
                    ColumnArrays a = r.table().columnArrays(null, RowQuery.all().withSelect(List.of(SUM)));
                    for (int k = 0; k < SUM.length; k++) {
                        Object v = a.values(SUM[k]);
                        if (v instanceof long[] longs) {
                            for (long x : longs) {
                                sums[k] += x;
                            }
                        } else {
                            for (double x : (double[]) v) {
                                sums[k] += x;
                            }
                        }
                    }
                }
                result = format(sums);
                long checkStart = System.nanoTime();
                double[] want = new double[SUM.length];
                for (long i = 0; i < n; i++) {
                    for (int k = 0; k < SUM.length; k++) {
                        want[k] += ((Number) value(i, Integer.parseInt(SUM[k].substring(1)))).doubleValue();
                    }
                }
                expected = format(want);
                checkNanos = System.nanoTime() - checkStart;
            }
            case "filter" -> {
                try (JazminReader r = JazminReader.open(file, READ)) {
                    result = Long.toString(r.table().count(filter()));
                }
                long checkStart = System.nanoTime();
                long want = 0;
                for (long i = 0; i < n; i++) {
                    if (intValue(i, 1) < FILTER_C1_LT && floatValue(i, 2) > FILTER_C2_GT) {
                        want++;
                    }
                }
                expected = Long.toString(want);
                checkNanos = System.nanoTime() - checkStart;
            }
            case "readAll" -> {
                long rows = 0;
                long values = 0;
                try (JazminReader r = JazminReader.open(file, READ); Stream<Row> s = r.table().rows()) {
                    for (Iterator<Row> it = s.iterator(); it.hasNext(); ) {
                        Row row = it.next();
                        for (int c = 0; c < row.size(); c++) {
                            if (row.get(c) != null) {
                                values++;
                            }
                        }
                        rows++;
                    }
                }
                result = rows + " rows, " + values + " values";
                expected = n + " rows, " + (long) n * COLUMNS + " values";
            }
            default -> throw new IllegalArgumentException("unknown operation " + op);
        }
        double ms = (System.nanoTime() - start - checkNanos) / 1e6;
        long fileBytes = Files.exists(file) ? Files.size(file) : -1;
        boolean ok = result.equals(expected);
        System.out.printf("WIDE\t%s\t%d\t%.0f\t%.1f\t%.1f\t%d\t%s\t%s%n", op, n, ms, peakRssMb(), heapPeakMb(),
                fileBytes, result, ok ? "ok" : "MISMATCH want " + expected);
        if (!ok) {
            System.exit(1);
        }
    }

    private static String format(double[] sums) {
        StringBuilder sb = new StringBuilder();
        for (double s : sums) {
            sb.append(sb.length() == 0 ? "" : ";").append(String.format("%.2f", s));
        }
        return sb.toString();
    }

    /** VmHWM of this process in MB, or -1 where /proc is missing. */
    static double peakRssMb() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024.0;
                }
            }
        } catch (Exception e) {
            // not Linux
        }
        return -1;
    }

    static double heapPeakMb() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.getPeakUsage() != null) {
                sum += pool.getPeakUsage().getUsed();
            }
        }
        return sum / (1024.0 * 1024.0);
    }
}
