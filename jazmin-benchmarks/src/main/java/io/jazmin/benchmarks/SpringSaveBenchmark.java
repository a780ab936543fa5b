package io.jazmin.benchmarks;

import io.jazmin.benchmarks.jdbc.SqliteLoanStore;
import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.spring.data.core.CompactionPolicy;
import io.jazmin.spring.data.core.JazminFileDefinition;
import io.jazmin.spring.data.core.JazminFiles;
import io.jazmin.spring.data.core.JazminTemplate;
import io.jazmin.spring.data.core.mapping.JazminMappingContext;
import io.jazmin.spring.data.repository.JazminRepository;
import io.jazmin.spring.data.repository.support.JazminRepositoryFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.Stream;
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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The Spring layer's writes and bulk reads (issue 31), beside Spring Data JDBC over SQLite in the
 * same run: single saves by 1, 2, 4 and 16 threads (each call returns once its row is forced to disk;
 * concurrent ones join one change through group commit in the Spring store, and wait for
 * SQLite's write lock in turn there), and {@code saveAll}/{@code findAll} of 10,000 entities of fifteen members (UUID id, enum,
 * BigDecimal, LocalDate, Instant, lists, a nested record holding a nested record, a map, an
 * Optional). Every invocation's answer is checked where it is cheap.
 *
 * <pre>{@code java -jar jazmin-benchmarks/target/benchmarks.jar SpringSaveBenchmark -f 1 -wi 2 -i 3}</pre>
 */
@State(Scope.Benchmark)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms512m", "-Xmx1g"})
public class SpringSaveBenchmark {
    /** How a loan stands. */
    public enum Status { OPEN, RETURNED, LOST }

    /** A nested record's nested record. */
    public record Geo(double lat, double lon) {
    }

    /** A nested record. */
    public record Branch(String name, String city, Geo geo) {
    }

    /** The entity: fifteen members. */
    public record Loan(@JazminId UUID id, Status status, BigDecimal fee, LocalDate due, Instant created,
                       String title, String member, long copies, int renewals, boolean overdue,
                       List<String> tags, List<Integer> marks, Branch branch, Map<String, Integer> counters,
                       Optional<String> note) {
    }

    /** Its repository. */
    public interface Loans extends JazminRepository<Loan, UUID> {
    }

    static final int BULK = 10_000;

    /**
     * The store saved to and read from: the Spring store as configured by default ({@code jazmin}:
     * {@link CompactionPolicy#AUTOMATIC}), the same compacted on demand only ({@code jazmin-on-demand},
     * so every save's header lists all the saves before it), and Spring Data JDBC over SQLite in WAL
     * mode with {@code synchronous=FULL} ({@code sqlite-jdbc}, see {@link SqliteLoanStore}).
     */
    @Param({"jazmin", "jazmin-on-demand", "sqlite-jdbc"})
    public String store;

    private Path dir;
    private final List<JazminFiles> files = new java.util.ArrayList<>();
    private final List<SqliteLoanStore> sqlite = new java.util.ArrayList<>();
    private LoanStore saves;
    private LoanStore bulk;
    private LoanStore reads;

    /** What the benchmarks ask of either store. */
    public interface LoanStore {
        Loan save(Loan loan);

        List<Loan> saveAll(List<Loan> loans);

        List<Loan> findAll();
    }

    static Loan loan(int i) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return new Loan(UUID.randomUUID(), Status.values()[i % 3], BigDecimal.valueOf(random.nextInt(10_000), 2),
                LocalDate.of(2026, 1, 1).plusDays(i % 365), Instant.ofEpochMilli(1_700_000_000_000L + i * 1000L),
                "title " + i, "member " + (i % 997), i, i % 5, i % 7 == 0, List.of("a", "b" + (i % 10)),
                List.of(i % 3, i % 11), new Branch("branch " + (i % 20), "city " + (i % 50),
                new Geo(i % 90, i % 180)), Map.of("k" + (i % 4), i), i % 2 == 0 ? Optional.of("note " + i)
                : Optional.empty());
    }

    private static List<Loan> loans(int count) {
        return IntStream.range(0, count).mapToObj(SpringSaveBenchmark::loan).toList();
    }

    @Setup(Level.Trial)
    public void setUp() {
        try {
            dir = Files.createTempDirectory("jazmin-spring-save");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        saves = store("saves");
        bulk = store("bulk");
        reads = store("reads");
        saves.save(loan(0));
        bulk.save(loan(0));
        reads.saveAll(loans(BULK));
    }

    private LoanStore store(String name) {
        return switch (store) {
            case "jazmin" -> jazmin(name, CompactionPolicy.AUTOMATIC);
            case "jazmin-on-demand" -> jazmin(name, CompactionPolicy.NONE);
            case "sqlite-jdbc" -> sqlite(name);
            default -> throw new IllegalArgumentException("no store " + store);
        };
    }

    /** A repository of {@code Loan} over its own file {@code <name>.jzm} (configured as {@code loans}). */
    private LoanStore jazmin(String name, CompactionPolicy compaction) {
        JazminFiles own = new JazminFiles(List.of(JazminFileDefinition.of("loans", dir.resolve(name + ".jzm"))
                .withCreateIfMissing(true).withCompaction(compaction)));
        files.add(own);
        Loans loans = new JazminRepositoryFactory(new JazminTemplate(own, new JazminMappingContext()))
                .getRepository(Loans.class);
        return new LoanStore() {
            @Override
            public Loan save(Loan loan) {
                return loans.save(loan);
            }

            @Override
            public List<Loan> saveAll(List<Loan> all) {
                return loans.saveAll(all);
            }

            @Override
            public List<Loan> findAll() {
                return loans.findAll();
            }
        };
    }

    /** Spring Data JDBC over its own SQLite database {@code <name>.db}. */
    private LoanStore sqlite(String name) {
        SqliteLoanStore own = new SqliteLoanStore(dir.resolve(name + ".db"));
        sqlite.add(own);
        return own;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        files.forEach(JazminFiles::destroy);
        sqlite.forEach(SqliteLoanStore::close);
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private Loan saveOne() {
        return saves.save(loan(ThreadLocalRandom.current().nextInt(1_000_000)));
    }

    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    @Threads(1)
    public Loan save_1thread() {
        return saveOne();
    }

    /** Two threads: the group commit leader's short wait for the other (measured at 1, 4 and 16 threads before). */
    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    @Threads(2)
    public Loan save_2threads() {
        return saveOne();
    }

    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    @Threads(4)
    public Loan save_4threads() {
        return saveOne();
    }

    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    @Threads(16)
    public Loan save_16threads() {
        return saveOne();
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public List<Loan> saveAll_10000() {
        List<Loan> saved = bulk.saveAll(loans(BULK));
        if (saved.size() != BULK) {
            throw new IllegalStateException("saved " + saved.size());
        }
        return saved;
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public List<Loan> findAll_10000() {
        List<Loan> all = reads.findAll();
        if (all.size() != BULK) {
            throw new IllegalStateException("read " + all.size());
        }
        return all;
    }
}
