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
 * groups). Reads query {@code read_parquet} through one kept connection ({@link #oneConnection}) or
 * a new in-memory database per query ({@link #perQuery}). {@code joined} is a Parquet timestamp, read as
 * epoch milliseconds.
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

    /** The five questions over the file; DuckDB's contains() is case-sensitive like JAZMIN's. */
    private static JdbcCustomers.Sql sql(Path file) {
        String from = " FROM " + table(file);
        return new JdbcCustomers.Sql(
                "SELECT " + COLUMNS + from + " WHERE id = ?",
                "SELECT count(*)" + from + " WHERE country = ? AND age > ?",
                "SELECT count(*)" + from + " WHERE contains(name, ?)",
                "SELECT sum(balance)" + from,
                "SELECT " + COLUMNS + from);
    }

    /**
     * One DuckDB connection kept open, each question's statement prepared once: DuckDB's strongest use
     * here (the fair peer of JAZMIN's reads).
     */
    public static CustomerQueries oneConnection(Path file) {
        return JdbcCustomers.oneConnection(ParquetOps::memory, sql(file));
    }

    /**
     * A connection per question, which for DuckDB is a new in-memory database each time (20–35 ms of
     * set-up): a cold open, labelled as such, not DuckDB's speed.
     */
    public static CustomerQueries perQuery(Path file) {
        return JdbcCustomers.perQuery(ParquetOps::memory, sql(file));
    }
}
