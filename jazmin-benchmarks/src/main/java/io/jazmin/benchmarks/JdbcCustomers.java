package io.jazmin.benchmarks;

import io.jazmin.benchmarks.CustomersData.Customer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The benchmark queries over any JDBC source (SQLite, DuckDB over Parquet): each call opens a
 * connection (a cold open), runs one prepared query and closes. Queries select the customer columns
 * in order, the datetime as epoch milliseconds and the flag as a boolean.
 */
final class JdbcCustomers {
    /** Opens a fresh connection to the data. */
    @FunctionalInterface
    interface Connector {
        Connection open() throws SQLException;
    }

    private JdbcCustomers() {
    }

    static Customer customer(ResultSet rs) throws SQLException {
        return new Customer(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getInt(5),
                rs.getDouble(6), Instant.ofEpochMilli(rs.getLong(7)), rs.getBoolean(8));
    }

    private static PreparedStatement prepare(Connection c, String sql, Object... args) throws SQLException {
        PreparedStatement ps = c.prepareStatement(sql);
        for (int i = 0; i < args.length; i++) {
            ps.setObject(i + 1, args[i]);
        }
        return ps;
    }

    /** The first row of the query as a customer, or {@code null}. */
    static Customer one(Connector db, String sql, Object... args) {
        List<Customer> rows = query(db, sql, args);
        return rows.isEmpty() ? null : rows.get(0);
    }

    static List<Customer> query(Connector db, String sql, Object... args) {
        try (Connection c = db.open(); PreparedStatement ps = prepare(c, sql, args); ResultSet rs = ps.executeQuery()) {
            List<Customer> out = new ArrayList<>();
            while (rs.next()) {
                out.add(customer(rs));
            }
            return out;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The single long the query answers (a count). */
    static long count(Connector db, String sql, Object... args) {
        try (Connection c = db.open(); PreparedStatement ps = prepare(c, sql, args); ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Every row into a record (streamed, not kept); the read-all checksum. */
    static long readAll(Connector db, String sql) {
        long sum = 0;
        try (Connection c = db.open(); PreparedStatement ps = c.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                Customer r = customer(rs);
                sum += r.id() + r.name().length();
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return sum;
    }

    /** The sum of the query's one double column, read into Java row by row. */
    static double sum(Connector db, String sql) {
        double s = 0;
        try (Connection c = db.open(); PreparedStatement ps = c.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                s += rs.getDouble(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return s;
    }
}
