package io.jazmin.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Turns one run's outputs into Markdown: the JMH JSON ({@code -rf json}), {@code sizes.json} from
 * {@link Prepare} and the {@code WIDE} lines of {@link WideTable}. Ratios are against Jackson and
 * SQLite measured in the same run.
 *
 * <pre>{@code java -cp benchmarks.jar io.jazmin.benchmarks.Report jmh.json sizes.json wide.tsv}</pre>
 */
public final class Report {
    /** Published reference sizes (customers-200k case.json and its data.jzm). */
    static final Map<String, Long> REFERENCE = Map.of("noIndexesDeflate", 1_322_722L, "noIndexesBrotli", 858_612L,
            "indexes3", 2_280_155L, "indexes3Key", 2_282_644L, "json", 32_058_219L, "jsonGzip", 3_417_845L);

    static final String[][] OPERATIONS = {
        {"findById", "find by id, cold open → row"},
        {"findRandomId", "find by a pseudo-random id, cold open → row"},
        {"filterCount", "filter country=NA ∧ age>80, count"},
        {"filterRows", "filter country=NA ∧ age>80, rows"},
        {"containsCount", "name contains \"Ndlovu\", count"},
        {"readAll", "read every row into records"},
        {"sumBalance", "sum one column (balance)"},
        {"topBalance", "top 20 by balance desc, cold open → rows"},
        {"writeNoIndexes", "write every row, no index"},
        {"write3Indexes", "write every row, 3 indexes"},
        {"write3IndexesKey", "write every row, 3 indexes + key"},
    };
    static final String[] PRIORITY_OPERATIONS = {"readAll_records", "readAll_rows", "filterRows", "sumBalance",
        "writeNoIndexes", "write3Indexes"};
    static final String[] VARIANTS = {"jazmin", "jazminRow", "jazminSmallChunks", "jazminNoCache"};
    static final String[] BASELINES = {"jackson", "jacksonStream", "sqlite", "msgpack"};

    /**
     * One row of the "beside other formats" table (issue 17): the benchmark suffix, its label, its size
     * key in {@code sizes.json} and its write operation ({@code null}: not shown), and whether its
     * reads are shown.
     */
    record Format(String system, String label, String size, String write, boolean reads) {
    }

    static final List<Format> FORMATS = List.of(
            new Format("jazmin", "JAZMIN, Deflate + 3 indexes", "indexes3", "write3Indexes", true),
            new Format("jazmin", "JAZMIN, Deflate, no indexes (write only)", "noIndexesDeflate", "writeNoIndexes", false),
            new Format("parquetWarm", "Parquet (DuckDB JDBC, Snappy), one connection", "parquet", null, true),
            new Format("parquet", "Parquet, a new in-memory DuckDB per query", null, "writeNoIndexes", true),
            new Format("arrow", "Arrow IPC file (uncompressed)", "arrow", "writeNoIndexes", true),
            new Format("mvstore", "H2 MVStore (B-tree on id)", "mvstore", "writeNoIndexes", true),
            new Format("sqlite", "SQLite (rowid + country index)", "sqlite", "write3Indexes", true),
            new Format("msgpack", "MessagePack", "msgpack", "writeNoIndexes", true),
            new Format("jackson", "JSON, Jackson 3 databind", "json", "writeNoIndexes", true),
            new Format("jackson2", "JSON, Jackson 2 + Blackbird databind", "json", null, true));
    /** The read columns of {@link #FORMATS}, in the table's order. */
    static final String[] FORMAT_READS = {"readAll", "sumBalance", "findById", "filterCount", "containsCount"};

    record Result(double ms, double error, double allocBytes) {
    }

    private final Map<String, Result> results = new LinkedHashMap<>();
    private final StringBuilder out = new StringBuilder();

