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
 * every system gives the generator's answers (the found row's id and name, the filter count, the
 * contains count, read-all checksums, the balance sum) and writes the file sizes to
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
        long checksum = 0;
        for (long i = 0; i < n; i++) {
            checksum += i + CustomersData.name(i).length();
        }
        System.out.printf("generator: id %d = %s; filter %d; contains %d; balance sum %.2f%n", id, want.name(),
                filter, contains, sum);

        Path jzm = f.jzm3Indexes;
        row("jazmin find", JazminOps.findById(jzm, id), want);
        Row raw = JazminOps.findByIdRow(jzm, id);
        check("jazmin find row id", raw == null ? null : raw.get("id"), id);
        check("jazmin find row name", raw == null ? null : raw.get("name"), want.name());
        row("jazmin find (1,024-row chunks)", JazminOps.findById(f.jzm3IndexesSmallChunks, id), want);
        row("jazmin find (no column flush points)", JazminOps.findById(f.jzm3IndexesNoFlushPoints, id), want);
        row("jackson find", JacksonOps.findById(f.json, id), want);
        row("jackson stream find", JacksonOps.streamFindById(f.json, id), want);
        row("sqlite find", SqliteOps.findById(f.sqlite, id), want);
        row("msgpack find", MsgpackOps.findById(f.msgpack, id), want);
        row("parquet find", ParquetOps.findById(f.parquet, id), want);
        row("arrow find", ArrowOps.findById(f.arrow, id), want);
        row("mvstore find", MvStoreOps.findById(f.mvstore, id), want);
        row("jackson2 find", Jackson2Ops.findById(f.json, id), want);

        check("jazmin filter", JazminOps.filterCount(jzm), filter);
        check("jazmin filter rows", (long) JazminOps.filterRows(jzm).size(), filter);
        check("jackson filter", JacksonOps.filterCount(f.json), filter);
        check("jackson filter rows", (long) JacksonOps.filterRows(f.json).size(), filter);
        check("jackson stream filter", JacksonOps.streamFilterCount(f.json), filter);
        check("sqlite filter", SqliteOps.filterCount(f.sqlite), filter);
        check("sqlite filter rows", (long) SqliteOps.filterRows(f.sqlite).size(), filter);
        check("msgpack filter", MsgpackOps.filterCount(f.msgpack), filter);
        check("parquet filter", ParquetOps.filterCount(f.parquet), filter);
        check("arrow filter", ArrowOps.filterCount(f.arrow), filter);
        check("mvstore filter", MvStoreOps.filterCount(f.mvstore), filter);

        check("jazmin contains", JazminOps.containsCount(jzm), contains);
        check("jackson contains", JacksonOps.containsCount(f.json), contains);
        check("jackson stream contains", JacksonOps.streamContainsCount(f.json), contains);
        check("sqlite contains", SqliteOps.containsCount(f.sqlite), contains);
        check("msgpack contains", MsgpackOps.containsCount(f.msgpack), contains);
        check("parquet contains", ParquetOps.containsCount(f.parquet), contains);
        check("arrow contains", ArrowOps.containsCount(f.arrow), contains);
        check("mvstore contains", MvStoreOps.containsCount(f.mvstore), contains);

        check("jazmin read all", JazminOps.readAllRecords(jzm), checksum);
        check("jazmin read all rows (non-null values)", JazminOps.readAllRows(jzm), 8L * n);
        check("jackson read all", JacksonOps.readAllRecords(f.json), checksum);
        check("jackson stream read all", JacksonOps.streamReadAll(f.json), checksum);
        check("sqlite read all", SqliteOps.readAllRecords(f.sqlite), checksum);
        check("msgpack read all", MsgpackOps.readAllRecords(f.msgpack), checksum);
        check("parquet read all", ParquetOps.readAllRecords(f.parquet), checksum);
        check("arrow read all", ArrowOps.readAllRecords(f.arrow), checksum);
        check("mvstore read all", MvStoreOps.readAllRecords(f.mvstore), checksum);
        check("jackson2 read all", Jackson2Ops.readAllRecords(f.json), checksum);

        List<Customer> top = SqliteOps.topBalance(f.sqlite);
        check("sqlite top 20 by balance", (long) top.size(), (long) CustomersData.TOP_ROWS);
        check("jazmin top 20 by balance", JazminOps.topBalance(jzm), top);
        check("jazmin top 20 by balance, rows", JazminOps.topBalanceRows(jzm).stream().map(r -> r.get("id")).toList(),
                top.stream().map(Customer::id).toList());

        near("jazmin sum", JazminOps.sumBalance(jzm), sum);
        near("jazmin sum (no column flush points)", JazminOps.sumBalance(f.jzm3IndexesNoFlushPoints), sum);
        near("jackson sum", JacksonOps.sumBalance(f.json), sum);
        near("sqlite sum", SqliteOps.sumBalance(f.sqlite), sum);
        near("msgpack sum", MsgpackOps.sumBalance(f.msgpack), sum);
        near("parquet sum", ParquetOps.sumBalance(f.parquet), sum);
        near("parquet sum in SQL", ParquetOps.sumBalanceSql(f.parquet), sum);
        near("arrow sum", ArrowOps.sumBalance(f.arrow), sum);
        near("mvstore sum", MvStoreOps.sumBalance(f.mvstore), sum);

        check("rows, no indexes deflate", JazminOps.rowCount(f.jzmNoIndexes), (long) n);
        check("rows, no indexes brotli", JazminOps.rowCount(f.jzmNoIndexesBrotli), (long) n);
        try (JazminReader r = JazminReader.open(f.jzm3IndexesKey, ReadOptions.defaults().withKey(f.key()))) {
            check("encrypted", r.encrypted(), true);
            check("rows, 3 indexes + key", r.table().count(JazminOps.FILTER), filter);
        }
        ReadOptions keyed = ReadOptions.defaults().withKey(f.key());
        row("jazmin key find", JazminOps.findById(f.jzm3IndexesKey, id, keyed), want);
        check("jazmin key contains", JazminOps.containsCount(f.jzm3IndexesKey, keyed), contains);

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
