package io.jazmin.internal.parallel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jazmin.error.JazminFormatException;
import io.jazmin.error.JazminInterruptedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Every item folded once into some thread's partial, failures unchanged, and the caller always works. */
class SharedCursorTest {

    /** A thread's partial: the sum of the items it folded, how many, and the thread. */
    private static final class Partial {
        long sum;
        int items;
        final Set<String> threads = ConcurrentHashMap.newKeySet();
    }

    /** An executor starting a thread per task, each added to {@code started} (to be joined). */
    private static Executor threadPerTask(List<Thread> started) {
        return task -> {
            Thread t = new Thread(task);
            started.add(t);
            t.start();
        };
    }

    private static long merged(List<Partial> partials) {
        return partials.stream().mapToLong(p -> p.sum).sum();
    }

    @Test
    void manyItemsGiveTheSequentialAnswerWhateverThreadsFoldThem() throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            for (SharedCursor cursor : List.of(SharedCursor.CALLER_ONLY, SharedCursor.on(null, 2),
                    SharedCursor.on(pool, 4))) {
                for (int items : new int[] {0, 1, 2, 7, 1000}) {
                    int[] folded = new int[items];
                    List<Partial> partials = cursor.fold(items, Partial::new, (p, i) -> {
                        p.sum += (long) i * i;
                        p.items++;
                        folded[i]++;
                    });
                    long expected = 0;
                    for (int i = 0; i < items; i++) {
                        expected += (long) i * i;
                    }
                    assertEquals(expected, merged(partials));
                    assertEquals(items, partials.stream().mapToInt(p -> p.items).sum());
                    for (int i = 0; i < items; i++) {
                        assertEquals(1, folded[i], "item " + i + " folded once");
                    }
                }
            }
        } finally {
            pool.shutdown();
            assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    void oneThreadFoldsEverythingOnTheCallerAndStartsNoHelper() {
        AtomicInteger executed = new AtomicInteger();
        SharedCursor one = SharedCursor.on(task -> {
            executed.incrementAndGet();
            task.run();
        }, 1);
        List<Partial> partials = one.fold(50, Partial::new, (p, i) -> {
            p.threads.add(Thread.currentThread().getName());
            p.items++;
        });
        assertThat(partials).hasSize(1);
        assertEquals(50, partials.get(0).items);
        assertThat(partials.get(0).threads).containsExactly(Thread.currentThread().getName());
        assertEquals(0, executed.get());
    }

    @Test
    void theCallerWorksTooAndHelpersAreAtMostThreadsLessOne() throws InterruptedException {
        AtomicInteger executed = new AtomicInteger();
        List<Thread> started = new ArrayList<>();
        CountDownLatch callerClaimed = new CountDownLatch(1);
        CountDownLatch helperClaimed = new CountDownLatch(1);
        Executor threads = threadPerTask(started);
        SharedCursor three = SharedCursor.on(task -> {
            executed.incrementAndGet();
            threads.execute(task);
        }, 3);
        String caller = Thread.currentThread().getName();
        List<Partial> partials = three.fold(200, Partial::new, (p, i) -> {
            boolean mine = Thread.currentThread().getName().equals(caller);
            p.threads.add(Thread.currentThread().getName());
            if (p.items++ == 0) {
                // Each side's first item waits (boundedly) till the other side holds one: both fold.
                (mine ? callerClaimed : helperClaimed).countDown();
                await(mine ? helperClaimed : callerClaimed);
            }
        });
        for (Thread t : started) {
            t.join(30_000);
        }
        assertEquals(2, executed.get());
        assertThat(partials).hasSize(3);
        assertThat(partials.get(0).threads).containsExactly(caller);
        assertThat(partials.get(0).items).isPositive();
        assertThat(partials.stream().skip(1).mapToInt(p -> p.items).sum()).isPositive();
        assertEquals(200, partials.stream().mapToInt(p -> p.items).sum());
    }

    private static void await(CountDownLatch latch) {
        try {
            assertThat(latch.await(10, TimeUnit.SECONDS)).isTrue();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aRefusedHelperLeavesItsShareToTheCaller() {
        SharedCursor refusing = SharedCursor.on(task -> {
            throw new RejectedExecutionException("full");
        }, 4);
        List<Partial> partials = refusing.fold(100, Partial::new, (p, i) -> {
            p.threads.add(Thread.currentThread().getName());
            p.sum += i;
        });
        assertThat(partials).hasSize(1);
        assertEquals(4950, merged(partials));
        assertThat(partials.get(0).threads).containsExactly(Thread.currentThread().getName());
    }

    @Test
    void aHelperStartedAfterEveryItemIsClaimedReturnsAtOnce() throws InterruptedException {
        List<Runnable> queued = new ArrayList<>();
        SharedCursor late = SharedCursor.on(queued::add, 2); // helpers run only once the fold is over
        List<Partial> partials = late.fold(10, Partial::new, (p, i) -> p.items++);
        assertThat(queued).hasSize(1);
        assertEquals(10, partials.get(0).items);
        queued.get(0).run();
        assertEquals(0, partials.get(1).items);
        assertEquals(10, partials.get(0).items);
    }

    @Test
    void aHelpersExceptionIsRethrownUnchangedAndStopsFurtherClaims() throws InterruptedException {
        JazminFormatException damaged = new JazminFormatException("damaged chunk", "t0/c3", 64);
        AtomicInteger folded = new AtomicInteger();
        List<Thread> started = new ArrayList<>();
        SharedCursor two = SharedCursor.on(threadPerTask(started), 2);
        String caller = Thread.currentThread().getName();
        JazminFormatException e = assertThrows(JazminFormatException.class, () -> two.fold(10_000, Partial::new,
                (p, i) -> {
                    if (!Thread.currentThread().getName().equals(caller)) {
                        throw damaged;
                    }
                    if (folded.getAndIncrement() == 0) {
                        try {
                            started.get(0).join(10_000); // the helper claims an item, fails and ends
                        } catch (InterruptedException x) {
                            throw new IllegalStateException(x);
                        }
                    }
                }));
        assertSame(damaged, e);
        // The caller folds the item it holds while the helper fails (1), or none when the helper's claim and
        // failure came first (0): never one more after the failure.
        assertTrue(folded.get() <= 1, "the caller claims nothing after the failure: folded " + folded.get());
    }

    @Test
    void theCallersOwnExceptionIsRethrownUnchanged() {
        IllegalStateException mine = new IllegalStateException("bad");
        assertSame(mine, assertThrows(IllegalStateException.class, () -> SharedCursor.CALLER_ONLY.fold(5,
                Partial::new, (p, i) -> {
                    if (i == 3) {
                        throw mine;
                    }
                })));
        StackOverflowError error = new StackOverflowError("deep");
        assertSame(error, assertThrows(StackOverflowError.class, () -> SharedCursor.on(null, 2).fold(50,
                Partial::new, (p, i) -> {
                    if (i == 7) {
                        throw error;
                    }
                })));
    }

    @Test
    void anInterruptedWaitIsATypedErrorAndKeepsTheInterruptFlag() throws InterruptedException {
        CountDownLatch helperHolds = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        List<Thread> started = new ArrayList<>();
        AtomicInteger helperItems = new AtomicInteger();
        SharedCursor two = SharedCursor.on(threadPerTask(started), 2);
        String caller = Thread.currentThread().getName();
        try {
            JazminInterruptedException e = assertThrows(JazminInterruptedException.class, () -> two.fold(2,
                    Partial::new, (p, i) -> {
                        if (Thread.currentThread().getName().equals(caller)) {
                            try {
                                assertThat(helperHolds.await(30, TimeUnit.SECONDS)).isTrue();
                            } catch (InterruptedException x) {
                                throw new IllegalStateException(x);
                            }
                            Thread.currentThread().interrupt(); // then waits for the helper's item
                        } else {
                            helperItems.incrementAndGet();
                            helperHolds.countDown();
                            try {
                                release.await(30, TimeUnit.SECONDS);
                            } catch (InterruptedException x) {
                                throw new IllegalStateException(x);
                            }
                        }
                    }));
            assertThat(e.getCause()).isInstanceOf(InterruptedException.class);
            assertThat(Thread.interrupted()).as("the interrupt flag stays set").isTrue();
        } finally {
            Thread.interrupted();
            release.countDown();
            for (Thread t : started) {
                t.join(30_000);
            }
        }
        assertEquals(1, helperItems.get());
    }

    @Test
    void threadsBelowOneAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> SharedCursor.on(null, 0));
    }
}
