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
    private final GroupCommit commit = new GroupCommit(new ReentrantLock());
    private final CountDownLatch firstEntered = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);

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

    /**
     * Records {@code group}; the first group waits inside its write until the test releases it.
     * Returns whether it was the first.
     */
    private boolean enter(List<QueuedChange<?>> group) {
        groups.add(group.stream().map(c -> ((Named) c).name).toList());
        if (groups.size() > 1) {
            return false;
        }
        firstEntered.countDown();
        try {
            assertThat(release.await(10, TimeUnit.SECONDS)).isTrue();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
        return true;
    }

    /** Submits the first name, which leads and waits inside its write, then queues the others one by one. */
    private List<Future<String>> queuedBehindFirst(Consumer<List<QueuedChange<?>>> writer, String... names)
            throws InterruptedException {
        return queuedBehindFirst(commit, writer, names);
    }

    private List<Future<String>> queuedBehindFirst(GroupCommit commit, Consumer<List<QueuedChange<?>>> writer,
                                                   String... names) throws InterruptedException {
        List<Future<String>> calls = new ArrayList<>();
        calls.add(submit(commit, names[0], writer));
        assertThat(firstEntered.await(10, TimeUnit.SECONDS)).isTrue();
        for (int i = 1; i < names.length; i++) {
            calls.add(submit(commit, names[i], writer));
            awaitQueued(commit, i);
        }
        return calls;
    }

    /** Writes a group: records it (the first waits for the test), finishes every change. */
    private void writeAll(List<QueuedChange<?>> group) {
        enter(group);
        group.forEach(c -> c.finishUnchecked("written by " + Thread.currentThread().getName()));
    }

    private static void awaitLingers(GroupCommit commit, long count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (commit.lingers() < count) {
            assertThat(System.nanoTime()).as("a leader lingering in time").isLessThan(deadline);
            Thread.sleep(1);
        }
    }

    @Test
    void changesQueuedDuringAWriteAreTheNextGroupLedByTheOldest() throws Exception {
        List<Future<String>> calls = queuedBehindFirst(group -> {
            writers.add(Thread.currentThread().getName());
            enter(group);
            group.forEach(c -> c.finishUnchecked("written by " + Thread.currentThread().getName()));
        }, "a", "b", "c", "d");
        release.countDown();

        assertThat(calls.get(0).get(10, TimeUnit.SECONDS)).isEqualTo("written by a");
        for (Future<String> call : calls.subList(1, 4)) {
            assertThat(call.get(10, TimeUnit.SECONDS)).isEqualTo("written by b");
        }
        assertThat(groups).containsExactly(List.of("a"), List.of("b", "c", "d"));
        assertThat(writers).containsExactly("a", "b");
        assertThat(commit.queued()).isZero();
    }

    @Test
    void aWriterFailingFailsItsGroupAndTheNextGroupIsStillWritten() throws Exception {
        List<Future<String>> calls = queuedBehindFirst(group -> {
            if (enter(group)) {
                throw new IllegalStateException("the first group's write failed");
            }
            // Finishes only the first change: the others are failed for it, not left waiting.
            group.get(0).finishUnchecked("written");
        }, "a", "b", "c");
        release.countDown();

        assertThatThrownBy(() -> calls.get(0).get(10, TimeUnit.SECONDS)).cause()
                .hasMessage("the first group's write failed");
        assertThat(calls.get(1).get(10, TimeUnit.SECONDS)).isEqualTo("written");
        assertThatThrownBy(() -> calls.get(2).get(10, TimeUnit.SECONDS)).cause().hasMessageContaining("was not written");
        assertThat(groups).containsExactly(List.of("a"), List.of("b", "c"));
    }

    /**
     * The callers of a group come back together (threads saving in a loop): the first to come back
     * leads and waits until as many changes are queued as the last group held, so they are one
     * group again instead of a group of one and then the rest. Failed before the leader lingered:
     * e wrote [e] alone at once.
     */
    @Test
    void aLeaderWaitsForAsManyChangesAsTheLastGroupHeld() throws Exception {
        GroupCommit patient = new GroupCommit(new ReentrantLock(), lastWrite -> TimeUnit.SECONDS.toNanos(10));
        List<Future<String>> calls = queuedBehindFirst(patient, this::writeAll, "a", "b", "c", "d");
        release.countDown();
        for (Future<String> call : calls) {
            call.get(10, TimeUnit.SECONDS);
        }
        assertThat(patient.lingers()).isZero(); // b found its three queued

        Future<String> e = submit(patient, "e", this::writeAll);
        awaitLingers(patient, 1);
        Future<String> f = submit(patient, "f", this::writeAll);
        awaitQueued(patient, 2);
        assertThat(e.isDone()).as("the leader waits for the last group's size").isFalse();
        Future<String> g = submit(patient, "g", this::writeAll);

        assertThat(List.of(e.get(10, TimeUnit.SECONDS), f.get(10, TimeUnit.SECONDS), g.get(10, TimeUnit.SECONDS)))
                .containsOnly("written by e");
        assertThat(groups).containsExactly(List.of("a"), List.of("b", "c", "d"), List.of("e", "f", "g"));
        assertThat(patient.lingers()).isEqualTo(1);
    }

    /**
     * A leader whose expected changes do not come writes what it has once the bound is out, and
     * the next leader expects only that many: one caller saving alone never waits again.
     */
    @Test
    void aLeaderWaitsNoLongerThanTheBoundAndAloneNeverWaits() throws Exception {
        long bound = TimeUnit.MILLISECONDS.toNanos(100);
        GroupCommit brief = new GroupCommit(new ReentrantLock(), lastWrite -> bound);
        List<Future<String>> calls = queuedBehindFirst(brief, this::writeAll, "a", "b", "c");
        release.countDown();
        for (Future<String> call : calls) {
            call.get(10, TimeUnit.SECONDS);
        }

        long started = System.nanoTime();
        assertThat(submit(brief, "e", this::writeAll).get(10, TimeUnit.SECONDS)).isEqualTo("written by e");
        assertThat(System.nanoTime() - started).as("waited out the bound").isGreaterThanOrEqualTo(bound);
        assertThat(brief.lingers()).isEqualTo(1);

        for (String name : List.of("h", "i", "j")) {
            assertThat(submit(brief, name, this::writeAll).get(10, TimeUnit.SECONDS)).isEqualTo("written by " + name);
        }
        assertThat(brief.lingers()).as("groups of one expect one").isEqualTo(1);
        assertThat(groups).containsExactly(List.of("a"), List.of("b", "c"), List.of("e"), List.of("h"), List.of("i"),
                List.of("j"));
    }
}
