package io.jazmin.internal.parallel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jazmin.error.JazminException;
import io.jazmin.error.JazminFormatException;
import io.jazmin.error.JazminInterruptedException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Every task runs once, results come in task order, and the caller never waits for a task nobody started. */
class FanOutTest {

    /** Runs each task it is given on a new thread of its own, the last of which it keeps. */
    private static final class ThreadPerTask implements Executor {
        private Thread last;

        @Override
        public void execute(Runnable task) {
            last = new Thread(task);
            last.start();
        }

        void join() throws InterruptedException {
            last.join(30_000);
        }
    }

    private static List<Callable<Integer>> squares(int n, AtomicInteger runs, Set<Thread> threads) {
        List<Callable<Integer>> tasks = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int value = i;
            tasks.add(() -> {
                runs.incrementAndGet();
                threads.add(Thread.currentThread());
                Thread.sleep((n - value) % 3); // later tasks finish first
                return value * value;
            });
        }
        return tasks;
    }

    @Test
    void resultsComeInTaskOrderWhicheverThreadRanThem() {
        for (FanOut fan : List.of(FanOut.on(null, 4), FanOut.CALLER_ONLY, FanOut.on(Runnable::run, 4))) {
            AtomicInteger runs = new AtomicInteger();
            List<Integer> results = fan.all(squares(9, runs, ConcurrentHashMap.newKeySet()));
            assertThat(results).containsExactly(0, 1, 4, 9, 16, 25, 36, 49, 64);
            assertThat(runs).hasValue(9);
        }
    }

    @Test
    void callerOnlyRunsEveryTaskOnTheCallingThread() {
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        FanOut.CALLER_ONLY.all(squares(5, new AtomicInteger(), threads));
        assertThat(threads).containsExactly(Thread.currentThread());
    }

    @Test
    void aRefusingOrIdleExecutorLeavesTheWorkToTheCaller() {
        Executor refusing = task -> {
            throw new RejectedExecutionException("saturated");
        };
        List<Runnable> neverRun = new ArrayList<>();
        for (Executor executor : List.of(refusing, (Executor) neverRun::add)) {
            Set<Thread> threads = ConcurrentHashMap.newKeySet();
            AtomicInteger runs = new AtomicInteger();
            assertThat(FanOut.on(executor, 4).all(squares(4, runs, threads))).containsExactly(0, 1, 4, 9);
            assertThat(runs).hasValue(4);
            assertThat(threads).containsExactly(Thread.currentThread());
        }
        neverRun.forEach(Runnable::run); // a worker reaching a task the caller ran finds it done
    }

    @Test
    void theCallerWorksFromTheLastTaskWhileAWorkerHoldsTheFirst() throws InterruptedException {
        CountDownLatch firstStarted = new CountDownLatch(1);
        CountDownLatch othersDone = new CountDownLatch(2);
        ThreadPerTask worker = new ThreadPerTask();
        List<Callable<String>> tasks = List.of(
                () -> {
                    firstStarted.countDown();
                    // Ends only once the caller has run both later tasks: it must not wait for this one first.
                    return othersDone.await(10, TimeUnit.SECONDS) ? "first" : "caller waited";
                },
                () -> {
                    firstStarted.await(10, TimeUnit.SECONDS);
                    othersDone.countDown();
                    return "second";
                },
                () -> {
                    othersDone.countDown();
                    return "third";
                });
        List<String> results = FanOut.on(worker, 2).all(tasks);
        assertThat(results).containsExactly("first", "second", "third");
        worker.join();
    }

    @Test
    void atMostOneTaskLessThanTheThreadsIsQueued() {
        for (int threads = 1; threads <= 6; threads++) {
            List<Runnable> queued = new ArrayList<>();
            AtomicInteger runs = new AtomicInteger();
            FanOut.on(queued::add, threads).all(squares(4, runs, ConcurrentHashMap.newKeySet()));
            assertThat(queued).as("%d threads", threads).hasSize(Math.min(3, threads - 1));
            assertThat(runs).hasValue(4); // the caller ran what no worker took
        }
        assertThrows(IllegalArgumentException.class, () -> FanOut.on(null, 0));
    }

    @Test
    void anInterruptedWaitIsATypedErrorAndKeepsTheInterruptFlag() throws InterruptedException {
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ThreadPerTask worker = new ThreadPerTask();
        List<Callable<Boolean>> tasks = List.of(
                () -> {
                    running.countDown();
                    return release.await(30, TimeUnit.SECONDS);
                },
                () -> {
                    // The caller's own task: by its end the worker holds the first, so the caller must wait.
                    running.await(30, TimeUnit.SECONDS);
                    Thread.currentThread().interrupt();
                    return true;
                });
        try {
            JazminInterruptedException e = assertThrows(JazminInterruptedException.class,
                    () -> FanOut.on(worker, 2).all(tasks));
            assertThat(e.getCause()).isInstanceOf(InterruptedException.class);
            assertThat(Thread.interrupted()).as("the interrupt flag stays set").isTrue();
        } finally {
            Thread.interrupted();
            release.countDown();
            worker.join();
        }
    }

    @Test
    void aTaskFailureIsRethrownUnchangedAfterTheOthersEnd() {
        JazminFormatException error = new JazminFormatException("damaged part", "t0/c0", 64);
        AtomicInteger ended = new AtomicInteger();
        List<Callable<Integer>> tasks = List.of(
                () -> {
                    ended.incrementAndGet();
                    return 1;
                },
                () -> {
                    throw error;
                },
                () -> {
                    ended.incrementAndGet();
                    return 3;
                });
        for (FanOut fan : List.of(FanOut.on(null, 2), FanOut.CALLER_ONLY)) {
            ended.set(0);
            assertSame(error, assertThrows(JazminFormatException.class, () -> fan.all(tasks)));
            assertThat(ended).hasValue(2);
        }
    }

    @Test
    void aCheckedFailureIsWrappedAndAnErrorPassesThrough() {
        IOException io = new IOException("disk");
        JazminException wrapped = assertThrows(JazminException.class,
                () -> FanOut.CALLER_ONLY.all(List.<Callable<Integer>>of(() -> {
                    throw io;
                })));
        assertSame(io, wrapped.getCause());
        StackOverflowError overflow = new StackOverflowError();
        assertSame(overflow, assertThrows(StackOverflowError.class,
                () -> FanOut.CALLER_ONLY.all(List.<Callable<Integer>>of(() -> {
                    throw overflow;
                }))));
    }
}
