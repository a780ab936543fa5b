package io.jazmin.benchmarks;

import io.jazmin.data.ColumnArrays;
import io.jazmin.data.Filter;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.JazminWriter;
import io.jazmin.options.ReadOptions;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.data.SortKey;
import io.jazmin.options.WriteOptions;
import io.jazmin.benchmarks.CustomersData.Customer;
import io.jazmin.mapping.JazminMapper;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;

/** The JAZMIN side of each operation; each one opens the file itself (a cold open). */
public final class JazminOps {
    public static final JazminMapper<Customer> MAPPER = JazminMapper.forType(Customer.class);
    public static final Filter FILTER = Filter.parse(CustomersData.FILTER_JSON);
    public static final Filter CONTAINS = Filter.parse(CustomersData.CONTAINS_JSON);

    private JazminOps() {
    }

    /**
     * The five headline questions on {@code file}, each opening it with {@code options} (a cold open:
     * what stays between opens is the process-wide decoded-chunk cache when the options leave it on,
     * and the OS page cache).
     */
    public static CustomerQueries queries(Path file, ReadOptions options) {
        return CustomerQueries.of(id -> findById(file, id, options), () -> filterCount(file, options),
                () -> containsCount(file, options), () -> sumBalance(file, options), () -> readAllRecords(file, options));
    }

    /** open → find {"id": id} → the row as a record. */
    public static Customer findById(Path file, long id) {
        return findById(file, id, ReadOptions.defaults());
    }

    public static Customer findById(Path file, long id, ReadOptions options) {
        try (JazminReader reader = JazminReader.open(file, options);
             Stream<Customer> found = MAPPER.table(reader).find(Filter.eq("id", id))) {
            return found.findFirst().orElse(null);
        }
    }

    /** open → find {"id": id} → the raw row, every value read. */
    public static Row findByIdRow(Path file, long id) {
        return findByIdRow(file, id, ReadOptions.defaults());
    }

    public static Row findByIdRow(Path file, long id, ReadOptions options) {
        try (JazminReader reader = JazminReader.open(file, options);
             Stream<Row> found = reader.table().find(Filter.eq("id", id))) {
            Row row = found.findFirst().orElse(null);
            if (row != null) {
                for (int i = 0; i < row.size(); i++) {
                    row.get(i);
                }
            }
            return row;
        }
    }

    /** The sorted page of the top-20 benchmark: balance descending, ties by id. */
    public static final RowQuery TOP_BALANCE = RowQuery.all().orderBy(SortKey.desc("balance"), SortKey.asc("id"))
            .withLimit(CustomersData.TOP_ROWS);

    /** open → the 20 rows with the highest balance, as records. */
    public static List<Customer> topBalance(Path file) {
        try (JazminReader reader = JazminReader.open(file);
             Stream<Customer> top = MAPPER.table(reader).find(null, TOP_BALANCE)) {
            return top.toList();
        }
    }

    /** open → the 20 rows with the highest balance, raw rows with every value read. */
    public static List<Row> topBalanceRows(Path file) {
        try (JazminReader reader = JazminReader.open(file);
             Stream<Row> top = reader.table().find(null, TOP_BALANCE)) {
            List<Row> rows = top.toList();
            for (Row row : rows) {
                for (int i = 0; i < row.size(); i++) {
                    row.get(i);
                }
            }
            return rows;
        }
    }

    public static long filterCount(Path file) {
        return filterCount(file, ReadOptions.defaults());
    }

    public static long filterCount(Path file, ReadOptions options) {
        try (JazminReader reader = JazminReader.open(file, options)) {
            return reader.table().count(FILTER);
        }
    }

    /** The filter's rows, as records. */
    public static List<Customer> filterRows(Path file) {
        return filterRows(file, ReadOptions.defaults());
    }

    public static List<Customer> filterRows(Path file, ReadOptions options) {
        try (JazminReader reader = JazminReader.open(file, options);
             Stream<Customer> s = MAPPER.table(reader).find(FILTER)) {
            return s.toList();
        }
    }

    public static long containsCount(Path file) {
        return containsCount(file, ReadOptions.defaults());
    }

    public static long containsCount(Path file, ReadOptions options) {
        try (JazminReader reader = JazminReader.open(file, options)) {
            return reader.table().count(CONTAINS);
        }
    }

    /** Every row into a record; returns the count and a checksum of ids so nothing is dead code. */
    public static long readAllRecords(Path file) {
        return readAllRecords(file, ReadOptions.defaults());
    }

    public static long readAllRecords(Path file, ReadOptions options) {
        long sum = 0;
        try (JazminReader reader = JazminReader.open(file, options);
             Stream<Customer> s = MAPPER.table(reader).stream()) {
            for (Iterator<Customer> it = s.iterator(); it.hasNext(); ) {
                Customer c = it.next();
                sum += c.id() + c.name().length();
            }
        }
        return sum;
    }

    /** Every row as a raw {@link Row}, every value read. */
    public static long readAllRows(Path file) {
        return readAllRows(file, ReadOptions.defaults());
    }

    public static long readAllRows(Path file, ReadOptions options) {
        long n = 0;
        try (JazminReader reader = JazminReader.open(file, options); Stream<Row> rows = reader.table().rows()) {
            for (Iterator<Row> it = rows.iterator(); it.hasNext(); ) {
                Row row = it.next();
                for (int i = 0; i < row.size(); i++) {
                    if (row.get(i) != null) {
                        n++;
                    }
                }
            }
        }
        return n;
    }

    /** Sum of balance through {@link JazminTable#sum} (an aggregate, as DuckDB's {@code sum(balance)}). */
    public static double sumBalance(Path file) {
        return sumBalance(file, ReadOptions.defaults());
    }

    public static double sumBalance(Path file, ReadOptions options) {
        try (JazminReader reader = JazminReader.open(file, options)) {
            return reader.table().sum("balance", null);
        }
    }

    /** Sum of balance through {@link JazminTable#columnArrays}: the column as a double array, added here. */
    public static double sumBalanceArrays(Path file, ReadOptions options) {
        try (JazminReader reader = JazminReader.open(file, options)) {
            ColumnArrays a = reader.table().columnArrays(null, RowQuery.all().withSelect(List.of("balance")));
            double[] v = a.doubles("balance");
            double s = 0;
            for (double d : v) {
                s += d;
            }
            return s;
        }
    }

    public static long rowCount(Path file) {
        try (JazminReader reader = JazminReader.open(file); Stream<Row> rows = reader.table().rows()) {
            return rows.count();
        }
    }

    /** Writes pre-built rows (column order) with {@code options}. */
    public static long write(Path file, Object[][] rows, WriteOptions options) {
        try (JazminWriter w = JazminWriter.create(file, CustomersData.COLUMNS, options)) {
            for (Object[] row : rows) {
                w.writeValues(row);
            }
            long n = w.rowCount();
            w.finish();
            return n;
        }
    }

    /** Writes records through the mapper (the schema it derives from {@link Customer}) with {@code options}. */
    public static long writeRecords(Path file, List<Customer> customers, WriteOptions options) {
        try (io.jazmin.mapping.ObjectWriter<Customer> w = MAPPER.writer(file, options)) {
            w.writeAll(customers);
            long n = w.rowCount();
            w.finish();
            return n;
        }
    }
}
