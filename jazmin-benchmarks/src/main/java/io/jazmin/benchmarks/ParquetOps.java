package io.jazmin.benchmarks;

import io.jazmin.benchmarks.CustomersData.Customer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

/**
 * The Parquet baseline, written and read through DuckDB's JDBC driver (no Hadoop): DuckDB's
 * defaults (Snappy, 122,880-row row groups with min/max statistics, which let a lookup by id skip row
 * groups). Each read opens a fresh in-memory DuckDB (a cold open), runs one query over
 * {@code read_parquet} and closes. {@code joined} is a Parquet timestamp, read as epoch milliseconds.
 */
public final class ParquetOps {
    private static final String COLUMNS = "id, name, email, country, age, balance, epoch_ms(joined), active";

    private ParquetOps() {
    }

    private static Connection memory() throws SQLException {
        return DriverManager.getConnection("jdbc:duckdb:");
    }

    /** The path as an SQL string literal. */
    private static String literal(Path file) {
        return "'" + file.toString().replace("'", "''") + "'";
    }

    private static String table(Path file) {
        return "read_parquet(" + literal(file) + ")";
    }

    /** Appends the rows to an in-memory table, then copies it to the Parquet file. */
    public static long write(Path file, List<Customer> rows) {
        try {
            Files.deleteIfExists(file);
            try (Connection c = memory(); Statement s = c.createStatement()) {
                s.execute("CREATE TABLE customers (id BIGINT NOT NULL, name VARCHAR, email VARCHAR, country VARCHAR,"
                        + " age INTEGER, balance DOUBLE, joined TIMESTAMP, active BOOLEAN)");
                try (DuckDBAppender a = c.unwrap(DuckDBConnection.class).createAppender(DuckDBConnection.DEFAULT_SCHEMA,
                        "customers")) {
                    for (Customer r : rows) {
                        a.beginRow().append(r.id()).append(r.name()).append(r.email()).append(r.country())
                                .append(r.age()).append(r.balance())
                                .append(LocalDateTime.ofInstant(r.joined(), ZoneOffset.UTC)).append(r.active()).endRow();
                    }
                }
                s.execute("COPY customers TO " + literal(file) + " (FORMAT parquet)");
            }
            return rows.size();
        } catch (Exception e) {
            throw new IllegalStateException("could not write " + file, e);
        }
    }

    public static Customer findById(Path file, long id) {
        return JdbcCustomers.one(ParquetOps::memory, "SELECT " + COLUMNS + " FROM " + table(file) + " WHERE id = ?", id);
    }

    public static long filterCount(Path file) {
        return JdbcCustomers.count(ParquetOps::memory, "SELECT count(*) FROM " + table(file)
                + " WHERE country = ? AND age > ?", CustomersData.FILTER_COUNTRY, CustomersData.FILTER_AGE_GT);
    }

    /** DuckDB's contains() is case-sensitive like JAZMIN's. */
    public static long containsCount(Path file) {
        return JdbcCustomers.count(ParquetOps::memory, "SELECT count(*) FROM " + table(file)
                + " WHERE contains(name, ?)", CustomersData.CONTAINS_TEXT);
    }

    /** Every row into a record (file order; the checksum does not depend on order). */
    public static long readAllRecords(Path file) {
        return JdbcCustomers.readAll(ParquetOps::memory, "SELECT " + COLUMNS + " FROM " + table(file));
    }

    /** Sum of balance, reading the column into Java row by row through JDBC (like SQLite's). */
    public static double sumBalance(Path file) {
        return JdbcCustomers.sum(ParquetOps::memory, "SELECT balance FROM " + table(file));
    }

    /** Sum of balance computed inside DuckDB, only the answer crossing JDBC: Parquet's column sum itself. */
    public static double sumBalanceSql(Path file) {
        return JdbcCustomers.sum(ParquetOps::memory, "SELECT sum(balance) FROM " + table(file));
    }
}
