package io.jazmin.benchmarks;

import static io.jazmin.query.Where.field;

import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.benchmarks.CustomersData.Customer;
import io.jazmin.data.Filter;
import io.jazmin.data.RowQuery;
import io.jazmin.data.SortKey;
import io.jazmin.mapping.JazminMapper;
import io.jazmin.query.Order;
import io.jazmin.query.Query;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The typed query API ({@code io.jazmin.query}, issue 34) beside the same query written as a
 * {@link Filter} and {@link RowQuery} and read as records through {@link JazminMapper}: the
 * customers table's {@code country = NA and age > 80} as a list of records, its count, and the top
 * 20 balances. The typed query is built inside each call (accessors resolved, filter compiled), so
 * the line shows that cost too; {@code buildTyped} against {@code buildFilter} isolates it, since
 * the rest runs the same filter through the same path. The goal: no slower than the {@code Filter}.
 *
 * <pre>{@code java -jar jazmin-benchmarks/target/benchmarks.jar TypedQueryBenchmark}</pre>
 *
 * The file is {@code -p file=...}, else the customers-200k conformance case beside the project,
 * else the table {@link CustomersData} makes (cached by {@link CustomersFiles}). One reader stays
 * open across calls: the query path is measured, not the open.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 6, time = 3)
@Measurement(iterations = 10, time = 2)
@State(Scope.Benchmark)
public class TypedQueryBenchmark {
    @Param("")
    public String file;

    private JazminReader reader;
    private JazminTable table;
    private JazminMapper<Customer> mapper;

    @Setup
    public void setUp() {
        Path path = file.isEmpty() ? CustomersReadBenchmark.referenceFile() : Path.of(file);
        if (path == null) {
            path = CustomersFiles.ensure(CustomersData.DEFAULT_ROWS).jzm3Indexes;
        }
        reader = JazminReader.open(path);
        table = reader.table();
        mapper = JazminMapper.forType(Customer.class);
    }

    @TearDown
    public void tearDown() {
        reader.close();
    }

    private static Filter filter() {
        return Filter.eq("country", CustomersData.FILTER_COUNTRY).and(Filter.gt("age", CustomersData.FILTER_AGE_GT));
    }

    private static Query<Customer> typed() {
        return Query.of(Customer.class).where(field(Customer::country).eq(CustomersData.FILTER_COUNTRY)
                .and(field(Customer::age).gt(CustomersData.FILTER_AGE_GT)));
    }

    /** The filter alone: what the typed query's building adds to a run is the difference to {@link #buildTyped}. */
    @Benchmark
    public Filter buildFilter() {
        return filter();
    }

    /** The typed query built and compiled: accessors resolved (cached), operands converted, filter made. */
    @Benchmark
    public Filter buildTyped() {
        return typed().filter();
    }

    @Benchmark
    public List<Customer> listFilter() {
        return mapper.table(table).find(filter()).toList();
    }

    @Benchmark
    public List<Customer> listTyped() {
        return typed().list(table);
    }

    @Benchmark
    public long countFilter() {
        return table.count(filter());
    }

    @Benchmark
    public long countTyped() {
        return typed().count(table);
    }

    @Benchmark
    public List<Customer> top20Filter() {
        return mapper.table(table).find(null, RowQuery.all().orderBy(SortKey.desc("balance"))
                .withLimit(CustomersData.TOP_ROWS)).toList();
    }

    @Benchmark
    public List<Customer> top20Typed() {
        return Query.of(Customer.class).orderBy(Order.desc(Customer::balance)).limit(CustomersData.TOP_ROWS).list(table);
    }
}
