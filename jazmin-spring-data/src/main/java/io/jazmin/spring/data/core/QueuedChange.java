package io.jazmin.spring.data.core;

import io.jazmin.JazminTable;
import java.util.concurrent.locks.LockSupport;

/**
 * One call's change of a file, queued for a {@link GroupCommit}: written by whichever call leads
 * the group it joins, merged with the others into one append ({@link #applyTo}), or on its own as
 * one engine change ({@link #alone}) where a merge cannot do. The calling thread waits on its own
 * change, never on the file's write lock, until the change is finished or the thread is told to
 * lead the next group.
 *
 * @param <R> what the call returns
 */
abstract class QueuedChange<R> {
    private static final int WAITING = 0;
    private static final int LEADING = 1;
    private static final int FINISHED = 2;

    private final Thread caller = Thread.currentThread();
    private final Object kind;
    private final RowCodec<?> codec;
    private final String keyColumn;
    private volatile int state = WAITING;
    /** Written before {@link #state} becomes {@code FINISHED}, read after: the volatile write publishes them. */
    private R result;
    private Throwable failure;

    QueuedChange(Object kind, RowCodec<?> codec, String keyColumn) {
        this.kind = kind;
        this.codec = codec;
        this.keyColumn = keyColumn;
    }

    /** Rows of what kind the change touches (an entity type, or a named file's name). */
    final Object kind() {
        return kind;
    }

    final RowCodec<?> codec() {
        return codec;
    }

    /** The key column the change finds rows by; {@code null} for an insert without keys. */
    final String keyColumn() {
        return keyColumn;
    }

    /** Whether this change can join one append with {@code other}: rows of one kind, found by one key. */
    final boolean mergesWith(QueuedChange<?> other) {
        return kind.equals(other.kind) && java.util.Objects.equals(keyColumn, other.keyColumn);
    }

    /**
     * Adds this change to {@code merge} and returns the call's answer, or throws the call's own
     * failure (a stale version, a duplicate key) leaving {@code merge} as it was.
     *
     * @throws MergedChange.NotMergeable when this change cannot be merged at all (nothing was added)
     */
    abstract R applyTo(MergedChange merge);

    /**
     * Makes this change alone, as one engine change of {@code target} (the file, or a transaction's
     * working copy) whose current first table is {@code table} ({@code null}: no file yet).
     */
    abstract R alone(FileAccess target, JazminTable table);

    /** Finishes the call with {@code result}, or with {@code failure} when it is not {@code null}. */
    final void finish(R result, Throwable failure) {
        this.result = result;
        this.failure = failure;
        state = FINISHED;
        if (caller != Thread.currentThread()) {
            // A leader finishing its own change is not waiting: unparking itself would leave a
            // permit that makes the thread's next park (its own, or the application's) return at once.
            LockSupport.unpark(caller);
        }
    }

    @SuppressWarnings("unchecked")
    final void finishUnchecked(Object result) {
        finish((R) result, null);
    }

    final boolean isFinished() {
        return state == FINISHED;
    }

    /** Tells the waiting caller to lead the next group (only while its change is queued, not finished). */
    final void lead() {
        state = LEADING;
        LockSupport.unpark(caller);
    }

    /** Waits (on the caller's thread) until the change is finished or the caller is to lead. */
    final void awaitTurn() {
        boolean interrupted = false;
        while (state == WAITING) {
            LockSupport.park(this);
            if (Thread.interrupted()) {
                interrupted = true; // the change is written whatever happens: keep waiting, keep the flag
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** The call's answer, or its failure thrown. */
    final R outcome() {
        if (failure instanceof RuntimeException e) {
            throw e;
        }
        if (failure instanceof Error e) {
            throw e;
        }
        if (failure != null) {
            throw new IllegalStateException(failure);
        }
        return result;
    }
}
