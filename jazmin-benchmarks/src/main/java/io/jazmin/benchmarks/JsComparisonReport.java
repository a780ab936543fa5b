package io.jazmin.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The Markdown table of {@code js-compare.sh}: per operation, the median over the rounds of each
 * side's best time, and JS ÷ ours. A side with no round files (our side run alone) shows "—". Our plain-file
 * reads appear twice, with the shared chunk cache on and off, each beside the reference's same read (which
 * keeps nothing between opens); key files are never in the shared cache by default.
 */
public final class JsComparisonReport {
    /** One row of the table: our operation's name, the reference's operation it is compared with, the label. */
    record Comparison(String ours, String js, String label) {
        Comparison(String both, String label) {
            this(both, both, label);
        }
    }

    /** The table's rows, in order; the names are those of both sides' TSV. */
    static final List<Comparison> OPERATIONS = List.of(
            new Comparison("writeNoIndexes", "write, no indexes"),
            new Comparison("write3Indexes", "write, 3 indexes"),
            new Comparison("write3IndexesKey", "write, 3 indexes + key"),
            new Comparison("readAll", "read all (shared cache on)"),
            new Comparison("findById", "open + find by id (shared cache on)"),
            new Comparison("filterCount", "open + count country NA and age > 80 (shared cache on)"),
            new Comparison("containsCount", "open + count name contains 'Ndlovu' (shared cache on)"),
            new Comparison("readAllNoCache", "readAll", "read all (shared cache off)"),
            new Comparison("findByIdNoCache", "findById", "open + find by id (shared cache off)"),
            new Comparison("filterCountNoCache", "filterCount", "open + count NA & age > 80 (shared cache off)"),
            new Comparison("containsCountNoCache", "containsCount", "open + count contains 'Ndlovu' (shared cache off)"),
            new Comparison("readAllKey", "read all (key file)"),
            new Comparison("findByIdKey", "open + find by id (key file)"),
            new Comparison("filterCountKey", "open + count NA & age > 80 (key file)"),
            new Comparison("containsCountKey", "open + count contains 'Ndlovu' (key file)"));

    private final List<Map<String, Double>> js;
    private final List<Map<String, Double>> ours;

    /** Each side's rounds, each round being best milliseconds by operation name. */
    JsComparisonReport(List<Map<String, Double>> js, List<Map<String, Double>> ours) {
        this.js = js;
        this.ours = ours;
    }

    /** Reads {@code js-R.tsv} and {@code java-R.tsv} for R = 1 … rounds from {@code folder}. */
    static JsComparisonReport fromFolder(Path folder, int rounds) throws IOException {
        List<Map<String, Double>> js = new ArrayList<>();
        List<Map<String, Double>> ours = new ArrayList<>();
        for (int r = 1; r <= rounds; r++) {
            Path jsRound = folder.resolve("js-" + r + ".tsv");
            if (Files.exists(jsRound)) {
                js.add(parse(Files.readAllLines(jsRound)));
            }
            ours.add(parse(Files.readAllLines(folder.resolve("java-" + r + ".tsv"))));
        }
        return new JsComparisonReport(js, ours);
    }

    /** One round's TSV ({@code op<TAB>best ms<TAB>runs}; lines starting with # are comments). */
    static Map<String, Double> parse(List<String> lines) {
        Map<String, Double> out = new HashMap<>();
        for (String line : lines) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\t");
            if (f.length < 2) {
                throw new IllegalArgumentException("not an 'op<TAB>ms' line: " + line);
            }
            out.put(f[0], Double.parseDouble(f[1]));
        }
        return out;
    }

    /** The median of the rounds' values of {@code op}, or {@code NaN} when no round has it. */
    static double median(List<Map<String, Double>> rounds, String op) {
        double[] v = rounds.stream().filter(r -> r.containsKey(op)).mapToDouble(r -> r.get(op)).sorted().toArray();
        if (v.length == 0) {
            return Double.NaN;
        }
        int mid = v.length / 2;
        return v.length % 2 == 1 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
    }

    /** The table, then each side's round bests. */
    String markdown() {
        StringBuilder out = new StringBuilder();
        out.append("| operation | JS (median of round-bests, ms) | ours (ms) | JS ÷ ours |\n");
        out.append("|---|---:|---:|---:|\n");
        for (Comparison op : OPERATIONS) {
            double j = median(js, op.js());
            double o = median(ours, op.ours());
            out.append("| ").append(op.label()).append(" | ").append(ms(j)).append(" | ").append(ms(o)).append(" | ")
                    .append(Double.isNaN(j) || Double.isNaN(o) ? "—" : String.format(Locale.ROOT, "%.2f", j / o))
                    .append(" |\n");
        }
        out.append("\nRound bests (ms), JS; ours:\n\n");
        for (Comparison op : OPERATIONS) {
            out.append("- ").append(op.ours()).append(": ").append(bests(js, op.js())).append("; ")
                    .append(bests(ours, op.ours())).append('\n');
        }
        return out.toString();
    }

    private static String bests(List<Map<String, Double>> rounds, String op) {
        String[] v = rounds.stream().filter(r -> r.containsKey(op)).map(r -> ms(r.get(op))).toArray(String[]::new);
        return v.length == 0 ? "—" : String.join(" ", Arrays.asList(v));
    }

    static String ms(double v) {
        if (Double.isNaN(v)) {
            return "—";
        }
        return String.format(Locale.ROOT, v < 10 ? "%.2f" : v < 100 ? "%.1f" : "%.0f", v);
    }
}
