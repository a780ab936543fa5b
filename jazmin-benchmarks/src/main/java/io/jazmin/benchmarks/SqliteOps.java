package io.jazmin.benchmarks;

import io.jazmin.benchmarks.CustomersData.Customer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The SQLite baseline (xerial sqlite-jdbc): {@code id INTEGER PRIMARY KEY} (SQLite's rowid, its
 * index on id) plus an index on country, like JAZMIN's sorted indexes. The headline reads it with a
 * connection per query ({@link #perQuery}: open, prepare, close) and with one warm connection
 * ({@link #oneConnection}); the other reads open a connection each. Datetimes are stored as epoch
 * milliseconds.
 */
public final class SqliteOps {
    private static final String COLUMNS = "id, name, email, country, age, balance, joined, active";

    private SqliteOps() {
    }

    static Connection open(Path file) throws SQLException {
        return DriverManager.getConnection("jdbc:sqlite:" + file);
    }

    /** Creates the database file with all rows in one transaction. */
    public static long write(Path file, List<Customer> rows) {
        try {
            Files.deleteIfExists(file);
            try (Connection c = open(file)) {
                try (Statement s = c.createStatement()) {
                    s.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, email TEXT, country TEXT,"
                            + " age INTEGER, balance REAL, joined INTEGER, active INTEGER)");
                    s.execute("CREATE INDEX customers_country ON customers(country)");
                }
                c.setAutoCommit(false);
                try (PreparedStatement ps = c.prepareStatement(
                        "INSERT INTO customers (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
                    for (Customer r : rows) {
                        ps.setLong(1, r.id());
                        ps.setString(2, r.name());
                        ps.setString(3, r.email());
                        ps.setString(4, r.country());
                        ps.setInt(5, r.age());
                        ps.setDouble(6, r.balance());
                        ps.setLong(7, r.joined().toEpochMilli());
                        ps.setBoolean(8, r.active());
                        ps.addBatch();
                    }
                    ps.executeBatch();
                }
                c.commit();
            }
            return rows.size();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static JdbcCustomers.Connector db(Path file) {
        return () -> open(file);
    }

    /** The five questions; instr() is case-sensitive like JAZMIN's contains (LIKE is not). */
    private static final JdbcCustomers.Sql SQL = new JdbcCustomers.Sql(
            "SELECT " + COLUMNS + " FROM customers WHERE id = ?",
            "SELECT count(*) FROM customers WHERE country = ? AND age > ?",
            "SELECT count(*) FROM customers WHERE instr(name, ?) > 0",
            "SELECT sum(balance) FROM customers",
            "SELECT " + COLUMNS + " FROM customers ORDER BY id");

    /** A connection opened per question: SQLite keeps nothing but the OS page cache between questions. */
    public static CustomerQueries perQuery(Path file) {
        return JdbcCustomers.perQuery(db(file), SQL);
    }

    /** One warm connection, its prepared statements kept: SQLite's own page cache stays warm. */
    public static CustomerQueries oneConnection(Path file) {
        return JdbcCustomers.oneConnection(db(file), SQL);
    }

    /** open connection → prepared query → row. */
    public static Customer findById(Path file, long id) {
        return perQuery(file).findById(id);
    }

    /** The top-20 page; ties by id so the answer is the same as JAZMIN's. */
    public static List<Customer> topBalance(Path file) {
        return JdbcCustomers.query(db(file), "SELECT " + COLUMNS + " FROM customers ORDER BY balance DESC, id LIMIT ?",
                CustomersData.TOP_ROWS);
    }

    public static List<Customer> filterRows(Path file) {
        return JdbcCustomers.query(db(file), "SELECT " + COLUMNS + " FROM customers WHERE country = ? AND age > ?",
                CustomersData.FILTER_COUNTRY, CustomersData.FILTER_AGE_GT);
    }
}
