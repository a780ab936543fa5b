package io.jazmin.benchmarks;

import io.jazmin.data.Row;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.benchmarks.CustomersData.Customer;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Everything on the customers table (benchmark-data.md) beside {@link HeadlineBenchmark}'s five
 * questions in fair pairings: JAZMIN's variants (raw rows, pseudo-random ids, 1,024-row chunks, no
 * column flush points, top 20, filter rows, the writes with indexes and through the mapper), Jackson 3
 * (databind: parse the whole array then answer; streaming parse) for the scans, and other formats
 * (issue 17): Arrow IPC, H2 MVStore, Jackson 2 with Blackbird for read all, and the writes of Parquet,
 * SQLite and Jackson. Method names are {@code operation_system}; {@link Report} groups them with the
 * headline's into its tables when both run together (run.sh). Every read starts from a cold open of the file.
 * The answers are checked once per run by {@link Prepare} (run.sh runs it before JMH).
 *
 * <pre>{@code java -jar jazmin-benchmarks/target/benchmarks.jar CustomersBenchmark -prof gc}</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 8, time = 2)
@Fork(value = 2, jvmArgsAppend = {"-Xms1g", "-Xmx2g", CustomersBenchmark.ARROW_OPENS})
public class CustomersBenchmark {
    /**
     * The JVM option Arrow's memory module needs on Java 17; every benchmark whose fork may make the
     * customers files (Arrow's among them) passes it, and so do run.sh and profile.sh.
     */
    public static final String ARROW_OPENS = "--add-opens=java.base/java.nio=ALL-UNNAMED";

    /** The files (made once and cached; see {@link CustomersFiles}). */
    @State(Scope.Benchmark)
    public static class Files {
        @Param("200000")
        public int rows;

        public CustomersFiles files;
        public long id;
        public Path jzm;
        /** Reads without the process-wide decoded-chunk cache (the path before it). */
        public ReadOptions noCache = ReadOptions.defaults().withSharedCache(false);

        @Setup(Level.Trial)
        public void setUp() {
            files = CustomersFiles.ensure(rows);
            id = CustomersData.findId(rows);
            jzm = files.jzm3Indexes;
        }
    }

    /**
     * A pseudo-random id per invocation (fixed seed, every id of the table equally likely, so every
     * chunk): the lookups of a real workload, which a cache of one chunk would not serve. Drawn in
     * the benchmark method (a few nanoseconds), not in a per-invocation setup, whose timing overhead
     * JMH warns about at these durations.
     */
    @State(Scope.Thread)
    public static class RandomIds {
        private final java.util.SplittableRandom random = new java.util.SplittableRandom(17);
        private int rows;

        @Setup(Level.Trial)
        public void setUp(Files f) {
            rows = f.rows;
        }

        /** The next id, 0 to rows - 1 (the table's ids). */
        public long next() {
            return random.nextInt(rows);
        }
    }

    /** Rows built in memory before timing, for the write benchmarks. */
    @State(Scope.Benchmark)
    public static class Rows {
        public Object[][] values;
        public List<Customer> customers;
        public WriteOptions withKey;

        @Setup(Level.Trial)
        public void setUp(Files f) {
            values = CustomersData.valueRows(f.rows);
            customers = CustomersData.customers(f.rows);
            withKey = CustomersData.threeIndexes().withKey(f.files.key());
        }
    }

    // ---- find one row by id from a cold open ----

    @Benchmark
    public Row findById_jazminRow(Files f) {
        return JazminOps.findByIdRow(f.jzm, f.id);
    }

    /** A pseudo-random id per lookup (see {@link RandomIds}). */
    @Benchmark
    public Customer findRandomId_jazmin(Files f, RandomIds ids) {
        return JazminOps.findById(f.jzm, ids.next());
    }

    @Benchmark
    public Customer findRandomId_jazminNoCache(Files f, RandomIds ids) {
        return JazminOps.findById(f.jzm, ids.next(), f.noCache);
    }

    @Benchmark
    public Customer findRandomId_sqlite(Files f, RandomIds ids) {
        return SqliteOps.findById(f.files.sqlite, ids.next());
    }

    /** The same lookup in a file written with 1,024-row chunks: less to inflate and decode per lookup. */
    @Benchmark
    public Customer findById_jazminSmallChunks(Files f) {
        return JazminOps.findById(f.files.jzm3IndexesSmallChunks, f.id);
    }

    /** The same lookup in a file written without column flush points. */
    @Benchmark
    public Customer findById_jazminNoFlushPoints(Files f) {
        return JazminOps.findById(f.files.jzm3IndexesNoFlushPoints, f.id);
    }

    @Benchmark
    public Customer findById_arrow(Files f) {
        return ArrowOps.findById(f.files.arrow, f.id);
    }

    @Benchmark
    public Customer findById_mvstore(Files f) {
        return MvStoreOps.findById(f.files.mvstore, f.id);
    }

    // ---- top 20 by balance descending (then id), from a cold open ----

    @Benchmark
    public List<Customer> topBalance_jazmin(Files f) {
        return JazminOps.topBalance(f.jzm);
    }

    @Benchmark
    public List<Row> topBalance_jazminRow(Files f) {
        return JazminOps.topBalanceRows(f.jzm);
    }

