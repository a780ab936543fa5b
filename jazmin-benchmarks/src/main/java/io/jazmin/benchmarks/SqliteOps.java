package io.jazmin.benchmarks;

import io.jazmin.benchmarks.CustomersData.Customer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The SQLite baseline (xerial sqlite-jdbc): {@code id INTEGER PRIMARY KEY} (SQLite's rowid, its
 * index on id) plus an index on country, like JAZMIN's sorted indexes. Each read opens a connection
 * (a cold open), prepares one query and closes. Datetimes are stored as epoch milliseconds.
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

    private static Customer customer(ResultSet rs) throws SQLException {
        return new Customer(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getInt(5),
                rs.getDouble(6), Instant.ofEpochMilli(rs.getLong(7)), rs.getBoolean(8));
    }

    /** open connection → prepared query → row. */
    public static Customer findById(Path file, long id) {
        try (Connection c = open(file);
             PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM customers WHERE id = ?")) {
            ps.setLong(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? customer(rs) : null;
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static long count(Path file, String sql, Object... args) {
        try (Connection c = open(file); PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                ps.setObject(i + 1, args[i]);
            }
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    public static long filterCount(Path file) {
        return count(file, "SELECT count(*) FROM customers WHERE country = ? AND age > ?",
                CustomersData.FILTER_COUNTRY, CustomersData.FILTER_AGE_GT);
    }

    /** instr() is case-sensitive like JAZMIN's contains (LIKE is not). */
    public static long containsCount(Path file) {
        return count(file, "SELECT count(*) FROM customers WHERE instr(name, ?) > 0", CustomersData.CONTAINS_TEXT);
    }

    private static List<Customer> query(Path file, String sql, Object... args) {
        try (Connection c = open(file); PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                ps.setObject(i + 1, args[i]);
            }
            List<Customer> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(customer(rs));
                }
            }
            return out;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The top-20 page; ties by id so the answer is the same as JAZMIN's. */
    public static List<Customer> topBalance(Path file) {
        return query(file, "SELECT " + COLUMNS + " FROM customers ORDER BY balance DESC, id LIMIT ?",
                CustomersData.TOP_ROWS);
    }

    public static List<Customer> filterRows(Path file) {
        return query(file, "SELECT " + COLUMNS + " FROM customers WHERE country = ? AND age > ?",
                CustomersData.FILTER_COUNTRY, CustomersData.FILTER_AGE_GT);
    }

    /** Every row into a record (streamed, not kept). */
    public static long readAllRecords(Path file) {
        long sum = 0;
        try (Connection c = open(file);
             PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM customers ORDER BY id");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                Customer r = customer(rs);
                sum += r.id() + r.name().length();
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return sum;
    }

    /** Sum of balance, reading the column into Java (like columnArrays). */
    public static double sumBalance(Path file) {
        double s = 0;
        try (Connection c = open(file);
             PreparedStatement ps = c.prepareStatement("SELECT balance FROM customers");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                s += rs.getDouble(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return s;
    }
}
