package io.jazmin.benchmarks;

import io.jazmin.JazminReader;
import io.jazmin.data.Row;
import io.jazmin.mapping.JazminMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import io.jazmin.benchmarks.CustomersData.Customer;
import java.util.Iterator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Reading the 200,000-row customers conformance file (benchmark-data.md) from a cold open: into
 * records through a compiled row mapper, versus raw rows read with {@link Row#get(int)}. The goal
 * is records costing at most 1.3× raw rows.
 *
 * <pre>{@code java -jar jazmin-benchmarks/target/benchmarks.jar CustomersReadBenchmark -wi 2 -i 3 -f 1}</pre>
 *
 * The file is {@code -p file=...}, else {@code ../shared/conformance/cases/customers-200k/data.jzm}
 * from the working directory or its parent, else the same table made by {@link CustomersData} (the
 * module's one generator, cached by {@link CustomersFiles}). The record is {@link Customer}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = CustomersBenchmark.ARROW_OPENS)
public class CustomersReadBenchmark {
    private static final String CASE = "shared/conformance/cases/customers-200k/data.jzm";

    @Param("")
    public String file;

    private Path path;
    private JazminMapper<Customer> mapper;

    @Setup
    public void setUp() {
        path = file.isEmpty() ? defaultFile() : Path.of(file);
        if (path == null) {
            path = CustomersFiles.ensure(CustomersData.DEFAULT_ROWS).jzm3Indexes;
        }
        mapper = JazminMapper.forType(Customer.class);
    }

    @Benchmark
    public void rawRows(Blackhole bh) {
        try (JazminReader reader = JazminReader.open(path); Stream<Row> rows = reader.table().rows()) {
            for (Iterator<Row> it = rows.iterator(); it.hasNext(); ) {
                Row row = it.next();
                for (int i = 0; i < row.size(); i++) {
                    bh.consume(row.get(i));
                }
            }
        }
    }

    @Benchmark
    public void records(Blackhole bh) {
        try (JazminReader reader = JazminReader.open(path); Stream<Customer> customers = mapper.table(reader).stream()) {
            for (Iterator<Customer> it = customers.iterator(); it.hasNext(); ) {
                bh.consume(it.next());
            }
        }
    }

    private static Path defaultFile() {
        return referenceFile();
    }

    /** The published customers-200k data.jzm beside the project, or {@code null} when it is not there. */
    static Path referenceFile() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolveSibling(CASE);
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        return null;
    }
}
