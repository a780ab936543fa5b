package io.jazmin.benchmarks;

import io.jazmin.JazminReader;
import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.spring.data.core.JazminFileDefinition;
import io.jazmin.spring.data.core.JazminFiles;
import io.jazmin.spring.data.core.JazminTemplate;
import io.jazmin.spring.data.core.mapping.JazminMappingContext;
import io.jazmin.spring.data.repository.JazminRepository;
import io.jazmin.spring.data.repository.support.JazminRepositoryFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the Spring layer's freshness check costs (issue 31): before reusing a pooled reader, every
 * repository operation asks {@link JazminReader#isCurrent()} (one {@code stat} of the file). The
 * same lookup by id on a held reader without the check ({@code lookup_unchecked}) and with it
 * ({@code lookup_checked}) give the ratio; {@code isCurrent} is the check alone and
 * {@code findById_repository} the whole repository call, which pays it once.
 *
 * <pre>{@code java -jar jazmin-benchmarks/target/benchmarks.jar FreshReadBenchmark -f 1 -wi 2 -i 3}</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms512m", "-Xmx1g"})
public class FreshReadBenchmark {
    /** The entity of the benchmark's file {@code items}. */
    public record Item(@JazminId long id, String name, long score) {
    }

    /** Its repository. */
    public interface Items extends JazminRepository<Item, Long> {
    }

    static final int ROWS = 100_000;

    private Path dir;
    private JazminFiles files;
    private Items items;
    private JazminReader held;
    private long next;

    @Setup(Level.Trial)
    public void setUp() {
        try {
            dir = Files.createTempDirectory("jazmin-fresh-read");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Path file = dir.resolve("items.jzm");
        files = new JazminFiles(List.of(JazminFileDefinition.of("items", file).withCreateIfMissing(true)));
        items = new JazminRepositoryFactory(new JazminTemplate(files, new JazminMappingContext()))
                .getRepository(Items.class);
        items.saveAll(LongStream.range(0, ROWS).mapToObj(i -> new Item(i, "item " + i, i * 31 % 1000)).toList());
        held = JazminReader.open(file);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        held.close();
        files.destroy();
        try (Stream<Path> paths = Files.list(dir)) {
            for (Path p : paths.toList()) {
                Files.delete(p);
            }
        }
        Files.delete(dir);
    }

    /** Ids spread over the file, the same sequence for every method. */
    private long nextId() {
        next = (next + 7919) % ROWS;
        return next;
    }

    private Row lookup(long id) {
        try (Stream<Row> rows = held.table().find(Filter.eq("id", id), RowQuery.all().withLimit(2))) {
            return rows.findFirst().orElseThrow();
        }
    }

    @Benchmark
    public Row lookup_unchecked() {
        return lookup(nextId());
    }

    @Benchmark
    public Row lookup_checked() {
        if (!held.isCurrent()) {
            throw new IllegalStateException("the file changed during the benchmark");
        }
        return lookup(nextId());
    }

    @Benchmark
    public boolean isCurrent() {
        return held.isCurrent();
    }

    @Benchmark
    public Optional<Item> findById_repository() {
        return items.findById(nextId());
    }
}
