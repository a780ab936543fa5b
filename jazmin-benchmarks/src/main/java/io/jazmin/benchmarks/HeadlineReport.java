package io.jazmin.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns a {@link HeadlineBenchmark} run ({@code -rf json}, with {@code -prof gc} and
 * {@link ProcessCpuProfiler}) into the Markdown of RESULTS.md's headline: every system's time and
 * allocation per question (each row saying whether JAZMIN's shared cache was on), the pairings as
 * peer ÷ ours (≥ 1: JAZMIN faster), the writes' wall and CPU time, and issue 33's goals.
 *
 * <pre>{@code java -cp benchmarks.jar io.jazmin.benchmarks.HeadlineReport jmh.json [machine.txt]}</pre>
 */
public final class HeadlineReport {
    /** The questions: method, label. */
    static final String[][] QUESTIONS = {
        {"findById", "open + find by id → record"},
        {"filterCount", "open + count country = NA ∧ age > 80"},
        {"containsCount", "open + count name contains 'Ndlovu'"},
        {"sumBalance", "open + sum of balance"},
        {"readAll", "open + read all into records"},
    };

    /** A pairing: ours, the peer, and the heading of its column. */
    record Pairing(HeadlineSystem ours, HeadlineSystem peer, String heading) {
    }

    static final List<Pairing> PAIRINGS = List.of(
            new Pairing(HeadlineSystem.JAZMIN_CACHE_OFF, HeadlineSystem.SQLITE_PER_QUERY,
                    "cache off vs SQLite, connection per query"),
            new Pairing(HeadlineSystem.JAZMIN_KEY, HeadlineSystem.SQLITE_PER_QUERY,
                    "key file (cache off) vs SQLite, connection per query"),
            new Pairing(HeadlineSystem.JAZMIN_KEY_CACHE_ON, HeadlineSystem.SQLITE_PER_QUERY,
                    "key file (decrypted chunks cached) vs SQLite, connection per query"),
            new Pairing(HeadlineSystem.JAZMIN_CACHE_ON, HeadlineSystem.SQLITE_ONE_CONNECTION,
                    "cache on vs SQLite, one warm connection"),
            new Pairing(HeadlineSystem.JAZMIN_CACHE_OFF, HeadlineSystem.DUCKDB_ONE_CONNECTION,
                    "cache off vs DuckDB/Parquet, one connection"),
            new Pairing(HeadlineSystem.JAZMIN_CACHE_OFF, HeadlineSystem.DUCKDB_PER_QUERY,
                    "cache off vs DuckDB/Parquet, new database per query"),
            new Pairing(HeadlineSystem.JAZMIN_CACHE_OFF, HeadlineSystem.MSGPACK, "cache off vs MessagePack"));

    /** How the times were taken, for the first table's heading. */
    private final String timing;
    private final Map<String, JmhResults.Entry> results = new LinkedHashMap<>();
    private final StringBuilder out = new StringBuilder();

    HeadlineReport(String timing) {
        this.timing = timing;
    }

    public static void main(String[] args) throws Exception {
        Locale.setDefault(Locale.ROOT);
        HeadlineReport r = new HeadlineReport("JMH average ± 99.9 % error");
        for (JmhResults.Entry e : JmhResults.load(Path.of(args[0]))) {
            r.add(e);
        }
        if (args.length > 1 && Files.exists(Path.of(args[1]))) {
            r.out.append("```\n").append(Files.readString(Path.of(args[1]))).append("```\n\n");
        }
        r.render();
        System.out.print(r.out);
    }

    void add(JmhResults.Entry e) {
        for (String param : List.of("system", "json", "writer")) {
            String value = e.params().get(param);
            if (value != null) {
                results.put(e.method().split("_")[0] + "/" + value, e);
            }
        }
    }

    private JmhResults.Entry get(String question, HeadlineSystem system) {
        return results.get(question + "/" + system.param());
    }

    String render() {
        line("### Every system, time per operation (" + timing + ")");
        line("");
        StringBuilder head = new StringBuilder("| system | JAZMIN shared cache |");
        StringBuilder rule = new StringBuilder("|---|---|");
        for (String[] q : QUESTIONS) {
            head.append(' ').append(q[1]).append(" |");
            rule.append("--:|");
        }
        line(head.toString());
        line(rule.toString());
        for (HeadlineSystem s : HeadlineSystem.values()) {
            systemRow(s, HeadlineReport::time);
        }
        if (results.values().stream().anyMatch(e -> !Double.isNaN(e.allocBytes()))) {
            line("");
            line("Allocation per operation (`-prof gc`, gc.alloc.rate.norm):");
            line("");
            line(head.toString());
            line(rule.toString());
            for (HeadlineSystem s : HeadlineSystem.values()) {
                systemRow(s, e -> Report.bytes(e.allocBytes()));
            }
        }

        line("");
        line("### Pairings: peer's time ÷ ours (≥ 1: JAZMIN faster), same run");
        line("");
        StringBuilder ph = new StringBuilder("| question |");
        StringBuilder pr = new StringBuilder("|---|");
        for (Pairing p : PAIRINGS) {
            ph.append(' ').append(p.heading()).append(" |");
            pr.append("--:|");
        }
        line(ph.toString());
        line(pr.toString());
        for (String[] q : QUESTIONS) {
            StringBuilder row = new StringBuilder("| " + q[1] + " |");
            for (Pairing p : PAIRINGS) {
                row.append(' ').append(ratio(get(q[0], p.ours()), get(q[0], p.peer()))).append(" |");
            }
            line(row.toString());
        }
        JmhResults.Entry ours = get("findById", HeadlineSystem.JAZMIN_CACHE_OFF);
        for (HeadlineSystem json : List.of(HeadlineSystem.JACKSON_STREAMING, HeadlineSystem.JACKSON_DATABIND)) {
            JmhResults.Entry peer = get("findById", json);
            if (ours != null && peer != null) {
                line("");
                line(String.format("Lookup against %s: %s (cache off: %s; %s).", json.label(), Report.ms(peer.ms()),
                        Report.ms(ours.ms()), ratio(ours, peer)));
            }
        }

        renderWrites();
        renderGoals();
        return out.toString();
    }

    private void systemRow(HeadlineSystem s, java.util.function.Function<JmhResults.Entry, String> cell) {
        StringBuilder row = new StringBuilder("| " + s.label() + " | " + s.cache() + " |");
        boolean any = false;
        for (String[] q : QUESTIONS) {
            JmhResults.Entry e = get(q[0], s);
            any |= e != null;
            row.append(' ').append(e == null ? "" : cell.apply(e)).append(" |");
        }
        if (any) {
            line(row.toString());
        }
    }

    private void renderWrites() {
        JmhResults.Entry jazmin = results.get("writeNoIndexes/jazmin");
        JmhResults.Entry msgpack = results.get("writeNoIndexes/msgpack");
        JmhResults.Entry durable = results.get("writeNoIndexes/msgpack-durable");
        if (jazmin == null && msgpack == null && durable == null) {
            return;
        }
        line("");
        line("### Write every row, no index (JAZMIN shared cache: not used by writes)");
        line("");
        line("| system | wall | CPU, whole process | CPU ÷ wall | allocated |");
        line("|---|--:|--:|--:|--:|");
        Map<String, JmhResults.Entry> writers = new TreeMap<>();
        writers.put("JAZMIN (writeValues, default options: temporary file, forced, renamed)", jazmin);
        writers.put("MessagePack (msgpack-core, arrays of values, streamed to the file)", msgpack);
        writers.put("MessagePack written durably (temporary file, forced, renamed)", durable);
        for (Map.Entry<String, JmhResults.Entry> w : writers.entrySet()) {
            JmhResults.Entry e = w.getValue();
            if (e == null) {
                continue;
            }
            line(String.format("| %s | %s | %s | %s | %s |", w.getKey(), time(e),
                    cpu(e), Double.isNaN(e.metric("cpu.cores")) ? "" : String.format("%.2f", e.metric("cpu.cores")),
                    Report.bytes(e.allocBytes())));
        }
    }

    private static String time(JmhResults.Entry e) {
        return Report.ms(e.ms()) + (Double.isNaN(e.errorMs()) ? "" : " ± " + Report.ms(e.errorMs()));
    }

    private static String cpu(JmhResults.Entry e) {
        double v = e.metric("cpu.time.per.op");
        return Double.isNaN(v) ? "" : Report.ms(v);
    }

    private void renderGoals() {
        line("");
        line("### Issue 33's goals (ratios from this run: peer ÷ ours, ≥ 1 means JAZMIN is faster)");
        line("");
        line("| goal | JAZMIN shared cache | ours | peer | peer's | peer ÷ ours | target | met? |");
        line("|---|---|--:|---|--:|--:|--:|---|");
        goal("lookup, cold", "findById", HeadlineSystem.JAZMIN_CACHE_OFF, HeadlineSystem.SQLITE_PER_QUERY, 1.0);
        goal("lookup, key file", "findById", HeadlineSystem.JAZMIN_KEY, HeadlineSystem.SQLITE_PER_QUERY, 1.0);
        goal("lookup, key file cached", "findById", HeadlineSystem.JAZMIN_KEY_CACHE_ON, HeadlineSystem.SQLITE_PER_QUERY,
                1.0);
        allocGoal(HeadlineSystem.JAZMIN_CACHE_OFF);
        allocGoal(HeadlineSystem.JAZMIN_KEY);
        allocGoal(HeadlineSystem.JAZMIN_KEY_CACHE_ON);
        goal("lookup, warm", "findById", HeadlineSystem.JAZMIN_CACHE_ON, HeadlineSystem.SQLITE_ONE_CONNECTION, 1.0);
        goal("text search", "containsCount", HeadlineSystem.JAZMIN_CACHE_OFF, HeadlineSystem.DUCKDB_ONE_CONNECTION, 1.0);
        goal("filter count", "filterCount", HeadlineSystem.JAZMIN_CACHE_OFF, HeadlineSystem.DUCKDB_ONE_CONNECTION, 1.0);
        goal("column sum", "sumBalance", HeadlineSystem.JAZMIN_CACHE_OFF, HeadlineSystem.DUCKDB_ONE_CONNECTION, 1.0);
        goal("read all", "readAll", HeadlineSystem.JAZMIN_CACHE_OFF, HeadlineSystem.MSGPACK, 1.0);
        JmhResults.Entry jw = results.get("writeNoIndexes/jazmin");
        JmhResults.Entry mw = results.get("writeNoIndexes/msgpack");
        if (jw != null && mw != null) {
            row("write, no index, wall (within 2× of MessagePack)", "not used by writes", "MessagePack", Report.ms(jw.ms()),
                    Report.ms(mw.ms()), mw.ms() / jw.ms(), 0.5);
            double jc = jw.metric("cpu.time.per.op");
            double mc = mw.metric("cpu.time.per.op");
            if (!Double.isNaN(jc) && !Double.isNaN(mc)) {
                row("write, no index, CPU of the whole process (same target, for reference)", "not used by writes",
                        "MessagePack",
                        Report.ms(jc), Report.ms(mc), mc / jc, 0.5);
            }
        }
        JmhResults.Entry dw = results.get("writeNoIndexes/msgpack-durable");
        if (jw != null && dw != null) {
            row("write, no index, wall, for reference: MessagePack as durable as ours (the goal is the row above)",
                    "not used by writes", "MessagePack, durable", Report.ms(jw.ms()), Report.ms(dw.ms()),
                    dw.ms() / jw.ms(), 0.5);
        }
    }

    private void goal(String what, String question, HeadlineSystem ours, HeadlineSystem peer, double target) {
        JmhResults.Entry o = get(question, ours);
        JmhResults.Entry p = get(question, peer);
        if (o != null && p != null) {
            row(what, ours.cache(), peer.label(), Report.ms(o.ms()), Report.ms(p.ms()), p.ms() / o.ms(), target);
        }
    }

    private void row(String what, String cache, String peer, String ours, String theirs, double ratio, double target) {
        line(String.format("| %s | %s | %s | %s | %s | %.2f | ≥ %.1f | %s |", what, cache, ours, peer, theirs, ratio,
                target, ratio >= target ? "yes" : "**no**"));
    }

    private void allocGoal(HeadlineSystem ours) {
        JmhResults.Entry o = get("findById", ours);
        if (o != null && !Double.isNaN(o.allocBytes())) {
            line(String.format("| lookup allocates under 0.1 MB | %s | %s | | | | ≤ 100 KB | %s |", ours.cache(),
                    Report.bytes(o.allocBytes()), o.allocBytes() < 100_000 ? "yes" : "**no**"));
        }
    }

    private static String ratio(JmhResults.Entry ours, JmhResults.Entry peer) {
        return ours == null || peer == null ? "" : String.format("%.2f", peer.ms() / ours.ms());
    }

    private void line(String s) {
        out.append(s).append('\n');
    }
}
