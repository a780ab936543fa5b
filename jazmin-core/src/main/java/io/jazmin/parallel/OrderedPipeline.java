package io.jazmin.parallel;

import java.util.ArrayDeque;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/**
 * At most {@code depth} tasks running on the worker threads, whose results are taken in the order
 * the tasks were submitted (chunks are decoded or encoded out of order but used in file order).
 * A task's exception is rethrown unchanged by {@link #takeOldest()}. Used by one thread.
 */
public final class OrderedPipeline<T> {
    private final int depth;
    private final ArrayDeque<Future<T>> pending = new ArrayDeque<>();

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
        pending.add(Workers.submit(task));
    }

    /** Waits for the oldest task and returns its result, or rethrows what it threw. */
    public T takeOldest() {
        Future<T> oldest = pending.poll();
        if (oldest == null) {
            throw new IllegalStateException("no task is pending");
        }
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
        for (Future<T> f : pending) {
            f.cancel(false);
        }
        pending.clear();
    }
}
