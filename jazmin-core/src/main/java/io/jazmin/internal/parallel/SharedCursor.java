package io.jazmin.internal.parallel;

import io.jazmin.error.JazminInterruptedException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * Work on independent items whose results need no order (a count, an exact sum over chunks): the
 * calling thread and at most {@code threads - 1} helper tasks each claim the next item from one shared
 * cursor and fold it into a partial result of their own, which the caller merges. Nothing is handed
 * over per item: the caller works rather than waits, each thread keeps to the items it claimed, and
 * the caller waits only for items others claimed (at most one each). A helper that starts after every
 * item is claimed returns at once, and one the executor refuses ({@link RejectedExecutionException})
 * only leaves more to the caller.
 */
public final class SharedCursor {
    /** Folds every item on the calling thread. */
    public static final SharedCursor CALLER_ONLY = new SharedCursor(null, 1);

    private final Executor executor;
    private final int threads;

    private SharedCursor(Executor executor, int threads) {
        this.executor = executor;
        this.threads = threads;
    }

    /**
     * Helpers on {@code executor}, or on the library's shared worker threads when it is {@code null}
     * (then at most one helper per worker).
     *
     * @param threads how many threads may work at once, the caller's included
     */
    public static SharedCursor on(Executor executor, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        return new SharedCursor(executor, threads);
    }

    /** Folds one item into the partial result of the thread that claimed it. */
    @FunctionalInterface
    public interface Fold<A> {
        void add(A partial, int item);
    }

    /**
     * Folds the items {@code 0 .. items - 1}, each once, into partial results made by {@code partial}
     * (one per thread that may work, the caller's first) and returns them for the caller to merge; a
     * partial whose thread claimed nothing is returned as made. The first exception any thread throws
     * stops further claims and is rethrown unchanged once the items already claimed are done.
     *
     * @throws JazminInterruptedException when the caller is interrupted while it waits for a helper (its
     *                                    interrupt flag stays set and the helpers claim no more items)
     */
    public <A> List<A> fold(int items, Supplier<? extends A> partial, Fold<? super A> fold) {
        List<A> partials = new ArrayList<>();
        A mine = partial.get();
        partials.add(mine);
        int helpers = Math.min(threads - 1, items - 1);
        if (executor == null) {
            helpers = Math.min(helpers, Workers.threads());
        }
        if (helpers <= 0) {
            for (int i = 0; i < items; i++) {
                fold.add(mine, i);
            }
            return partials;
        }
        Claims<A> claims = new Claims<>(items, fold, Thread.currentThread());
        for (int h = 0; h < helpers; h++) {
            A theirs = partial.get();
            try {
                if (executor == null) {
                    Workers.execute(() -> claims.help(theirs));
                } else {
                    executor.execute(() -> claims.help(theirs));
                }
            } catch (RejectedExecutionException e) {
                break; // the caller claims what that helper would have
            }
            partials.add(theirs);
        }
        claims.work(mine);
        claims.awaitHelpers();
        Throwable failed = claims.failure.get();
        if (failed != null) {
            throw TaskFailure.rethrown(failed);
        }
        return partials;
    }

    /** One run's cursor, the helpers still working on claimed items, and the first failure. */
    private static final class Claims<A> {
        private final AtomicInteger next = new AtomicInteger();
        /** Helpers that may hold a claimed item; the caller waits for none other. */
        private final AtomicInteger active = new AtomicInteger();
        private final AtomicReference<Throwable> failure = new AtomicReference<>();
        private final int items;
        private final Fold<? super A> fold;
        private final Thread caller;

        Claims(int items, Fold<? super A> fold, Thread caller) {
            this.items = items;
            this.fold = fold;
            this.caller = caller;
        }

        /** A helper task: claims items until none is left (or one failed), then wakes the caller when last. */
        void help(A partial) {
            if (next.get() >= items || failure.get() != null) {
                return; // started too late: nothing to claim, nobody waits for it
            }
            // Counted before its first claim: a caller that finds the cursor spent then sees this helper
            // (or the helper, counted after, finds nothing left to claim).
            active.incrementAndGet();
            try {
                work(partial);
            } finally {
                if (active.decrementAndGet() == 0) {
                    LockSupport.unpark(caller);
                }
            }
        }

        void work(A partial) {
            try {
                for (int i; failure.get() == null && (i = next.getAndIncrement()) < items; ) {
                    fold.add(partial, i);
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            }
        }

        /** Waits till no helper holds a claimed item (their partials are then visible to the caller). */
        void awaitHelpers() {
            while (active.get() != 0) {
                LockSupport.park(this);
                if (Thread.interrupted()) {
                    Thread.currentThread().interrupt();
                    InterruptedException cause = new InterruptedException();
                    // Helpers stop claiming; the items they hold end on their own, their partials dropped.
                    failure.compareAndSet(null, cause);
                    throw new JazminInterruptedException("interrupted while waiting for a worker", cause);
                }
            }
        }
    }
}
