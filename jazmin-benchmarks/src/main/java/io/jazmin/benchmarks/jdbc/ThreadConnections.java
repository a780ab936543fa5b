package io.jazmin.benchmarks.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.springframework.jdbc.datasource.AbstractDataSource;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;
import org.sqlite.SQLiteConfig;

/**
 * One SQLite connection per thread, opened once and kept (what a connection pool gives a thread
 * that saves in a loop), in WAL mode with {@code synchronous=FULL}: a commit returns once the
 * WAL is forced to disk, the durability of a JAZMIN save. Writers wait for each other through
 * SQLite's busy timeout.
 */
final class ThreadConnections extends AbstractDataSource implements AutoCloseable {
    private final String url;
    private final SQLiteConfig config = new SQLiteConfig();
    private final List<SingleConnectionDataSource> opened = new ArrayList<>();
    private final ThreadLocal<SingleConnectionDataSource> own = ThreadLocal.withInitial(this::open);

    ThreadConnections(String url) {
        this.url = url;
        config.setJournalMode(SQLiteConfig.JournalMode.WAL);
        config.setSynchronous(SQLiteConfig.SynchronousMode.FULL);
        config.setBusyTimeout(60_000);
    }

    private SingleConnectionDataSource open() {
        try {
            SingleConnectionDataSource connection = new SingleConnectionDataSource(config.createConnection(url), true);
            synchronized (opened) {
                opened.add(connection);
            }
            return connection;
        } catch (SQLException e) {
            throw new IllegalStateException("cannot open " + url, e);
        }
    }

    @Override
    public Connection getConnection() throws SQLException {
        return own.get().getConnection();
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        return getConnection();
    }

    @Override
    public void close() {
        synchronized (opened) {
            opened.forEach(SingleConnectionDataSource::destroy);
            opened.clear();
        }
    }
}