    @Benchmark
    public List<Customer> topBalance_sqlite(Files f) {
        return SqliteOps.topBalance(f.files.sqlite);
    }

    // ---- filter {"country":"NA","age":{"gt":80}} ----

    @Benchmark
    public long filterCount_jackson(Files f) {
        return JacksonOps.filterCount(f.files.json);
    }

    @Benchmark
    public long filterCount_jacksonStream(Files f) {
        return JacksonOps.streamFilterCount(f.files.json);
    }

    @Benchmark
    public long filterCount_arrow(Files f) {
        return ArrowOps.filterCount(f.files.arrow);
    }

    @Benchmark
    public long filterCount_mvstore(Files f) {
        return MvStoreOps.filterCount(f.files.mvstore);
    }

    @Benchmark
    public List<Customer> filterRows_jazmin(Files f) {
        return JazminOps.filterRows(f.jzm);
    }

    @Benchmark
    public List<Customer> filterRows_jackson(Files f) {
        return JacksonOps.filterRows(f.files.json);
    }

    @Benchmark
    public List<Customer> filterRows_sqlite(Files f) {
        return SqliteOps.filterRows(f.files.sqlite);
    }

    // ---- text search {"name":{"contains":"Ndlovu"}} ----

    @Benchmark
    public long containsCount_jackson(Files f) {
        return JacksonOps.containsCount(f.files.json);
    }

    @Benchmark
    public long containsCount_jacksonStream(Files f) {
        return JacksonOps.streamContainsCount(f.files.json);
    }

    @Benchmark
    public long containsCount_arrow(Files f) {
        return ArrowOps.containsCount(f.files.arrow);
    }

    @Benchmark
    public long containsCount_mvstore(Files f) {
        return MvStoreOps.containsCount(f.files.mvstore);
    }

    // ---- read every row ----

    @Benchmark
    public long readAll_jazminRow(Files f) {
        return JazminOps.readAllRows(f.jzm);
    }

    @Benchmark
    public long readAll_jackson(Files f) {
        return JacksonOps.readAllRecords(f.files.json);
    }

    @Benchmark
    public long readAll_jacksonStream(Files f) {
        return JacksonOps.streamReadAll(f.files.json);
    }

    /** Jackson 2 databind with Blackbird, beside Jackson 3's readAll_jackson. */
    @Benchmark
    public long readAll_jackson2(Files f) {
        return Jackson2Ops.readAllRecords(f.files.json);
    }

    @Benchmark
    public long readAll_arrow(Files f) {
        return ArrowOps.readAllRecords(f.files.arrow);
    }

    @Benchmark
    public long readAll_mvstore(Files f) {
        return MvStoreOps.readAllRecords(f.files.mvstore);
    }

    // ---- sum one column ----

    /** The same sum in a file written without column flush points: every stream up to balance is inflated. */
    @Benchmark
    public double sumBalance_jazminNoFlushPoints(Files f) {
        return JazminOps.sumBalance(f.files.jzm3IndexesNoFlushPoints);
    }

    @Benchmark
    public double sumBalance_jackson(Files f) {
        return JacksonOps.sumBalance(f.files.json);
    }

    @Benchmark
    public double sumBalance_arrow(Files f) {
        return ArrowOps.sumBalance(f.files.arrow);
    }

    @Benchmark
    public double sumBalance_mvstore(Files f) {
        return MvStoreOps.sumBalance(f.files.mvstore);
    }

    // ---- write every row (rows pre-built in memory) ----

    @Benchmark
    public long write3Indexes_jazmin(Files f, Rows r) {
        return JazminOps.write(f.files.scratch("3indexes.jzm"), r.values, CustomersData.threeIndexes());
    }

    @Benchmark
    public long write3IndexesKey_jazmin(Files f, Rows r) {
        return JazminOps.write(f.files.scratch("3indexes-key.jzm"), r.values, r.withKey);
    }

    /** The same records through {@code JazminMapper}: compare with writeNoIndexes_jackson (records as JSON). */
    @Benchmark
    public long writeRecords_jazmin(Files f, Rows r) {
        return JazminOps.writeRecords(f.files.scratch("records.jzm"), r.customers, CustomersData.noIndexes());
    }

    @Benchmark
    public int writeNoIndexes_jackson(Files f, Rows r) {
        JacksonOps.write(f.files.scratch("customers.json"), r.customers);
        return r.customers.size();
    }

    @Benchmark
    public long writeNoIndexes_parquet(Files f, Rows r) {
        return ParquetOps.write(f.files.scratch("customers.parquet"), r.customers);
    }

    @Benchmark
    public long writeNoIndexes_arrow(Files f, Rows r) {
        return ArrowOps.write(f.files.scratch("customers.arrow"), r.customers);
    }

    /** MVStore's map is itself a B-tree on id (no secondary index). */
    @Benchmark
    public long writeNoIndexes_mvstore(Files f, Rows r) {
        return MvStoreOps.write(f.files.scratch("customers.mv.db"), r.customers);
    }

    /** SQLite always has its rowid index on id; it also gets the country index, so it sits in the 3-index row. */
    @Benchmark
    public long write3Indexes_sqlite(Files f, Rows r) {
        return SqliteOps.write(f.files.scratch("customers.sqlite"), r.customers);
    }
}
