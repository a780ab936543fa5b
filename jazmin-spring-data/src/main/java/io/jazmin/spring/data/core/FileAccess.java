package io.jazmin.spring.data.core;

import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * One configured file at run time: hands out open readers (kept for reuse as its {@link Priority}
 * says) and serialises rewrites. Readers are not thread-safe, so each caller gets one of its own.
 * A rewrite moves a new file into place; readers opened before it are closed instead of reused.
 */
public final class FileAccess implements AutoCloseable {
    private final JazminFileDefinition definition;
    private final Deque<JazminReader> idle = new ArrayDeque<>();
    private final ReentrantLock writeLock = new ReentrantLock();
    private long generation;

    public FileAccess(JazminFileDefinition definition) {
        this.definition = definition;
    }

    public String name() {
        return definition.name();
    }

    public Path path() {
        return definition.path();
    }

    public JazminFileDefinition definition() {
        return definition;
    }

    public boolean exists() {
        return Files.isRegularFile(definition.path());
    }

    /** Opens one reader now when the priority asks for it and the file exists. */
    public void warmUp() {
        if (definition.priority().openEagerly() && exists()) {
            read(table -> table.rowCount());
        }
    }

    /** Runs {@code action} on the file's first table with a reader that is released afterwards. */
    public <R> R read(Function<JazminTable, R> action) {
        Lease lease = lease();
        try {
            return action.apply(lease.reader.table());
        } finally {
            release(lease);
        }
    }

    /**
     * The stream {@code query} opens on the file's first table; the reader is released when the
     * stream is closed, so callers must close it.
     */
    public <R> Stream<R> stream(Function<JazminTable, Stream<R>> query) {
        Lease lease = lease();
        try {
            return query.apply(lease.reader.table()).onClose(() -> release(lease));
        } catch (RuntimeException e) {
            release(lease);
            throw e;
        }
    }

    /**
     * Runs {@code rewrite} alone among rewrites of this file, with the current first table (or
     * {@code null} when the file does not exist yet); readers handed out before are not reused.
     */
    public <R> R rewrite(Function<JazminTable, R> rewrite) {
        writeLock.lock();
        try {
            if (!exists()) {
                return rewrite.apply(null);
            }
            try (JazminReader reader = open()) {
                return rewrite.apply(reader.table());
            }
        } finally {
            retire();
            writeLock.unlock();
        }
    }

    private record Lease(JazminReader reader, long generation) {
    }

    private Lease lease() {
        synchronized (idle) {
            JazminReader reader = idle.pollFirst();
            if (reader != null) {
                return new Lease(reader, generation);
            }
        }
        return new Lease(open(), currentGeneration());
    }

    private JazminReader open() {
        return JazminReader.open(definition.path(), definition.readOptions());
    }

    private void release(Lease lease) {
        synchronized (idle) {
            if (lease.generation == generation && idle.size() < definition.priority().idleReaders()) {
                idle.addFirst(lease.reader);
                return;
            }
        }
        lease.reader.close();
    }

    private long currentGeneration() {
        synchronized (idle) {
            return generation;
        }
    }

    private void retire() {
        synchronized (idle) {
            generation++;
            idle.forEach(JazminReader::close);
            idle.clear();
        }
    }

    /** Closes the idle readers; readers still leased are closed when released. */
    @Override
    public void close() {
        retire();
    }
}
