package io.jazmin.spark.bench;

import io.jazmin.spark.bench.ReadMeter.Timed;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToLongFunction;

/**
 * The benchmark's Markdown table: per operation, the median time of each format (with the fastest
 * and slowest run) and the bytes read, with ratios Parquet ÷ JAZMIN from the same run (above 1 means
 * JAZMIN took less), then the folders' sizes.
 */
final class MarkdownReport {
    /** The timed runs of one operation on both formats. */
    record Row(String operation, List<Timed> jazmin, List<Timed> parquet) {
    }

    private final List<String> lines = new ArrayList<>();

    void line(String text) {
        lines.add(text);
    }

    /**
     * The table; with {@code hdfs}, the bytes read from {@code hdfs://} by the process, else its
     * {@code rchar} (which, with HDFS in the JVM, would count the data node's reads too).
     */
    void table(List<Row> rows, long jazminBytes, int jazminFiles, long parquetBytes, int parquetFiles, boolean hdfs) {
        line("| operation | JAZMIN | Parquet | Parquet ÷ JAZMIN |");
        line("|---|---:|---:|---:|");
        for (Row r : rows) {
            long tj = median(r.jazmin(), Timed::nanos);
            long tp = median(r.parquet(), Timed::nanos);
            line("| " + r.operation() + ": time, median (min–max) | " + time(r.jazmin(), tj) + " | " + time(r.parquet(), tp)
                    + " | " + ratio(tp, tj) + " |");
            if (hdfs) {
                long hj = median(r.jazmin(), Timed::hdfsBytesRead);
                long hp = median(r.parquet(), Timed::hdfsBytesRead);
                line("| " + r.operation() + ": bytes read from hdfs:// (Hadoop statistics, driver and tasks) | "
                        + bytes(hj) + " | " + bytes(hp) + " | " + ratio(hp, hj) + " |");
            } else {
                long cj = median(r.jazmin(), Timed::rchar);
                long cp = median(r.parquet(), Timed::rchar);
                line("| " + r.operation() + ": bytes read by the process (rchar) | " + bytes(cj) + " | " + bytes(cp)
                        + " | " + ratio(cp, cj) + " |");
            }
            long sj = median(r.jazmin(), Timed::sparkBytesRead);
            long sp = median(r.parquet(), Timed::sparkBytesRead);
            line("| " + r.operation() + ": Spark inputMetrics.bytesRead | " + bytes(sj) + " | " + bytes(sp)
                    + " | " + ratio(sp, sj) + " |");
        }
        line("| total file size | " + bytes(jazminBytes) + " in " + jazminFiles + " files | " + bytes(parquetBytes) + " in "
                + parquetFiles + " files | " + ratio(parquetBytes, jazminBytes) + " |");
    }

    /**
     * Issue 32's goals against this run's medians: the count (the first row) at least as fast as
     * Parquet and reading at most 2× its bytes, the lookup (the second) at least 3× faster.
     */
    void goals(List<Row> rows, boolean hdfs) {
        ToLongFunction<Timed> read = hdfs ? Timed::hdfsBytesRead : Timed::rchar;
        Row count = rows.get(0);
        Row lookup = rows.get(1);
        double countSpeed = quotient(median(count.parquet(), Timed::nanos), median(count.jazmin(), Timed::nanos));
        double countBytes = quotient(median(count.jazmin(), read), median(count.parquet(), read));
        double lookupSpeed = quotient(median(lookup.parquet(), Timed::nanos), median(lookup.jazmin(), Timed::nanos));
        line("- goals (issue 32): count speed Parquet ÷ JAZMIN " + fixed(countSpeed) + " (goal ≥ 1: " + met(countSpeed >= 1)
                + "); count bytes JAZMIN ÷ Parquet " + fixed(countBytes) + " (goal ≤ 2: " + met(countBytes <= 2)
                + "); lookup speed Parquet ÷ JAZMIN " + fixed(lookupSpeed) + " (goal ≥ 3: " + met(lookupSpeed >= 3) + ")");
    }

    private static double quotient(long a, long b) {
        return b <= 0 || a < 0 ? Double.NaN : (double) a / b;
    }

    private static String fixed(double v) {
        return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%.2f×", v);
    }

    private static String met(boolean yes) {
        return yes ? "met" : "not met";
    }

    String text() {
        return String.join("\n", lines) + "\n";
    }

    static long median(List<Timed> runs, ToLongFunction<Timed> value) {
        long[] v = runs.stream().mapToLong(value).sorted().toArray();
        int mid = v.length / 2;
        return v.length % 2 == 1 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
    }

    private static String time(List<Timed> runs, long medianNanos) {
        long min = runs.stream().mapToLong(Timed::nanos).min().orElse(0);
        long max = runs.stream().mapToLong(Timed::nanos).max().orElse(0);
        return ms(medianNanos) + " (" + ms(min) + "–" + ms(max) + ")";
    }

    private static String ms(long nanos) {
        return String.format(Locale.ROOT, "%,.1f ms", nanos / 1e6);
    }

    private static String bytes(long n) {
        if (n < 0) {
            return "n/a";
        }
        return n < 1024 * 1024 ? String.format(Locale.ROOT, "%,d B", n)
                : String.format(Locale.ROOT, "%,.1f MiB (%,d B)", n / (1024.0 * 1024), n);
    }

    private static String ratio(long parquet, long jazmin) {
        return parquet < 0 || jazmin <= 0 ? "n/a" : String.format(Locale.ROOT, "%.2f×", (double) parquet / jazmin);
    }
}
