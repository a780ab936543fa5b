package io.jazmin.benchmarks;

import io.jazmin.JazminReader;
import io.jazmin.options.ReadOptions;
import io.jazmin.data.Row;
import io.jazmin.benchmarks.CustomersData.Customer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The verification step run before the JMH suite: makes (or reuses) the customers files, checks that
 * every system gives the generator's answers (every {@link HeadlineSystem} through
 * {@link HeadlineAnswers}; the other formats and variants: the found row, the filter and contains
 * counts, read-all checksums, the balance sum, the top 20) and writes the file sizes to
 * {@code sizes.json}. Exits 1 on any mismatch.
 *
 * <pre>{@code java -cp benchmarks.jar io.jazmin.benchmarks.Prepare [rows] [out-dir]}</pre>
 */
public final class Prepare {
    private static final List<String> failures = new ArrayList<>();

    private Prepare() {
    }

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : CustomersData.DEFAULT_ROWS;
        Path out = Path.of(args.length > 1 ? args[1] : ".");
        long t0 = System.nanoTime();
        CustomersFiles f = CustomersFiles.ensure(n);
        System.out.printf("files in %s (%.1f s)%n", f.dir, (System.nanoTime() - t0) / 1e9);

        long id = CustomersData.findId(n);
        Customer want = CustomersData.customer(id);
        long filter = CustomersData.filterCount(n);
        long contains = CustomersData.containsCount(n);
        double sum = CustomersData.balanceSum(n);
        System.out.printf("generator: id %d = %s; filter %d; contains %d; balance sum %.2f%n", id, want.name(),
                filter, contains, sum);

        Path jzm = f.jzm3Indexes;
        HeadlineAnswers expected = HeadlineAnswers.expected(n);
        for (HeadlineSystem system : HeadlineSystem.values()) {
            try (CustomerQueries q = system.open(f)) {
                for (String wrong : HeadlineAnswers.of(q, id).differences(expected)) {
                    failures.add(system.param() + " " + wrong);
                    System.out.println("MISMATCH " + system.param() + " " + wrong);
                }
            }
        }

        Row raw = JazminOps.findByIdRow(jzm, id);
        check("jazmin find row id", raw == null ? null : raw.get("id"), id);
        check("jazmin find row name", raw == null ? null : raw.get("name"), want.name());
        row("jazmin find (1,024-row chunks)", JazminOps.findById(f.jzm3IndexesSmallChunks, id), want);
        row("jazmin find (no column flush points)", JazminOps.findById(f.jzm3IndexesNoFlushPoints, id), want);
        row("sqlite find", SqliteOps.findById(f.sqlite, id), want);
        row("arrow find", ArrowOps.findById(f.arrow, id), want);
        row("mvstore find", MvStoreOps.findById(f.mvstore, id), want);
        row("jackson2 find", Jackson2Ops.findById(f.json, id), want);

        check("jazmin filter rows", (long) JazminOps.filterRows(jzm).size(), filter);
        check("jackson filter rows", (long) JacksonOps.filterRows(f.json).size(), filter);
        check("sqlite filter rows", (long) SqliteOps.filterRows(f.sqlite).size(), filter);
        check("arrow filter", ArrowOps.filterCount(f.arrow), filter);
        check("mvstore filter", MvStoreOps.filterCount(f.mvstore), filter);

        check("arrow contains", ArrowOps.containsCount(f.arrow), contains);
        check("mvstore contains", MvStoreOps.containsCount(f.mvstore), contains);

        check("jazmin read all rows (non-null values)", JazminOps.readAllRows(jzm), 8L * n);
        check("arrow read all", ArrowOps.readAllRecords(f.arrow), expected.readAllChecksum());
        check("mvstore read all", MvStoreOps.readAllRecords(f.mvstore), expected.readAllChecksum());
        check("jackson2 read all", Jackson2Ops.readAllRecords(f.json), expected.readAllChecksum());

        List<Customer> top = SqliteOps.topBalance(f.sqlite);
        check("sqlite top 20 by balance", (long) top.size(), (long) CustomersData.TOP_ROWS);
        check("jazmin top 20 by balance", JazminOps.topBalance(jzm), top);
        check("jazmin top 20 by balance, rows", JazminOps.topBalanceRows(jzm).stream().map(r -> r.get("id")).toList(),
                top.stream().map(Customer::id).toList());

        near("jazmin sum (no column flush points)", JazminOps.sumBalance(f.jzm3IndexesNoFlushPoints), sum);
        near("arrow sum", ArrowOps.sumBalance(f.arrow), sum);
        near("mvstore sum", MvStoreOps.sumBalance(f.mvstore), sum);

        check("rows, no indexes deflate", JazminOps.rowCount(f.jzmNoIndexes), (long) n);
        check("rows, no indexes brotli", JazminOps.rowCount(f.jzmNoIndexesBrotli), (long) n);
        try (JazminReader r = JazminReader.open(f.jzm3IndexesKey, ReadOptions.defaults().withKey(f.key()))) {
            check("encrypted", r.encrypted(), true);
        }

        Map<String, Object> report = new LinkedHashMap<>();
        report.put("rows", n);
        report.put("sizes", f.sizes());
        Path reference = CustomersReadBenchmark.referenceFile();
        if (reference != null) {
            report.put("referenceDataJzm", Files.size(reference));
        }
        report.put("answers", Map.of("findId", id, "findName", want.name(), "filterCount", filter,
                "containsCount", contains));
        report.put("failures", failures);
        Files.createDirectories(out);
        JacksonOps.MAPPER.writerWithDefaultPrettyPrinter().writeValue(out.resolve("sizes.json").toFile(), report);
        System.out.println("sizes: " + f.sizes());
        if (!failures.isEmpty()) {
            System.out.println("VERIFICATION FAILED: " + failures);
            System.exit(1);
        }
        System.out.println("verification: all systems give the generator's answers");
    }

    private static void row(String what, Customer got, Customer want) {
        check(what + " id", got == null ? null : got.id(), want.id());
        check(what + " name", got == null ? null : got.name(), want.name());
        check(what + " record", got, want);
    }

    private static void check(String what, Object got, Object want) {
        if (!Objects.equals(got, want)) {
            failures.add(what + ": got " + got + ", want " + want);
            System.out.println("MISMATCH " + what + ": got " + got + ", want " + want);
        }
    }

    private static void near(String what, double got, double want) {
        if (Math.abs(got - want) > 1e-6 * Math.max(1, Math.abs(want))) {
            check(what, got, want);
        }
    }
}
