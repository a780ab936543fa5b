package io.jazmin.benchmarks;

import io.jazmin.benchmarks.CustomersData.Customer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The benchmark questions over any JDBC source (SQLite, DuckDB over Parquet), in one of two modes:
 * {@link #perQuery} opens a connection per question (a cold open), prepares the query and closes;
 * {@link #oneConnection} keeps one connection and its prepared statements between questions (the
 * warm, pooled use). Queries select the customer columns in order, the datetime as epoch
 * milliseconds and the flag as a boolean; sums are computed by the engine ({@code sum(balance)}).
 */
final class JdbcCustomers implements CustomerQueries {
    /** Opens a fresh connection to the data. */
    @FunctionalInterface
    interface Connector {
        Connection open() throws SQLException;
    }

    /** The five questions in one system's SQL; the placeholders take {@link CustomersData}'s values. */
    record Sql(String findById, String filterCount, String containsCount, String sumBalance, String readAll) {
    }

    /** Reads a query's answer from its result set. */
    @FunctionalInterface
    private interface Answer<T> {
        T read(ResultSet rs) throws SQLException;
    }

    private final Connector connector;
    private final Sql sql;
    /** The kept connection ({@link #oneConnection}), else {@code null}. */
    private final Connection kept;
    private final Map<String, PreparedStatement> prepared = new HashMap<>();

    private JdbcCustomers(Connector connector, Sql sql, Connection kept) {
        this.connector = connector;
        this.sql = sql;
        this.kept = kept;
    }

    /** A connection per question, closed after it. */
    static JdbcCustomers perQuery(Connector connector, Sql sql) {
        return new JdbcCustomers(connector, sql, null);
    }

    /** One connection kept open, each question's statement prepared once and kept. */
    static JdbcCustomers oneConnection(Connector connector, Sql sql) {
        try {
            JdbcCustomers q = new JdbcCustomers(connector, sql, connector.open());
            for (String s : List.of(sql.findById(), sql.filterCount(), sql.containsCount(), sql.sumBalance(),
                    sql.readAll())) {
                q.prepared.put(s, q.kept.prepareStatement(s));
            }
            return q;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public Customer findById(long id) {
        return run(sql.findById(), rs -> rs.next() ? customer(rs) : null, id);
    }

    @Override
    public long filterCount() {
        return run(sql.filterCount(), JdbcCustomers::single, CustomersData.FILTER_COUNTRY, CustomersData.FILTER_AGE_GT);
    }

    @Override
    public long containsCount() {
        return run(sql.containsCount(), JdbcCustomers::single, CustomersData.CONTAINS_TEXT);
    }

    @Override
    public double sumBalance() {
        return run(sql.sumBalance(), rs -> {
            rs.next();
            return rs.getDouble(1);
        });
    }

    @Override
    public long readAll() {
        return run(sql.readAll(), rs -> {
            long sum = 0;
            while (rs.next()) {
                Customer r = customer(rs);
                sum += r.id() + r.name().length();
            }
            return sum;
        });
    }

    @Override
    public void close() {
        try {
            for (PreparedStatement ps : prepared.values()) {
                ps.close();
            }
            if (kept != null) {
                kept.close();
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Every row of a query with the customer columns, on a connection of its own. */
    static List<Customer> query(Connector db, String sql, Object... args) {
        try {
            return once(db, sql, rs -> {
                List<Customer> out = new ArrayList<>();
                while (rs.next()) {
                    out.add(customer(rs));
                }
                return out;
            }, args);
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

    private <T> T run(String query, Answer<T> answer, Object... args) {
        try {
            if (kept == null) {
                return once(connector, query, answer, args);
            }
            PreparedStatement ps = prepared.get(query);
            bind(ps, args);
            try (ResultSet rs = ps.executeQuery()) {
                return answer.read(rs);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(query, e);
        }
    }

    private static <T> T once(Connector db, String query, Answer<T> answer, Object... args) throws SQLException {
        try (Connection c = db.open(); PreparedStatement ps = c.prepareStatement(query)) {
            bind(ps, args);
            try (ResultSet rs = ps.executeQuery()) {
                return answer.read(rs);
            }
        }
    }

    private static void bind(PreparedStatement ps, Object... args) throws SQLException {
        for (int i = 0; i < args.length; i++) {
            ps.setObject(i + 1, args[i]);
        }
    }

    private static long single(ResultSet rs) throws SQLException {
        rs.next();
        return rs.getLong(1);
    }

    static Customer customer(ResultSet rs) throws SQLException {
        return new Customer(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getInt(5),
                rs.getDouble(6), Instant.ofEpochMilli(rs.getLong(7)), rs.getBoolean(8));
    }
}
