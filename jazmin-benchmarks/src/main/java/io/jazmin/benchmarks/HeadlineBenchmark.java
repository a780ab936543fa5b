package io.jazmin.benchmarks;

import io.jazmin.benchmarks.CustomersData.Customer;
import io.jazmin.options.ReadOptions;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The headline (issue 33): the five questions of benchmark-data.md in fair pairings, in one JMH run.
 * Each question is one method and each system one {@code @Param} value, so the systems of one
 * question run back to back, in the order of {@link Engine#system}:
 * <ul>
 *   <li>cold: JAZMIN with the shared decoded-chunk cache off (and the key file) against SQLite with a
 *       connection per query: both keep nothing but the OS page cache between opens;</li>
 *   <li>warm: JAZMIN with the cache on against SQLite with one warm connection, statements kept;</li>
 *   <li>DuckDB over Parquet with one connection (the strongest peer for scans), and a new in-memory
 *       database per query, labelled as such;</li>
 *   <li>MessagePack (one streaming pass), beside JAZMIN's read all with the cache off;</li>
 *   <li>the lookup in JSON: Jackson's streaming parser that stops at the row, beside databind
 *       ({@link #findById_jackson});</li>
 *   <li>the write without indexes against MessagePack's ({@link #writeNoIndexes}), wall time here and
 *       CPU time with {@link ProcessCpuProfiler}.</li>
 * </ul>
 * Every fork first checks its system's five answers against the generator's ({@link HeadlineAnswers})
 * and fails on any difference. {@link HeadlineReport} turns the run into the pairings and goals;
 * {@code headline.sh} is the quick run.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx2g"})
public class HeadlineBenchmark {

    /** The customers files (made once and cached; see {@link CustomersFiles#ensureHeadline}). */
    @State(Scope.Benchmark)
    public static class Data {
        @Param("200000")
        public int rows;

        public CustomersFiles files;
        public long id;

        @Setup(Level.Trial)
        public void setUp() {
            files = CustomersFiles.ensureHeadline(rows, CustomersFiles.defaultBase());
            id = CustomersData.findId(rows);
        }
    }

    /** One system answering the five questions, its answers checked before timing. */
    @State(Scope.Benchmark)
    public static class Engine {
        /** Pairs next to each other: each JAZMIN setting before the peers it is compared with. */
        @Param({"jazmin-cache-off", "sqlite-per-query", "jazmin-key", "duckdb-one-connection", "duckdb-per-query",
            "msgpack", "jazmin-cache-on", "sqlite-one-connection", "jazmin-key-cache-on"})
        public String system;

        CustomerQueries queries;

        @Setup(Level.Trial)
        public void setUp(Data d) {
            queries = open(system, d);
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            queries.close();
        }
    }

    /** The lookup in the JSON file, the streaming parser beside databind. */
    @State(Scope.Benchmark)
    public static class Json {
        @Param({"jackson-streaming", "jackson-databind"})
        public String json;

        CustomerQueries queries;

        @Setup(Level.Trial)
        public void setUp(Data d) {
            queries = open(json, d);
        }
    }

    /** Opens a system and checks its answers (a wrong answer fails the fork, and with -foe the run). */
    static CustomerQueries open(String param, Data d) {
        HeadlineSystem s = HeadlineSystem.of(param);
        CustomerQueries q = s.open(d.files);
        try {
            HeadlineAnswers.check(s, q, d.rows);
        } catch (RuntimeException e) {
            q.close();
            throw e;
        }
        return q;
    }

    /**
     * The write without indexes: JAZMIN's writer against MessagePack's, from rows built before timing.
     * {@code msgpack} writes the file as a stream and returns; {@code msgpack-durable} also makes it
     * durable as JAZMIN's writer does (a temporary file, forced, then renamed over the old one).
     */
    @State(Scope.Benchmark)
    public static class Writer {
        @Param({"jazmin", "msgpack", "msgpack-durable"})
        public String writer;

        Object[][] values;
        List<Customer> customers;
        Path out;

        @Setup(Level.Trial)
        public void setUp(Data d) {
            values = CustomersData.valueRows(d.rows);
            customers = CustomersData.customers(d.rows);
            out = d.files.scratch("headline-write-" + writer);
            write();
            HeadlineAnswers want = HeadlineAnswers.expected(d.rows);
            long got = switch (writer) {
                case "jazmin" -> JazminOps.readAllRecords(out, ReadOptions.defaults().withSharedCache(false));
                case "msgpack", "msgpack-durable" -> MsgpackOps.readAllRecords(out);
                default -> throw new IllegalArgumentException("no writer " + writer);
            };
            if (got != want.readAllChecksum()) {
                throw new IllegalStateException(writer + " wrote rows that read back differently: checksum " + got
                        + ", want " + want.readAllChecksum());
            }
        }

        long write() {
            return switch (writer) {
                case "jazmin" -> JazminOps.write(out, values, CustomersData.noIndexes());
                case "msgpack" -> MsgpackOps.write(out, customers);
                case "msgpack-durable" -> MsgpackOps.writeDurably(out, customers);
                default -> throw new IllegalArgumentException("no writer " + writer);
            };
        }
    }

    @Benchmark
    public Customer findById(Engine e, Data d) {
        return e.queries.findById(d.id);
    }

    @Benchmark
    public long filterCount(Engine e) {
        return e.queries.filterCount();
    }

    @Benchmark
    public long containsCount(Engine e) {
        return e.queries.containsCount();
    }

    @Benchmark
    public double sumBalance(Engine e) {
        return e.queries.sumBalance();
    }

    @Benchmark
    public long readAll(Engine e) {
        return e.queries.readAll();
    }

    @Benchmark
    public Customer findById_jackson(Json j, Data d) {
        return j.queries.findById(d.id);
    }

    @Benchmark
    public long writeNoIndexes(Writer w) {
        return w.write();
    }
}
