package io.jazmin.spring.data.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.JazminReader;
import io.jazmin.data.Filter;
import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.mapping.annotation.JazminNotNull;
import io.jazmin.options.ReadOptions;
import io.jazmin.spring.data.core.mapping.JazminMappingContext;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.data.annotation.Version;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Concurrent saves, inserts and deletes of one file join one engine change (one append and its
 * {@code fsync}s); each call returns once its own rows are durable and fails only for its own
 * entities. The write lock is held by the test (as a transaction holds it) to line calls up
 * deterministically.
 */
class GroupCommitTests {
    record Card(@JazminId long id, @JazminNotNull String name) {
    }

    record Ticket(@JazminId String id, String owner, @Version Long version) {
    }

    /** A name the engine refuses to write (an unpaired surrogate), though the mapping converts it. */
    static final String UNPAIRED = "bad \uD800 name";

    @TempDir
    Path dir;

    JazminFiles files;
    JazminTemplate template;
    FileAccess file;
    final ExecutorService threads = Executors.newFixedThreadPool(8);

    @BeforeEach
    void setUp() {
        files = new JazminFiles(List.of(JazminFileDefinition.of("cards", dir.resolve("cards.jzm"))
                .withCreateIfMissing(true), JazminFileDefinition.of("tickets", dir.resolve("tickets.jzm"))
                .withCreateIfMissing(true)));
        template = new JazminTemplate(files, new JazminMappingContext());
        template.save(List.of(new Card(0, "first")));
        file = files.get("cards");
    }

