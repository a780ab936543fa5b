package io.jazmin.benchmarks;

import io.jazmin.options.Priority;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.benchmarks.CustomersData.Customer;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
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
 * What each {@link Priority} costs and buys on the customers table: scans (every row into records
 * and into raw rows, the filter's rows, one column summed) and writes (no index, 3 indexes), each
 * with the reader's or writer's priority set. Memory keeps all work on the calling thread; balanced
 * and speed decode chunks ahead and encode chunks on worker threads. {@link Report} prints them side
 * by side with the allocation per operation.
 *
 * <pre>{@code java -jar jazmin-benchmarks/target/benchmarks.jar PriorityBenchmark -prof gc}</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 8, time = 2)
@Fork(value = 2, jvmArgsAppend = {"-Xms1g", "-Xmx2g", CustomersBenchmark.ARROW_OPENS})
public class PriorityBenchmark {
    @Param({"memory", "balanced", "speed"})
    public String priority;

    private Path jzm;
    private Path scratch;
    private Object[][] rows;
    private ReadOptions reading;
    private WriteOptions noIndexes;
    private WriteOptions threeIndexes;

    @Setup(Level.Trial)
    public void setUp() {
        CustomersFiles files = CustomersFiles.ensure(CustomersData.DEFAULT_ROWS);
        Priority p = Priority.valueOf(priority.toUpperCase(Locale.ROOT));
        jzm = files.jzm3Indexes;
        scratch = files.scratch("priority-" + priority + ".jzm");
        rows = CustomersData.valueRows(files.rows);
        reading = ReadOptions.defaults().withPriority(p);
        noIndexes = CustomersData.noIndexes().withPriority(p);
        threeIndexes = CustomersData.threeIndexes().withPriority(p);
    }

    @Benchmark
    public long readAll_records() {
        return JazminOps.readAllRecords(jzm, reading);
    }

    @Benchmark
    public long readAll_rows() {
        return JazminOps.readAllRows(jzm, reading);
    }

    @Benchmark
    public List<Customer> filterRows() {
        return JazminOps.filterRows(jzm, reading);
    }

    @Benchmark
    public double sumBalance() {
        return JazminOps.sumBalance(jzm, reading);
    }

    @Benchmark
    public long writeNoIndexes() {
        return JazminOps.write(scratch, rows, noIndexes);
    }

    @Benchmark
    public long write3Indexes() {
        return JazminOps.write(scratch, rows, threeIndexes);
    }
}
