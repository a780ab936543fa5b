package io.jazmin.internal.parallel;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The library's worker threads, shared by every reader and writer whose options give no executor
 * of their own ({@code Parallelism.executor()}): one per processor (at most
 * 16), daemons, started on first use. Tasks beyond the pool's size wait in its queue, so callers
 * bound their own work in flight and run a task themselves when it has not started by the time
 * they need it ({@link OrderedPipeline}).
 */
final class Workers {
    private static final int MAX_THREADS = 16;
    private static final int THREADS = Math.min(MAX_THREADS, Math.max(1, Runtime.getRuntime().availableProcessors()));

    private Workers() {
    }

    /** Holder idiom: the pool starts only when a task is first submitted. */
    private static final class Pool {
        static final ExecutorService EXECUTOR = Executors.newFixedThreadPool(THREADS, new Daemons());
    }

    /** How many worker threads the pool has (or will have once started). */
    static int threads() {
        return THREADS;
    }

    /** Queues {@code task} for a worker thread. */
    static void execute(Runnable task) {
        Pool.EXECUTOR.execute(task);
    }

    private static final class Daemons implements ThreadFactory {
        private final AtomicInteger count = new AtomicInteger();

        @Override
        public Thread newThread(Runnable r) {
            Thread t = new Thread(r, "jazmin-worker-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        }
    }
}