    public static void main(String[] args) throws Exception {
        Locale.setDefault(Locale.ROOT);
        Report r = new Report();
        r.load(Path.of(args[0]));
        JsonNode sizes = args.length > 1 && Files.exists(Path.of(args[1]))
                ? JacksonOps.MAPPER.readTree(Path.of(args[1]).toFile()) : null;
        List<String[]> wide = new ArrayList<>();
        if (args.length > 2 && Files.exists(Path.of(args[2]))) {
            for (String line : Files.readAllLines(Path.of(args[2]))) {
                if (line.startsWith("WIDE\t")) {
                    wide.add(line.split("\t"));
                }
            }
        }
        r.render(sizes, wide);
        System.out.print(r.out);
    }

    private void load(Path json) throws Exception {
        for (JmhResults.Entry e : JmhResults.load(json)) {
            String name = e.method();
            if (e.params().containsKey("priority")) {
                name = name + "@" + e.params().get("priority");
            }
            String system = headlineSystem(e.params());
            if (system != null) {
                name = name.split("_")[0] + "_" + system;
            }
            results.put(name, new Result(e.ms(), e.errorMs(), e.allocBytes()));
        }
    }

    /**
     * The suffix this report gives a {@link HeadlineBenchmark} system ({@code null} for other
     * benchmarks): the shared cache on is plain "jazmin", SQLite and DuckDB are their per-query forms.
     */
    private static String headlineSystem(Map<String, String> params) {
        String writer = params.get("writer");
        if (writer != null) {
            return writer;
        }
        String system = params.containsKey("system") ? params.get("system") : params.get("json");
        if (system == null) {
            return null;
        }
        return switch (HeadlineSystem.of(system)) {
            case JAZMIN_CACHE_ON -> "jazmin";
            case JAZMIN_CACHE_OFF -> "jazminNoCache";
            case JAZMIN_KEY -> "jazminKey";
            case JAZMIN_KEY_CACHE_ON -> "jazminKeyCached";
            case SQLITE_PER_QUERY -> "sqlite";
            case SQLITE_ONE_CONNECTION -> "sqliteWarm";
            case DUCKDB_PER_QUERY -> "parquet";
            case DUCKDB_ONE_CONNECTION -> "parquetWarm";
            case MSGPACK -> "msgpack";
            case JACKSON_STREAMING -> "jacksonStream";
            case JACKSON_DATABIND -> "jackson";
        };
    }

    private Result get(String op, String system) {
        return results.get(op + "_" + system);
    }

