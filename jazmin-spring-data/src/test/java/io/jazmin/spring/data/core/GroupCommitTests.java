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
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.dao.DataAccessException;

/**
 * Concurrent saves of one file join one engine change (one append, one {@code fsync}); each call
 * returns once its own rows are durable and fails only for its own entities. The write lock is
 * held by the test (as a transaction holds it) to line saves up deterministically.
 */
class GroupCommitTests {
    record Card(@JazminId long id, @JazminNotNull String name) {
    }

    @TempDir
    Path dir;

    JazminFiles files;
    JazminTemplate template;
    FileAccess file;
    final ExecutorService threads = Executors.newFixedThreadPool(8);

    @BeforeEach
    void setUp() {
        files = new JazminFiles(List.of(JazminFileDefinition.of("cards", dir.resolve("cards.jzm"))
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

    /** Waits until {@code count} saves are queued behind the held lock. */
    private void awaitQueued(int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (file.queuedSaves() < count) {
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
            bad = saveLater(new Card(2, null));
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
}
