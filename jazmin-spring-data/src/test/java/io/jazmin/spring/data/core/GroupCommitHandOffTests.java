package io.jazmin.spring.data.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.JazminTable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * How a {@link GroupCommit} hands the writing on, with real threads: the leader writes every change
 * queued when it starts, the changes queued meanwhile wait on themselves (not on a lock), and the
 * oldest of them leads the next group alone. A caller whose change another thread wrote never
 * calls the writer.
 */
class GroupCommitHandOffTests {
    private final ExecutorService threads = Executors.newFixedThreadPool(4);

    /** A change that only records who wrote it. */
    static final class Named extends QueuedChange<String> {
        final String name;

        Named(String name) {
            super("kind", null, "id");
            this.name = name;
        }

        @Override
        String applyTo(MergedChange merge) {
            throw new UnsupportedOperationException("not merged in these tests");
        }

        @Override
        String alone(FileAccess target, JazminTable table) {
            throw new UnsupportedOperationException("not written alone in these tests");
        }
    }

    /** Group sizes and the threads that wrote them, in order. */
    private final List<List<String>> groups = Collections.synchronizedList(new ArrayList<>());
    private final List<String> writers = Collections.synchronizedList(new ArrayList<>());

    @AfterEach
    void close() throws InterruptedException {
        threads.shutdownNow();
        assertThat(threads.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    }

    private Future<String> submit(GroupCommit commit, String name, Consumer<List<QueuedChange<?>>> writer) {
        return threads.submit(() -> {
            Thread.currentThread().setName(name);
            return commit.submit(new Named(name), writer);
        });
    }

    private static void awaitQueued(GroupCommit commit, int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (commit.queued() < count) {
            assertThat(System.nanoTime()).as("changes queued in time").isLessThan(deadline);
            Thread.sleep(1);
        }
    }

    /** Inside the first group's write: says so, then waits until the test lets it go on. */
    private static void holdFirstGroup(CountDownLatch entered, CountDownLatch release) {
        entered.countDown();
        try {
            assertThat(release.await(10, TimeUnit.SECONDS)).isTrue();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void changesQueuedDuringAWriteAreTheNextGroupLedByTheOldest() throws Exception {
        GroupCommit commit = new GroupCommit(new ReentrantLock());
        CountDownLatch firstEntered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Consumer<List<QueuedChange<?>>> writer = group -> {
            groups.add(group.stream().map(c -> ((Named) c).name).toList());
            writers.add(Thread.currentThread().getName());
            if (groups.size() == 1) {
                holdFirstGroup(firstEntered, release);
            }
            group.forEach(c -> c.finishUnchecked("written by " + Thread.currentThread().getName()));
        };
        Future<String> a = submit(commit, "a", writer);
        assertThat(firstEntered.await(10, TimeUnit.SECONDS)).isTrue();
        Future<String> b = submit(commit, "b", writer);
        awaitQueued(commit, 1);
        Future<String> c = submit(commit, "c", writer);
        awaitQueued(commit, 2);
        Future<String> d = submit(commit, "d", writer);
        awaitQueued(commit, 3);
        release.countDown();

        assertThat(a.get(10, TimeUnit.SECONDS)).isEqualTo("written by a");
        assertThat(b.get(10, TimeUnit.SECONDS)).isEqualTo("written by b");
        assertThat(c.get(10, TimeUnit.SECONDS)).isEqualTo("written by b");
        assertThat(d.get(10, TimeUnit.SECONDS)).isEqualTo("written by b");
        assertThat(groups).containsExactly(List.of("a"), List.of("b", "c", "d"));
        assertThat(writers).containsExactly("a", "b");
        assertThat(commit.queued()).isZero();
    }

    @Test
    void aWriterFailingFailsItsGroupAndTheNextGroupIsStillWritten() throws Exception {
        GroupCommit commit = new GroupCommit(new ReentrantLock());
        CountDownLatch firstEntered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Consumer<List<QueuedChange<?>>> writer = group -> {
            groups.add(group.stream().map(c -> ((Named) c).name).toList());
            if (groups.size() == 1) {
                holdFirstGroup(firstEntered, release);
                throw new IllegalStateException("the first group's write failed");
            }
            // Finishes only the first change: the others are failed for it, not left waiting.
            group.get(0).finishUnchecked("written");
        };
        Future<String> a = submit(commit, "a", writer);
        assertThat(firstEntered.await(10, TimeUnit.SECONDS)).isTrue();
        Future<String> b = submit(commit, "b", writer);
        awaitQueued(commit, 1);
        Future<String> c = submit(commit, "c", writer);
        awaitQueued(commit, 2);
        release.countDown();

        assertThatThrownBy(() -> a.get(10, TimeUnit.SECONDS)).cause().hasMessage("the first group's write failed");
        assertThat(b.get(10, TimeUnit.SECONDS)).isEqualTo("written");
        assertThatThrownBy(() -> c.get(10, TimeUnit.SECONDS)).cause().hasMessageContaining("was not written");
        assertThat(groups).containsExactly(List.of("a"), List.of("b", "c"));
    }
}