    private void render(JsonNode sizes, List<String[]> wide) {
        line("### Operations (JMH average time per operation, ± 99.9% error; allocation from -prof gc)");
        line("");
        line("| operation | JAZMIN | Jackson databind | Jackson streaming | SQLite | MessagePack "
                + "| JAZMIN alloc/op | Jackson ÷ JAZMIN | SQLite ÷ JAZMIN |");
        line("|---|--:|--:|--:|--:|--:|--:|--:|--:|");
        for (String[] op : OPERATIONS) {
            for (String variant : VARIANTS) {
                Result j = get(op[0], variant);
                if (j == null) {
                    continue;
                }
                String label = op[1] + (variant.equals("jazminRow") ? " (raw Row)"
                        : variant.equals("jazminSmallChunks") ? " (file with 1,024-row chunks)"
                        : variant.equals("jazminNoCache") ? " (shared cache off)" : "");
                StringBuilder row = new StringBuilder("| " + label + " | **" + time(j) + "**");
                for (String b : BASELINES) {
                    Result r = variant.equals("jazmin") ? get(op[0], b) : null;
                    row.append(" | ").append(r == null ? "" : time(r));
                }
                row.append(" | ").append(bytes(j.allocBytes));
                row.append(" | ").append(ratio(get(op[0], "jackson"), j));
                row.append(" | ").append(ratio(get(op[0], "sqlite"), j)).append(" |");
                line(row.toString());
            }
        }
        line("");
        line("Ratios above 1× mean JAZMIN is faster. Write rows: JAZMIN writes pre-built rows with writeValues; "
                + "Jackson databind writes the record array; SQLite (rowid index on id + an index on country, one "
                + "transaction) sits in the 3-index row; MessagePack writes arrays of values.");
        line("");
        line("Allocation per operation (-prof gc, gc.alloc.rate.norm):");
        line("");
        line("| operation | JAZMIN | Jackson databind | Jackson streaming | SQLite | MessagePack |");
        line("|---|--:|--:|--:|--:|--:|");
        for (String[] op : OPERATIONS) {
            Result j = get(op[0], "jazmin");
            if (j == null) {
                continue;
            }
            StringBuilder row = new StringBuilder("| " + op[1] + " | " + bytes(j.allocBytes));
            for (String b : BASELINES) {
                Result r = get(op[0], b);
                row.append(" | ").append(r == null ? "" : bytes(r.allocBytes));
            }
            line(row.append(" |").toString());
        }
        renderFormats(sizes);

        Result rec = results.get("records");
        Result raw = results.get("rawRows");
        if (rec != null && raw != null) {
            line("");
            line(String.format("CustomersReadBenchmark on the published data.jzm: records %s, raw rows %s "
                    + "(records ÷ raw = %.2f; its goal ≤ 1.3).", time(rec), time(raw), rec.ms / raw.ms));
        }

        renderPriorities();

        if (sizes != null) {
            line("");
            line("### File sizes (" + sizes.get("rows").asLong() + " rows)");
            line("");
            line("| file | bytes | reference | ours ÷ reference |");
            line("|---|--:|--:|--:|");
            JsonNode s = sizes.get("sizes");
            for (Map.Entry<String, JsonNode> e : s.properties()) {
                Long ref = REFERENCE.get(e.getKey());
                long v = e.getValue().asLong();
                line(String.format("| %s | %,d | %s | %s |", e.getKey(), v, ref == null ? "" : String.format("%,d", ref),
                        ref == null ? "" : String.format("%.3f", (double) v / ref)));
            }
        }

        if (!wide.isEmpty()) {
            line("");
            line("### Wide table (300 columns, each operation in its own JVM, -Xmx256m)");
            line("");
            line("| operation | rows | time | peak RSS (process) | heap pools' peaks, summed | file | answer |");
            line("|---|--:|--:|--:|--:|--:|---|");
            for (String[] w : wide) {
                line(String.format("| %s | %,d | %.2f s | %s MB | %s MB | %.1f MB | %s |", w[1], Long.parseLong(w[2]),
                        Double.parseDouble(w[3]) / 1000, w[4], w[5], Long.parseLong(w[6]) / 1e6, w[8]));
            }
        }

        line("");
        line("### Goals");
        line("");
        line("| goal | measured | met? |");
        line("|---|---|---|");
        Result find = get("findById", "jazmin");
        Result sqlFind = get("findById", "sqlite");
        Result jackFind = get("findById", "jackson");
        if (find != null && sqlFind != null) {
            goal("find by id (cold open) ≤ SQLite", String.format("%s vs %s (%.2f×)", time(find), time(sqlFind),
                    find.ms / sqlFind.ms), find.ms <= sqlFind.ms);
        }
        Result randomFind = get("findRandomId", "jazmin");
        Result sqlRandomFind = get("findRandomId", "sqlite");
        if (randomFind != null && sqlRandomFind != null) {
            goal("find by a pseudo-random id (cold open, shared cache) ≤ SQLite", String.format("%s vs %s (%.2f×)",
                    time(randomFind), time(sqlRandomFind), randomFind.ms / sqlRandomFind.ms),
                    randomFind.ms <= sqlRandomFind.ms);
        }
        Result smallFind = get("findById", "jazminSmallChunks");
        if (smallFind != null && sqlFind != null) {
            goal("(for comparison) the same lookup in a file of 1,024-row chunks ≤ SQLite",
                    String.format("%s vs %s (%.2f×)", time(smallFind), time(sqlFind), smallFind.ms / sqlFind.ms),
                    smallFind.ms <= sqlFind.ms);
        }
        if (find != null && jackFind != null) {
            goal("find by id ≥ 200× faster than Jackson parse-then-find",
                    String.format("%.0f× faster", jackFind.ms / find.ms), jackFind.ms / find.ms >= 200);
        }
        Result all = get("readAll", "jazmin");
        Result jackAll = get("readAll", "jackson");
        if (all != null && jackAll != null) {
            goal("read every row into records ≥ 2× faster than Jackson",
                    String.format("%.2f× faster", jackAll.ms / all.ms), jackAll.ms / all.ms >= 2);
        }
        Result w = get("writeNoIndexes", "jazmin");
        Result jw = get("writeNoIndexes", "jackson");
        if (w != null && jw != null) {
            goal("write without indexes faster than Jackson", String.format("%s vs %s (%.2f×)", time(w), time(jw),
                    jw.ms / w.ms), w.ms < jw.ms);
        }
        if (find != null && !Double.isNaN(find.allocBytes)) {
            goal("< 0.5 MB allocated per lookup", bytes(find.allocBytes), find.allocBytes < 500_000);
        }
        if (sizes != null) {
            JsonNode s = sizes.get("sizes");
            for (String k : List.of("indexes3", "noIndexesDeflate", "noIndexesBrotli")) {
                long v = s.get(k).asLong();
                goal("size " + k + " ≤ reference", String.format("%,d vs %,d", v, REFERENCE.get(k)), v <= REFERENCE.get(k));
            }
        }
        if (!wide.isEmpty()) {
            // The JVM enforces -Xmx256m: an operation that needed more failed with an OutOfMemoryError.
            // The heap column sums each pool's own peak, an upper bound that can pass the cap.
            boolean ok = wide.stream().allMatch(x -> "ok".equals(x[8]));
            double maxRss = wide.stream().mapToDouble(x -> Double.parseDouble(x[4])).max().orElse(0);
            goal("wide table within -Xmx256m", String.format("%d ops ok; max RSS %.0f MB", wide.size(), maxRss), ok);
            wideGoal(wide, "write", "wide table write", 30_000);
            wideGoal(wide, "sum3", "wide table sum of 3 columns", 1_100);
        }
        speedGoals();
    }

