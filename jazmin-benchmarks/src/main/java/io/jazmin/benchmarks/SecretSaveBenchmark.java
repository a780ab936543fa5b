package io.jazmin.benchmarks;

import io.jazmin.schema.IndexKind;
import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.key.DerivedKeyCache;
import io.jazmin.key.JazminKey;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
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
 * One repository {@code save()} of an entity with an id into an encrypted file, as the Spring Data
 * module does it: open a reader of the current version, then upsert the row (a new version
 * appended). {@code key} is a key file; {@code password} a password file at the default 600,000
 * PBKDF2 iterations with the file's {@link DerivedKeyCache} (one derivation per version, kept);
 * {@code password-uncached} the same without a cache, as before the cache: two derivations per save.
 *
 * <pre>{@code java -jar jazmin-benchmarks/target/benchmarks.jar SecretSaveBenchmark}</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms256m", "-Xmx1g"})
public class SecretSaveBenchmark {
    private static final int ROWS = 1_000;
    private static final String PASSWORD = "benchmark password";

    @Param({"key", "password", "password-uncached"})
    public String secret;

    private Path dir;
    private Path file;
    private DerivedKeyCache cache;
    private ReadOptions reading;
    private WriteOptions writing;
    private long next;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        dir = Files.createTempDirectory("jazmin-secret-save");
        file = dir.resolve("customers.jzm");
        cache = secret.equals("password") ? new DerivedKeyCache() : null;
        if (secret.equals("key")) {
            JazminKey key = JazminKey.generate();
            reading = ReadOptions.defaults().withKey(key);
            writing = WriteOptions.defaults().withKey(key);
        } else {
            reading = ReadOptions.defaults().withPassword(PASSWORD).withKeyCache(cache);
            writing = WriteOptions.defaults().withPassword(PASSWORD).withKeyCache(cache);
        }
    }

    /** A fresh file each iteration, so appends do not pile up across iterations. */
    @Setup(Level.Iteration)
    public void freshFile() {
        JazminWriter.write(file, CustomersData.COLUMNS, writing.withIndex("id", IndexKind.SORTED),
                LongStream.range(0, ROWS).<Map<String, ?>>mapToObj(SecretSaveBenchmark::row)
                        .iterator());
        next = 0;
    }

    @Benchmark
    public long save() {
        long id = next++ % ROWS;
        try (JazminReader reader = JazminReader.open(file, reading)) {
            reader.table().rowCount();
        }
        return JazminFile.upsert(file, null, List.of("id"), List.of(row(id)), writing).rowCount();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        if (cache != null) {
            cache.close();
        }
        try (var files = Files.list(dir)) {
            for (Path p : files.toList()) {
                Files.deleteIfExists(p);
            }
        }
        Files.deleteIfExists(dir);
    }

    private static Map<String, ?> row(long i) {
        Object[] values = CustomersData.values(i);
        Map<String, Object> row = new LinkedHashMap<>();
        for (int c = 0; c < values.length; c++) {
            row.put(CustomersData.COLUMNS.get(c).name(), values[c]);
        }
        return row;
    }
}
