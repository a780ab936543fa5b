package io.jazmin.internal.parallel;

import io.jazmin.error.JazminInterruptedException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;

/**
 * Runs a few independent tasks at once, on worker threads and on the calling thread, and returns
 * their results in task order, whichever thread computed them. Workers take the tasks from the
 * first, the caller runs them from the last: give the costliest first. The caller never waits for a
 * task nobody has started, so a busy pool (or one that refuses tasks) costs nothing but the queueing.
 */
public final class FanOut {
    /** Runs every task on the calling thread. */
    public static final FanOut CALLER_ONLY = new FanOut(null, 1);

    private final Executor executor;
    private final int threads;

    private FanOut(Executor executor, int threads) {
        this.executor = executor;
        this.threads = threads;
    }

    /**
     * Fans out to {@code executor}, or to the library's shared worker threads when it is {@code null}.
     *
     * @param threads how many threads may work at once, the caller's included (a writer's parallelism):
     *                at most one less task is queued, since more would only take turns with the caller
     */
    public static FanOut on(Executor executor, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        return new FanOut(executor, threads);
    }

    /**
     * The results of {@code tasks}, in their order. A task's unchecked exception is rethrown unchanged
     * once every task has ended.
     *
     * @throws JazminInterruptedException when the thread is interrupted while waiting for a worker
     */
    public <T> List<T> all(List<? extends Callable<? extends T>> tasks) {
        List<FutureTask<? extends T>> futures = new ArrayList<>(tasks.size());
        for (Callable<? extends T> task : tasks) {
            futures.add(new FutureTask<>(task));
        }
        // The last task is the caller's own: queueing it would only make a worker skip it.
        int queued = Math.min(futures.size() - 1, threads - 1);
        for (int i = 0; i < queued; i++) {
            try {
                if (executor == null) {
                    Workers.execute(futures.get(i));
                } else {
                    executor.execute(futures.get(i));
                }
            } catch (RejectedExecutionException e) {
                break; // the caller runs what was not queued
            }
        }
        for (int i = futures.size() - 1; i >= 0; i--) {
            futures.get(i).run(); // does nothing when a worker has started it
        }
        List<T> results = new ArrayList<>(futures.size());
        RuntimeException failed = null;
        for (FutureTask<? extends T> f : futures) {
            try {
                results.add(f.get());
            } catch (ExecutionException e) {
                failed = failed != null ? failed : TaskFailure.rethrown(e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                futures.forEach(x -> x.cancel(false));
                throw new JazminInterruptedException("interrupted while waiting for a worker", e);
            }
        }
        if (failed != null) {
            throw failed;
        }
        return results;
    }
}
