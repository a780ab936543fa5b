package io.jazmin.spring.data.core;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.ReadOptions;
import io.jazmin.Storage;
import io.jazmin.WriteOptions;
import io.jazmin.crypto.DerivedKeyCache;
import io.jazmin.writer.WriterLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * One configured file at run time: hands out open readers (kept for reuse as its {@link Priority}
 * says) and serialises writes. Readers are not thread-safe, so each caller gets one of its own.
 * A reader keeps seeing the version it opened, so after every write (append, delete, rewrite or
 * compaction) readers opened before it are closed instead of reused. A password file's PBKDF2 key
 * is derived once per file version (its salt) and kept for the readers and writes that follow
 * until {@link #close()} clears it: appends and deletes keep the salt, full rewrites derive anew.
 */
public final class FileAccess implements AutoCloseable {
    private static final Log LOG = LogFactory.getLog(FileAccess.class);
    private final JazminFileDefinition definition;
    private final Deque<JazminReader> idle = new ArrayDeque<>();
    private final ReentrantLock writeLock = new ReentrantLock();
    private final DerivedKeyCache keys;
    private long generation;

    public FileAccess(JazminFileDefinition definition) {
        this.definition = definition;
        this.keys = definition.password() != null ? new DerivedKeyCache() : null;
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

    /** The definition's {@link JazminFileDefinition#readOptions() read options}, with this file's key cache. */
    public ReadOptions readOptions() {
        return definition.readOptions().withKeyCache(keys);
    }

    /** The definition's {@link JazminFileDefinition#changeOptions() change options}, with this file's key cache. */
    public WriteOptions changeOptions() {
        return definition.changeOptions().withKeyCache(keys);
    }

    /** The definition's {@link JazminFileDefinition#writeOptions write options} over {@code base}, with this file's key cache. */
    public WriteOptions writeOptions(WriteOptions base) {
        return definition.writeOptions(base).withKeyCache(keys);
    }

    /** The password keys kept for this file, or {@code null} when it has no password. */
    DerivedKeyCache keyCache() {
        return keys;
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
     * Runs {@code change} alone among this JVM's writes of this file, with a reader of the current
     * version opened for it (its first table, or {@code null} when the file does not exist yet);
     * the engine's appends, deletes and compaction take the file's {@code <path>.lock} themselves.
     * Afterwards the file is compacted when its {@link CompactionPolicy} says so, and readers
     * handed out before are not reused, so no later read sees an older version.
     */
    public <R> R write(Function<JazminTable, R> change) {
        writeLock.lock();
        try {
            R result;
            if (!exists()) {
                result = change.apply(null);
            } else {
                try (JazminReader reader = open()) {
                    result = change.apply(reader.table());
                }
            }
            compactIfDue();
            return result;
        } finally {
            retire();
            writeLock.unlock();
        }
    }

    /**
     * Runs {@code rewrite} as a {@link #write} that also holds the file's {@code <path>.lock}, the
     * engine's writer lock, so that no other process appends between the read of the current
     * version and the move of the new file into place.
     *
     * @throws io.jazmin.FileLockedException when another writer holds the lock (the template translates it
     *                                        to Spring's CannotAcquireLockException)
     */
    public <R> R rewrite(Function<JazminTable, R> rewrite) {
        writeLock.lock();
        try (WriterLock lock = WriterLock.acquire(path())) {
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

    /** Compacts the file now (alone among this JVM's writes of it); does nothing when it does not exist. */
    public void compact() {
        writeLock.lock();
        try {
            if (exists()) {
                JazminFile.compact(path(), changeOptions());
            }
        } finally {
            retire();
            writeLock.unlock();
        }
    }

    /** How the file's bytes are used (dead bytes, deleted rows, appends), read from its catalog. */
    public Storage storage() {
        return JazminFile.storage(path(), readOptions());
    }

    /**
     * Compacts after a write when the policy says so. A compaction that fails (another process
     * holds the writer lock, say) does not fail the write that succeeded: it is logged and tried
     * again after the next write.
     */
    private void compactIfDue() {
        CompactionPolicy policy = definition.compaction();
        if (!policy.enabled() || !exists()) {
            return;
        }
        try {
            if (policy.isDue(storage())) {
                JazminFile.compact(path(), changeOptions());
            }
        } catch (RuntimeException e) {
            LOG.warn("compaction of JAZMIN file '" + name() + "' after a write failed; it is tried again after the "
                    + "next write: " + e.getMessage(), e);
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
        return JazminReader.open(definition.path(), readOptions());
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

    /**
     * Closes the idle readers and clears the kept password keys; readers still leased are closed
     * when released.
     */
    @Override
    public void close() {
        retire();
        if (keys != null) {
            keys.close();
        }
    }
}
