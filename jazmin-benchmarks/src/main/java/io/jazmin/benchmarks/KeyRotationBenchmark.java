package io.jazmin.benchmarks;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.options.ReadOptions;
import io.jazmin.data.Row;
import io.jazmin.key.JazminKey;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Iterator;
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
 * Changing the key of the 200,000-row key file with three indexes: {@code rotate} is
 * {@link JazminFile#rotateKey} (every section re-sealed as stored, no row decoded), {@code rewrite}
 * the full rewrite that was the only way before: every row read with the old key and written anew
 * under the new one (chunks decoded, re-encoded and recompressed, the indexes rebuilt). Each call moves the file
 * to the other of two keys, so every measured call changes the key.
 *
 * <pre>{@code java -jar jazmin-benchmarks/target/benchmarks.jar KeyRotationBenchmark}</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms512m", "-Xmx2g", CustomersBenchmark.ARROW_OPENS})
public class KeyRotationBenchmark {
    @Param({"200000"})
    public int rows;

    private Path file;
    private JazminKey current;
    private JazminKey other;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        CustomersFiles files = CustomersFiles.ensure(rows);
        file = files.scratch("rotation.jzm");
        Files.copy(files.jzm3IndexesKey, file, StandardCopyOption.REPLACE_EXISTING);
        current = files.key();
        other = JazminKey.generate();
    }

    @Benchmark
    public long rotate() throws IOException {
        JazminFile.rotateKey(file, ReadOptions.defaults().withKey(current), other);
        return swapped();
    }

    @Benchmark
    public long rewrite() throws IOException {
        try (JazminReader reader = JazminReader.open(file, ReadOptions.defaults().withKey(current));
             JazminWriter writer = JazminWriter.create(file, CustomersData.COLUMNS,
                     CustomersData.threeIndexes().withKey(other))) {
            Iterator<Row> it = reader.table().rows().iterator();
            while (it.hasNext()) {
                Row row = it.next();
                Object[] values = new Object[row.size()];
                for (int i = 0; i < values.length; i++) {
                    values[i] = row.get(i);
                }
                writer.writeValues(values);
            }
            writer.finish();
        }
        return swapped();
    }

    private long swapped() throws IOException {
        JazminKey t = current;
        current = other;
        other = t;
        return Files.size(file);
    }
}
