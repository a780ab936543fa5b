package io.jazmin.internal.parallel;

import io.jazmin.error.JazminInterruptedException;
import java.util.ArrayDeque;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;

/**
 * At most {@code depth} tasks running on worker threads (the library's shared daemon pool, or an
 * executor the caller gives), whose results are taken in the order
 * the tasks were submitted (chunks are decoded or encoded out of order but used in file order).
 * A task's exception is rethrown unchanged by {@link #takeOldest()}. Used by one thread.
 *
 * <p>When the caller needs a result whose task has not started yet (the shared workers are busy
 * with other readers' and writers' tasks), it runs the task itself rather than wait: many callers
 * scanning at once never do worse than each decoding its own chunks. An executor that refuses a
 * task ({@link RejectedExecutionException}, a saturated bounded pool) is handled the same way.
 */
public final class OrderedPipeline<T> {
    private final int depth;
    private final Executor executor;
    private final ArrayDeque<FutureTask<T>> pending = new ArrayDeque<>();

    /** A pipeline on the library's shared worker threads; {@code depth} is the most tasks in flight (at least 1). */
    public OrderedPipeline(int depth) {
        this(depth, null);
    }

    /**
     * @param depth    the most tasks in flight; at least 1
     * @param executor runs the tasks, or {@code null} for the library's shared worker threads
     */
    public OrderedPipeline(int depth, Executor executor) {
        if (depth < 1) {
            throw new IllegalArgumentException("depth must be at least 1, got " + depth);
        }
        this.depth = depth;
        this.executor = executor;
    }

    /** Whether another task may be submitted now. */
    public boolean hasRoom() {
        return pending.size() < depth;
    }

    public boolean isEmpty() {
        return pending.isEmpty();
    }

    /** Starts {@code task} on a worker thread; call only when {@link #hasRoom()}. */
    public void submit(Callable<T> task) {
        if (!hasRoom()) {
            throw new IllegalStateException("the pipeline already holds " + depth + " tasks");
        }
        FutureTask<T> future = new FutureTask<>(task);
        try {
            if (executor == null) {
                Workers.execute(future);
            } else {
                executor.execute(future);
            }
        } catch (RejectedExecutionException e) {
            // Not started: takeOldest runs it on the caller's thread.
        }
        pending.add(future);
    }

    /**
     * Waits for the oldest task and returns its result, or rethrows what it threw.
     *
     * @throws JazminInterruptedException when the thread is interrupted while waiting (its interrupt
     *                                    flag stays set and the tasks not taken are cancelled)
     */
    public T takeOldest() {
        FutureTask<T> oldest = pending.poll();
        if (oldest == null) {
            throw new IllegalStateException("no task is pending");
        }
        // Runs the task here unless a worker has started (or finished) it; then waits for it.
        oldest.run();
        try {
            return oldest.get();
        } catch (ExecutionException e) {
            throw TaskFailure.rethrown(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cancelAll();
            throw new JazminInterruptedException("interrupted while waiting for a chunk", e);
        }
    }

    /** Cancels the tasks not taken yet (their results are dropped). */
    public void cancelAll() {
        for (FutureTask<T> f : pending) {
            f.cancel(false);
        }
        pending.clear();
    }
}