    /** Issue 17's ratios between operations of this run. */
    private void speedGoals() {
        Result find = get("findById", "jazmin");
        if (find != null && !Double.isNaN(find.allocBytes)) {
            goal("< 0.1 MB allocated per lookup", bytes(find.allocBytes), find.allocBytes < 100_000);
        }
        Result sum = get("sumBalance", "jazmin");
        Result parquet = get("sumBalance", "parquetWarm");
        if (sum != null && parquet != null) {
            goal("sum of one column within 1.5× of Parquet (DuckDB, one connection)", String.format("%s vs %s (%.2f×)",
                    time(sum), time(parquet), sum.ms / parquet.ms), sum.ms <= 1.5 * parquet.ms);
        }
        Result none = get("writeNoIndexes", "jazmin");
        Result three = get("write3Indexes", "jazmin");
        if (none != null && three != null) {
            goal("write with 3 indexes within 1.5× of without", String.format("%s vs %s (%.2f×)", time(three),
                    time(none), three.ms / none.ms), three.ms <= 1.5 * none.ms);
        }
        Result msgpack = get("writeNoIndexes", "msgpack");
        if (none != null && msgpack != null) {
            goal("write without indexes within 2× of MessagePack", String.format("%s vs %s (%.2f×)", time(none),
                    time(msgpack), none.ms / msgpack.ms), none.ms <= 2 * msgpack.ms);
        }
        Result records = get("writeRecords", "jazmin");
        Result jackson = get("writeNoIndexes", "jackson");
        if (records != null && jackson != null) {
            goal("write records through JazminMapper no slower than Jackson 3", String.format("%s vs %s (%.2f×)",
                    time(records), time(jackson), records.ms / jackson.ms), records.ms <= jackson.ms);
        }
    }

