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

    void table(List<Row> rows, long jazminBytes, int jazminFiles, long parquetBytes, int parquetFiles) {
        line("| operation | JAZMIN | Parquet | Parquet ÷ JAZMIN |");
        line("|---|---:|---:|---:|");
        for (Row r : rows) {
            long tj = median(r.jazmin(), Timed::nanos);
            long tp = median(r.parquet(), Timed::nanos);
            line("| " + r.operation() + ": time, median (min–max) | " + time(r.jazmin(), tj) + " | " + time(r.parquet(), tp)
                    + " | " + ratio(tp, tj) + " |");
            long cj = median(r.jazmin(), Timed::rchar);
            long cp = median(r.parquet(), Timed::rchar);
            line("| " + r.operation() + ": bytes read by the process (rchar) | " + bytes(cj) + " | " + bytes(cp)
                    + " | " + ratio(cp, cj) + " |");
            long sj = median(r.jazmin(), Timed::sparkBytesRead);
            long sp = median(r.parquet(), Timed::sparkBytesRead);
            line("| " + r.operation() + ": Spark inputMetrics.bytesRead | " + bytes(sj) + " | " + bytes(sp)
                    + " | " + ratio(sp, sj) + " |");
        }
        line("| total file size | " + bytes(jazminBytes) + " in " + jazminFiles + " files | " + bytes(parquetBytes) + " in "
                + parquetFiles + " files | " + ratio(parquetBytes, jazminBytes) + " |");
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
