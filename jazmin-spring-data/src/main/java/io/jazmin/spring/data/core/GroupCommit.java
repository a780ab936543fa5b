package io.jazmin.spring.data.core;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Lock;
import java.util.function.Consumer;

/**
 * Group commit of one file's changes: concurrent saves, inserts and deletes join one engine change,
 * so they share one append and its {@code fsync}s instead of queueing for one each. A call queues
 * its {@link QueuedChange}; when no group is being written it leads: once it holds the file's write
 * lock it takes every change queued by then and has them written (and finishes each), while the
 * changes queued meanwhile wait. When
 * the leader is done it hands the lead to the oldest waiting change's caller, which writes the
 * next group. A call returns only once its own rows are durable, or throws its own failure.
 *
 * <p>Waiting callers wait on their own change and are woken once, to return or to lead: they never
 * queue for the file's write lock just to learn their change was written. (Before, each did: a
 * group's callers then took that lock one after the other, and a caller arriving meanwhile barged
 * in and wrote a group of one while they waited, which is how 16 saving threads got fewer saves
 * through than 4.)
 */
final class GroupCommit {
    private final Lock writeLock;
    private final ArrayDeque<QueuedChange<?>> queue = new ArrayDeque<>();
    /** Whether a caller is leading (taking and writing a group); guarded by {@link #queue}. */
    private boolean leading;

    /**
     * Group commit of a file whose writes {@code writeLock} serialises in this JVM: a leader takes
     * its group only once it holds that lock, so the changes queued while it waits for it (a
     * transaction or another write holding the lock) join its group.
     */
    GroupCommit(Lock writeLock) {
        this.writeLock = writeLock;
    }

    /**
     * Queues {@code change} and returns its answer once it is written; {@code writer} writes a
     * group, called with the write lock held (every change it is given must be finished by it,
     * else it is failed here).
     */
    <R> R submit(QueuedChange<R> change, Consumer<List<QueuedChange<?>>> writer) {
        boolean lead;
        synchronized (queue) {
            queue.add(change);
            lead = !leading;
            leading = true;
        }
        if (!lead) {
            change.awaitTurn();
        }
        if (!change.isFinished()) {
            writeGroup(writer);
        }
        return change.outcome();
    }

    /**
     * Takes every queued change for the caller to write (and finish): a transaction committing
     * with the write lock held, which the group's leader is waiting for. The leader then finds its
     * own change finished.
     */
    List<QueuedChange<?>> takeQueued() {
        synchronized (queue) {
            List<QueuedChange<?>> taken = new ArrayList<>(queue);
            queue.clear();
            return taken;
        }
    }

    /** How many changes are queued, not yet taken by a leader. */
    int queued() {
        synchronized (queue) {
            return queue.size();
        }
    }

    /** Takes every queued change under the write lock, has them written, then hands the lead on. */
    private void writeGroup(Consumer<List<QueuedChange<?>>> writer) {
        writeLock.lock();
        try {
            List<QueuedChange<?>> group;
            synchronized (queue) {
                group = new ArrayList<>(queue);
                queue.clear();
            }
            try {
                writer.accept(group);
            } catch (RuntimeException | Error e) {
                group.stream().filter(c -> !c.isFinished()).forEach(c -> c.finish(null, e));
            } finally {
                IllegalStateException unfinished = new IllegalStateException("a queued change was not written");
                group.stream().filter(c -> !c.isFinished()).forEach(c -> c.finish(null, unfinished));
            }
        } finally {
            writeLock.unlock();
            handOff();
        }
    }

    private void handOff() {
        QueuedChange<?> next;
        synchronized (queue) {
            next = queue.peekFirst();
            if (next == null) {
                leading = false;
                return;
            }
        }
        next.lead();
    }
}