    private void wideGoal(List<String[]> wide, String op, String what, double limitMs) {
        wide.stream().filter(x -> op.equals(x[1])).findFirst().ifPresent(x -> {
            double ms = Double.parseDouble(x[3]);
            goal(what + String.format(" under %.1f s (%s rows)", limitMs / 1000, x[2]),
                    String.format("%.2f s", ms / 1000), "ok".equals(x[8]) && ms < limitMs);
        });
    }

    /** Every system on the seed's operations, when the run has any of the other formats. */
    private void renderFormats(JsonNode sizes) {
        if (results.keySet().stream().noneMatch(k -> k.endsWith("_parquet") || k.endsWith("_arrow")
                || k.endsWith("_mvstore") || k.endsWith("_jackson2"))) {
            return;
        }
        line("");
        line("### Beside other formats (same run; time per operation, each read from a cold open)");
        line("");
        line("| system | size | write | read all | sum one column | find by id | filter count | contains count |");
        line("|---|--:|--:|--:|--:|--:|--:|--:|");
        JsonNode s = sizes == null ? null : sizes.get("sizes");
        for (Format f : FORMATS) {
            StringBuilder row = new StringBuilder("| " + f.label());
            JsonNode size = s == null || f.size() == null ? null : s.get(f.size());
            row.append(" | ").append(size == null ? "" : String.format("%,d", size.asLong()));
            Result w = f.write() == null ? null : get(f.write(), f.system());
            row.append(" | ").append(w == null ? "" : ms(w.ms));
            for (String op : FORMAT_READS) {
                Result r = f.reads() ? get(op, f.system()) : null;
                row.append(" | ").append(r == null ? "" : ms(r.ms));
            }
            line(row.append(" |").toString());
        }
        line("");
        line("Reads of JAZMIN are on the 3-index file (shared cache on; HeadlineReport has the cache-off "
                + "pairings). Parquet is read by DuckDB over read_parquet through one kept connection, and through "
                + "a new in-memory database per query; SQL engines sum in SQL. Arrow scans its vectors (find scans the id vector). "
                + "MVStore finds by one B-tree get and scans for the rest. Jackson 2 is measured for read all.");
    }

    /** PriorityBenchmark: each operation under memory, balanced and speed, when the run has them. */
    private void renderPriorities() {
        if (results.keySet().stream().noneMatch(k -> k.contains("@"))) {
            return;
        }
        line("");
        line("### Priority (PriorityBenchmark: time, allocation per operation)");
        line("");
        line("| operation | memory | balanced | speed | memory ÷ balanced | memory ÷ speed |");
        line("|---|--:|--:|--:|--:|--:|");
        for (String op : PRIORITY_OPERATIONS) {
            Result m = results.get(op + "@memory");
            Result b = results.get(op + "@balanced");
            Result f = results.get(op + "@speed");
            if (m == null || b == null || f == null) {
                continue;
            }
            line(String.format("| %s | %s (%s) | %s (%s) | %s (%s) | %s | %s |", op, time(m), bytes(m.allocBytes),
                    time(b), bytes(b.allocBytes), time(f), bytes(f.allocBytes), ratio(m, b), ratio(m, f)));
        }
    }

    private void goal(String what, String measured, boolean met) {
        line("| " + what + " | " + measured + " | " + (met ? "yes" : "**no**") + " |");
    }

    private static String ratio(Result base, Result j) {
        return base == null ? "" : String.format("%.1f×", base.ms / j.ms);
    }

    static String time(Result r) {
        String t = ms(r.ms);
        return Double.isNaN(r.error) ? t : t + " ± " + ms(r.error);
    }

    static String ms(double v) {
        if (v >= 100) {
            return String.format("%.0f ms", v);
        }
        if (v >= 1) {
            return String.format("%.2f ms", v);
        }
        return String.format("%.1f µs", v * 1000);
    }

    static String bytes(double b) {
        if (Double.isNaN(b)) {
            return "";
        }
        if (b >= 1e6) {
            return String.format("%.1f MB", b / 1e6);
        }
        return String.format("%.0f KB", b / 1e3);
    }

    private void line(String s) {
        out.append(s).append('\n');
    }
}
