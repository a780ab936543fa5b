package io.jazmin.parallel;

import java.util.ArrayDeque;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * At most {@code depth} tasks running on the worker threads, whose results are taken in the order
 * the tasks were submitted (chunks are decoded or encoded out of order but used in file order).
 * A task's exception is rethrown unchanged by {@link #takeOldest()}. Used by one thread.
 *
 * <p>When the caller needs a result whose task has not started yet (the shared workers are busy
 * with other readers' and writers' tasks), it runs the task itself rather than wait: many callers
 * scanning at once never do worse than each decoding its own chunks.
 */
public final class OrderedPipeline<T> {
    private final int depth;
    private final ArrayDeque<FutureTask<T>> pending = new ArrayDeque<>();

    /** @param depth the most tasks in flight; at least 1 */
    public OrderedPipeline(int depth) {
        if (depth < 1) {
            throw new IllegalArgumentException("depth must be at least 1, got " + depth);
        }
        this.depth = depth;
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
        Workers.execute(future);
        pending.add(future);
    }

    /** Waits for the oldest task and returns its result, or rethrows what it threw. */
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
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cancelAll();
            throw new CancellationException("interrupted while waiting for a chunk");
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
