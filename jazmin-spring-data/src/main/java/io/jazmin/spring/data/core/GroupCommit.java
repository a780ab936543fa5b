package io.jazmin.spring.data.core;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.Lock;

/**
 * Group commit of one file's saves: concurrent saves join one engine change, so they share one
 * append and one {@code fsync} instead of queueing for one each. Each caller queues its save and
 * takes the file's write lock; the first to get it (the leader) writes every save queued by then
 * and marks them done, so the callers that queued meanwhile find theirs written when they get the
 * lock in turn. A call returns only once its own rows are durable, or throws its own failure.
 * <ul>
 * <li>Consecutive saves of one kind of row are merged as a transaction's buffered saves are
 *     ({@link PendingSaves}): of several rows with one key the one queued last is stored.</li>
 * <li>When a merged change fails (one entity's row is invalid, say; the engine leaves the file
 *     unchanged), each of its saves is written again alone, so only the failing ones fail.</li>
 * </ul>
 */
final class GroupCommit {
    private final ConcurrentLinkedQueue<Save<?>> queue = new ConcurrentLinkedQueue<>();

    /** One caller's save, written by whichever caller leads the write. */
    private static final class Save<T> {
        final Object kind;
        final RowCodec<T> codec;
        final List<T> rows;
        final String keyColumn;
        /** Set under the write lock, read under it. */
        boolean done;
        Throwable failure;

        Save(Object kind, RowCodec<T> codec, List<T> rows, String keyColumn) {
            this.kind = kind;
            this.codec = codec;
            this.rows = rows;
            this.keyColumn = keyColumn;
        }

        void finish(Throwable failure) {
            this.done = true;
            this.failure = failure;
        }
    }

    /**
     * Stores {@code rows} of {@code kind} by {@code keyColumn} in {@code file}, joining the saves
     * other threads queue meanwhile; {@code lock} is the file's write lock (reentrant: the writes
     * take it again).
     */
    <T> void save(FileAccess file, Lock lock, Object kind, RowCodec<T> codec, List<T> rows, String keyColumn) {
        Save<T> save = new Save<>(kind, codec, rows, keyColumn);
        queue.add(save);
        boolean done;
        Throwable failure;
        lock.lock();
        try {
            if (!save.done) {
                writeQueued(file);
            }
            done = save.done;
            failure = save.failure;
        } finally {
            lock.unlock();
        }
        if (!done) {
            throw new IllegalStateException("a queued save of JAZMIN file '" + file.name() + "' was not written");
        }
        if (failure instanceof RuntimeException e) {
            throw e;
        }
        if (failure instanceof Error e) {
            throw e;
        }
    }

    /** How many saves are queued, not yet taken by a writer. */
    int queued() {
        return queue.size();
    }

    /** Writes every queued save (called with the write lock held), runs of one kind merged. */
    private void writeQueued(FileAccess file) {
        List<Save<?>> run = new ArrayList<>();
        PendingSaves merged = new PendingSaves();
        for (Save<?> next = queue.poll(); next != null; next = queue.poll()) {
            try {
                keys(next); // a row without a key fails its own save before it joins the others
            } catch (RuntimeException | Error e) {
                next.finish(e);
                continue;
            }
            if (!merged.accepts(next.kind, next.keyColumn)) {
                write(file, run, merged);
                run = new ArrayList<>();
            }
            add(merged, next);
            run.add(next);
        }
        write(file, run, merged);
    }

    private static <T> void keys(Save<T> save) {
        save.rows.forEach(row -> save.codec.cell(row, save.keyColumn));
    }

    private static <T> void add(PendingSaves merged, Save<T> save) {
        merged.add(save.kind, save.codec, save.rows, save.keyColumn);
    }

    /** Writes {@code merged} (the saves of {@code run}); on failure each save again alone. */
    private static void write(FileAccess file, List<Save<?>> run, PendingSaves merged) {
        if (run.isEmpty()) {
            return;
        }
        try {
            merged.flushTo(file);
            run.forEach(save -> save.finish(null));
            return;
        } catch (RuntimeException | Error e) {
            if (run.size() == 1) {
                run.get(0).finish(e);
                return;
            }
        }
        for (Save<?> save : run) {
            PendingSaves alone = new PendingSaves();
            add(alone, save);
            try {
                alone.flushTo(file);
                save.finish(null);
            } catch (RuntimeException | Error e) {
                save.finish(e);
            }
        }
    }
}