    @AfterEach
    void close() throws InterruptedException {
        threads.shutdownNow();
        assertThat(threads.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        files.destroy();
    }

    private Future<?> saveLater(Card card) {
        return threads.submit(() -> template.save(List.of(card)));
    }

    private Future<?> later(Runnable call) {
        return threads.submit(call);
    }

    /** Runs each call on its own thread, queued one after the other behind the held write lock of {@code held}. */
    private List<Future<?>> queuedBehind(FileAccess held, List<Runnable> calls) throws InterruptedException {
        List<Future<?>> done = new ArrayList<>();
        held.beginTransaction();
        try {
            for (Runnable call : calls) {
                done.add(later(call));
                awaitQueued(held, done.size());
            }
        } finally {
            held.endTransaction();
        }
        return done;
    }

    private static void awaitQueued(FileAccess held, int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (held.queuedChanges() < count) {
            assertThat(System.nanoTime()).as("changes queued in time").isLessThan(deadline);
            Thread.sleep(1);
        }
    }

    /** Waits until {@code count} saves are queued behind the held lock. */
    private void awaitQueued(int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (file.queuedChanges() < count) {
            assertThat(System.nanoTime()).as("saves queued in time").isLessThan(deadline);
            Thread.sleep(1);
        }
    }

    private long appends() {
        return template.storage("cards").appendCount();
    }

    private Card stored(long id) {
        return template.findOne(Filter.eq("id", id), Card.class).orElse(null);
    }

    @Test
    void savesQueuedTogetherAreOneAppendAndTheLastOfOneIdWins() throws Exception {
        long before = appends();
        file.beginTransaction();
        List<Future<?>> saves = new ArrayList<>();
        try {
            saves.add(saveLater(new Card(1, "queued first")));
            awaitQueued(1);
            saves.add(saveLater(new Card(2, "other")));
            awaitQueued(2);
            saves.add(saveLater(new Card(1, "queued last")));
            awaitQueued(3);
        } finally {
            file.endTransaction();
        }
        for (Future<?> save : saves) {
            save.get(10, TimeUnit.SECONDS);
        }
        assertThat(appends()).isEqualTo(before + 1);
        assertThat(stored(1)).isEqualTo(new Card(1, "queued last"));
        assertThat(stored(2)).isEqualTo(new Card(2, "other"));
        assertThat(template.count((Filter) null, Card.class)).isEqualTo(3);
    }

    @Test
    void anInvalidEntityFailsOnlyItsOwnCall() throws Exception {
        file.beginTransaction();
        Future<?> good1;
        Future<?> bad;
        Future<?> good2;
        try {
            good1 = saveLater(new Card(1, "good"));
            awaitQueued(1);
            // The engine refuses the row (an unpaired surrogate) only as the group's append is written.
            bad = saveLater(new Card(2, UNPAIRED));
            awaitQueued(2);
            good2 = saveLater(new Card(3, "also good"));
            awaitQueued(3);
        } finally {
            file.endTransaction();
        }
        good1.get(10, TimeUnit.SECONDS);
        good2.get(10, TimeUnit.SECONDS);
        assertThatThrownBy(() -> bad.get(10, TimeUnit.SECONDS)).cause().isInstanceOf(DataAccessException.class)
                .hasMessageContaining("name");
        assertThat(stored(1)).isEqualTo(new Card(1, "good"));
        assertThat(stored(2)).isNull();
        assertThat(stored(3)).isEqualTo(new Card(3, "also good"));
    }

    @Test
    void anEntityTheMappingRefusesFailsOnItsOwnThreadBeforeJoiningAGroup() throws Exception {
        file.beginTransaction();
        Future<?> bad;
        try {
            bad = saveLater(new Card(2, null)); // @JazminNotNull: refused while converted to cells
            assertThatThrownBy(() -> bad.get(10, TimeUnit.SECONDS)).cause().isInstanceOf(DataAccessException.class)
                    .hasMessageContaining("name");
            assertThat(file.queuedChanges()).isZero();
        } finally {
            file.endTransaction();
        }
        assertThat(stored(2)).isNull();
    }

    @Test
    void concurrentSavesAreEachStoredOnceAndDurableWhenTheyReturn() throws Exception {
        int writers = 8;
        int each = 40;
        List<CompletableFuture<Void>> done = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            int writer = w;
            done.add(CompletableFuture.runAsync(() -> {
                for (int i = 0; i < each; i++) {
                    long id = 1 + writer * each + i;
                    template.save(List.of(new Card(id, "card " + id)));
                    // Durable and visible to a reader opened afresh, not through the template's pool.
                    try (JazminReader reader = JazminReader.open(dir.resolve("cards.jzm"), ReadOptions.defaults())) {
                        assertThat(reader.table().count(Filter.eq("id", id))).isEqualTo(1);
                    }
                }
            }, threads));
        }
        CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).get(120, TimeUnit.SECONDS);
        assertThat(template.count((Filter) null, Card.class)).isEqualTo(1 + writers * each);
        List<Card> all = template.find(io.jazmin.spring.data.core.query.JazminQuery.all(), Card.class);
        assertThat(all).extracting(Card::id).doesNotHaveDuplicates().hasSize(1 + writers * each);
        assertThat(all).allSatisfy(card -> assertThat(card.name()).isEqualTo(card.id() == 0 ? "first"
                : "card " + card.id()));
    }

    @Test
    void savesInsertsAndDeletesQueuedTogetherAreOneAppend() throws Exception {
        template.save(List.of(new Card(1, "one"), new Card(2, "two"), new Card(3, "three")));
        long before = appends();
        List<Future<?>> calls = queuedBehind(file, List.of(
                () -> template.save(List.of(new Card(1, "one again"))),
                () -> template.deleteAllById(List.of(2L), Card.class),
                () -> template.insert(List.of(new Card(4, "four"))),
                () -> template.delete(new Card(3, "three")),
                () -> template.deleteAll(List.of(new Card(0, "first"), new Card(9, "never stored"))),
                () -> template.save(List.of(new Card(2, "two is back")))));
        for (Future<?> call : calls) {
            call.get(10, TimeUnit.SECONDS);
        }
        assertThat(appends()).isEqualTo(before + 1);
        assertThat(template.find(io.jazmin.spring.data.core.query.JazminQuery.all(), Card.class))
                .containsExactlyInAnyOrder(new Card(1, "one again"), new Card(2, "two is back"), new Card(4, "four"));
        // Read afresh by the engine: the kept row ids described the rows the append deleted.
        try (JazminReader reader = JazminReader.open(dir.resolve("cards.jzm"), ReadOptions.defaults())) {
            assertThat(reader.table().count(null)).isEqualTo(3);
            assertThat(reader.table().count(Filter.eq("id", 2L))).isEqualTo(1);
        }
    }

    @Test
    void aDuplicateInsertFailsOnlyItsOwnCall() throws Exception {
        long before = appends();
        List<Future<?>> calls = queuedBehind(file, List.of(
                () -> template.insert(List.of(new Card(5, "five"))),
                () -> template.insert(List.of(new Card(6, "six"), new Card(5, "five twice"))),
                () -> template.insert(List.of(new Card(0, "zero is stored"))),
                () -> template.insert(List.of(new Card(7, "seven")))));
        calls.get(0).get(10, TimeUnit.SECONDS);
        assertThatThrownBy(() -> calls.get(1).get(10, TimeUnit.SECONDS)).cause()
                .isInstanceOf(DuplicateKeyException.class).hasMessageContaining("cards");
        assertThatThrownBy(() -> calls.get(2).get(10, TimeUnit.SECONDS)).cause()
                .isInstanceOf(DuplicateKeyException.class);
        calls.get(3).get(10, TimeUnit.SECONDS);
        assertThat(appends()).isEqualTo(before + 1);
        assertThat(stored(5)).isEqualTo(new Card(5, "five"));
        assertThat(stored(6)).isNull(); // the failed call wrote none of its entities
        assertThat(stored(0)).isEqualTo(new Card(0, "first"));
        assertThat(stored(7)).isEqualTo(new Card(7, "seven"));
    }

    @Test
    void versionedSavesAndDeletesJoinOneAppendAndAStaleOneFailsAlone() throws Exception {
        FileAccess tickets = files.get("tickets");
        Ticket a = template.save(List.of(new Ticket("a", "ann", null))).get(0);
        Ticket b = template.save(List.of(new Ticket("b", "bob", null))).get(0);
        Ticket c = template.save(List.of(new Ticket("c", "cy", null))).get(0);
        long before = template.storage("tickets").appendCount();
        List<Future<?>> calls = queuedBehind(tickets, List.of(
                () -> template.save(List.of(new Ticket("a", "ann 2", a.version()))),
                () -> template.save(List.of(new Ticket("a", "stale: read before the save above", a.version()))),
                () -> template.delete(b),
                () -> template.delete(a), // at version 0, which the first call advanced
                () -> template.save(List.of(new Ticket("d", "dee", null))),
                () -> template.save(List.of(new Ticket("d", "new twice", null)))));
        calls.get(0).get(10, TimeUnit.SECONDS);
        assertThatThrownBy(() -> calls.get(1).get(10, TimeUnit.SECONDS)).cause()
                .isInstanceOf(OptimisticLockingFailureException.class).hasMessageContaining("version 1 is stored");
        calls.get(2).get(10, TimeUnit.SECONDS);
        assertThatThrownBy(() -> calls.get(3).get(10, TimeUnit.SECONDS)).cause()
                .isInstanceOf(OptimisticLockingFailureException.class).hasMessageContaining("stale");
        calls.get(4).get(10, TimeUnit.SECONDS);
        assertThatThrownBy(() -> calls.get(5).get(10, TimeUnit.SECONDS)).cause()
                .isInstanceOf(OptimisticLockingFailureException.class).hasMessageContaining("stored already");
        assertThat(template.storage("tickets").appendCount()).isEqualTo(before + 1);
        assertThat(template.find(io.jazmin.spring.data.core.query.JazminQuery.all(), Ticket.class))
                .containsExactlyInAnyOrder(new Ticket("a", "ann 2", 1L), c, new Ticket("d", "dee", 0L));
    }

    @Test
    void anInvalidEntityAmongDeletesFailsOnlyItsOwnCall() throws Exception {
        template.save(List.of(new Card(1, "one"), new Card(2, "two")));
        List<Future<?>> calls = queuedBehind(file, List.of(
                () -> template.deleteAllById(List.of(1L), Card.class),
                () -> template.save(List.of(new Card(3, UNPAIRED))),
                () -> template.save(List.of(new Card(2, "two again")))));
        calls.get(0).get(10, TimeUnit.SECONDS);
        assertThatThrownBy(() -> calls.get(1).get(10, TimeUnit.SECONDS)).cause()
                .isInstanceOf(DataAccessException.class).hasMessageContaining("name");
        calls.get(2).get(10, TimeUnit.SECONDS);
        assertThat(stored(1)).isNull();
        assertThat(stored(2)).isEqualTo(new Card(2, "two again"));
        assertThat(stored(3)).isNull();
        assertThat(template.count((Filter) null, Card.class)).isEqualTo(2);
    }

    @Test
    void aTransactionsCommitCarriesTheCallsQueuedWhileItHeldTheFile() throws Exception {
        template.save(List.of(new Card(1, "one"), new Card(2, "two")));
        long before = appends();
        TransactionTemplate transactions = new TransactionTemplate(new JazminTransactionManager(files));
        CountDownLatch wrote = new CountDownLatch(1);
        CountDownLatch commit = new CountDownLatch(1);
        Future<?> transaction = later(() -> transactions.executeWithoutResult(status -> {
            template.save(List.of(new Card(1, "one in the transaction"), new Card(3, "three")));
            template.deleteAllById(List.of(2L), Card.class);
            wrote.countDown();
            try {
                assertThat(commit.await(10, TimeUnit.SECONDS)).isTrue();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }));
        assertThat(wrote.await(10, TimeUnit.SECONDS)).isTrue();
        // The transaction holds the file: these calls queue until it commits.
        Future<?> four = saveLater(new Card(4, "four"));
        awaitQueued(1);
        Future<?> oneAfter = saveLater(new Card(1, "one after the transaction"));
        awaitQueued(2);
        Future<?> threeAgain = later(() -> template.insert(List.of(new Card(3, "three again"))));
        awaitQueued(3);
        commit.countDown();

        transaction.get(10, TimeUnit.SECONDS);
        four.get(10, TimeUnit.SECONDS);
        oneAfter.get(10, TimeUnit.SECONDS);
        assertThatThrownBy(() -> threeAgain.get(10, TimeUnit.SECONDS)).cause()
                .isInstanceOf(DuplicateKeyException.class);
        assertThat(appends()).isEqualTo(before + 1);
        assertThat(template.find(io.jazmin.spring.data.core.query.JazminQuery.all(), Card.class))
                .containsExactlyInAnyOrder(new Card(0, "first"), new Card(1, "one after the transaction"),
                        new Card(3, "three"), new Card(4, "four"));
    }
}
