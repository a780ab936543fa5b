package io.jazmin.spring.data.core;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.LongUnaryOperator;

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
 *
 * <p>A leader that finds fewer changes queued than the last group held waits a little for the
 * others ({@link #linger}): the callers of the last group are returning and most save again at
 * once, and without the wait the first of them would write a group of one while the rest queue
 * behind it, so 4 threads saving in a loop got groups of 1 and 3 in turn (two appends per four
 * saves) instead of one group of 4. The wait ends as soon as as many changes are queued as the last
 * group held, and lasts at most a quarter of the last group's write ({@link #MAX_LINGER_NANOS} at
 * most), so it never costs more than a fraction of the append it saves; one thread saving alone
 * (groups of one) never waits.
 */
final class GroupCommit {
    /** The longest a leader waits for the last group's callers to queue again. */
    static final long MAX_LINGER_NANOS = TimeUnit.MILLISECONDS.toNanos(2);

    private final Lock writeLock;
    /** How long a leader may wait for changes to arrive, given how long the last group's write took. */
    private final LongUnaryOperator lingerBound;
    /** Guards {@link #queue}, {@link #leading}, {@link #expected} and {@link #lingering}. */
    private final ReentrantLock queueLock = new ReentrantLock();
    /** Signalled when a change is queued while a leader lingers. */
    private final Condition arrived = queueLock.newCondition();
    private final ArrayDeque<QueuedChange<?>> queue = new ArrayDeque<>();
    /** Whether a caller is leading (taking and writing a group). */
    private boolean leading;
    /** How many changes the last group held: what a leader waits to see queued. */
    private int expected = 1;
    /** How long writing the last group took, in nanoseconds. */
    private long lastWriteNanos;
    /** Whether a leader is waiting for changes to arrive. */
    private boolean lingering;
    /** How many times a leader waited for changes to arrive (for tests). */
    private long lingers;

    /**
     * Group commit of a file whose writes {@code writeLock} serialises in this JVM: a leader takes
     * its group only once it holds that lock, so the changes queued while it waits for it (a
     * transaction or another write holding the lock) join its group.
     */
    GroupCommit(Lock writeLock) {
        this(writeLock, lastWrite -> Math.min(lastWrite / 4, MAX_LINGER_NANOS));
    }

    /** With the longest wait for arriving changes given by {@code lingerBound} of the last write's duration (for tests). */
    GroupCommit(Lock writeLock, LongUnaryOperator lingerBound) {
        this.writeLock = writeLock;
        this.lingerBound = lingerBound;
    }

    /**
     * Queues {@code change} and returns its answer once it is written; {@code writer} writes a
     * group, called with the write lock held (every change it is given must be finished by it,
     * else it is failed here).
     */
    <R> R submit(QueuedChange<R> change, Consumer<List<QueuedChange<?>>> writer) {
        boolean lead;
        queueLock.lock();
        try {
            queue.add(change);
            lead = !leading;
            leading = true;
            if (lingering && queue.size() >= expected) {
                arrived.signal();
            }
        } finally {
            queueLock.unlock();
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
        queueLock.lock();
        try {
            List<QueuedChange<?>> taken = new ArrayList<>(queue);
            queue.clear();
            return taken;
        } finally {
            queueLock.unlock();
        }
    }

    /** How many changes are queued, not yet taken by a leader. */
    int queued() {
        queueLock.lock();
        try {
            return queue.size();
        } finally {
            queueLock.unlock();
        }
    }

    /** How many times a leader has waited for changes to arrive before taking its group. */
    long lingers() {
        queueLock.lock();
        try {
            return lingers;
        } finally {
            queueLock.unlock();
        }
    }

    /** Takes every queued change under the write lock, has them written, then hands the lead on. */
    private void writeGroup(Consumer<List<QueuedChange<?>>> writer) {
        writeLock.lock();
        try {
            List<QueuedChange<?>> group = linger();
            long started = System.nanoTime();
            try {
                writer.accept(group);
            } catch (RuntimeException | Error e) {
                group.stream().filter(c -> !c.isFinished()).forEach(c -> c.finish(null, e));
            } finally {
                IllegalStateException unfinished = new IllegalStateException("a queued change was not written");
                group.stream().filter(c -> !c.isFinished()).forEach(c -> c.finish(null, unfinished));
                recordGroup(group.size(), System.nanoTime() - started);
            }
        } finally {
            writeLock.unlock();
            handOff();
        }
    }

    /**
     * Waits, within the bound, until as many changes are queued as the last group held, then takes
     * every queued change. Interrupts are kept for the caller: its change is written all the same.
     */
    private List<QueuedChange<?>> linger() {
        queueLock.lock();
        try {
            if (queue.size() < expected && !queue.isEmpty()) {
                lingers++;
                long deadline = System.nanoTime() + lingerBound.applyAsLong(lastWriteNanos);
                lingering = true;
                boolean interrupted = false;
                try {
                    long left;
                    while ((left = deadline - System.nanoTime()) > 0 && queue.size() < expected) {
                        try {
                            arrived.awaitNanos(left);
                        } catch (InterruptedException e) {
                            interrupted = true;
                        }
                    }
                } finally {
                    lingering = false;
                    if (interrupted) {
                        Thread.currentThread().interrupt();
                    }
                }
            }
            List<QueuedChange<?>> group = new ArrayList<>(queue);
            queue.clear();
            return group;
        } finally {
            queueLock.unlock();
        }
    }

    private void recordGroup(int size, long nanos) {
        queueLock.lock();
        try {
            if (size > 0) {
                expected = size;
                lastWriteNanos = nanos;
            }
        } finally {
            queueLock.unlock();
        }
    }

    private void handOff() {
        QueuedChange<?> next;
        queueLock.lock();
        try {
            next = queue.peekFirst();
            if (next == null) {
                leading = false;
                return;
            }
        } finally {
            queueLock.unlock();
        }
        next.lead();
    }
}
