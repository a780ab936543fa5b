package io.jazmin.testing;

import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/** An executor of a fixed pool that counts the tasks given to it, for tests of what runs off the caller's thread. */
public final class CountingExecutor implements Executor, AutoCloseable {
    private final ExecutorService pool;
    private final AtomicInteger tasks = new AtomicInteger();

    public CountingExecutor(int threads) {
        this.pool = Executors.newFixedThreadPool(threads);
    }

    @Override
    public void execute(Runnable task) {
        tasks.incrementAndGet();
        pool.execute(task);
    }

    /** The tasks given so far (since the last {@link #takeCount()}). */
    public int count() {
        return tasks.get();
    }

    /** The tasks given so far, the count starting again from 0. */
    public int takeCount() {
        return tasks.getAndSet(0);
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
