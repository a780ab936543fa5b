package io.jazmin.spring.data.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.data.Filter;
import io.jazmin.JazminFile;
import io.jazmin.options.ReadOptions;
import io.jazmin.key.JazminKey;
import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.spring.data.core.mapping.JazminMappingContext;
import io.jazmin.spring.data.core.query.JazminQuery;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.dao.ConcurrencyFailureException;
import org.springframework.transaction.support.TransactionTemplate;

/** Writes inside a transaction land as one version per file at commit, and not at all on rollback. */
class JazminTransactionManagerTests {
    record Tag(@JazminId long id, String name, List<String> labels) {
    }

    private static final String KEY = JazminKey.generate().text();

    @TempDir
    Path dir;

    Path path;
    JazminFiles files;
    JazminTemplate template;
    TransactionTemplate transactions;

    @BeforeEach
    void setUp() {
        path = dir.resolve("tags.jzm");
        files = new JazminFiles(List.of(JazminFileDefinition.of("tags", path).withKey(KEY).withCreateIfMissing(true)));
        template = new JazminTemplate(files, new JazminMappingContext());
        template.prepare(Tag.class);
        template.save(LongStream.range(0, 100).mapToObj(JazminTransactionManagerTests::tag).toList());
        transactions = new TransactionTemplate(new JazminTransactionManager(files));
    }

    static Tag tag(long id) {
        return new Tag(id, "tag " + id, List.of("l" + id % 3, "x"));
    }

    @Test
    void rollbackLeavesTheFileByteIdenticalAndNoCopyBehind() throws IOException {
        byte[] before = Files.readAllBytes(path);
        assertThatThrownBy(() -> transactions.executeWithoutResult(status -> {
            template.save(List.of(new Tag(1, "changed", List.of())));
            template.save(List.of(tag(500)));
            template.delete(Filter.eq("id", 7L), Tag.class);
            template.compact(Tag.class);
            throw new IllegalStateException("boom");
        })).isInstanceOf(IllegalStateException.class).hasMessage("boom");

        assertThat(Files.readAllBytes(path)).isEqualTo(before);
        assertThat(filesBeside()).containsExactly("tags.jzm");
        assertThat(template.findOne(Filter.eq("id", 1L), Tag.class)).contains(tag(1));
        assertThat(template.count(null, Tag.class)).isEqualTo(100);
    }

    @Test
    void setRollbackOnlyAlsoDiscards() throws IOException {
        byte[] before = Files.readAllBytes(path);
        transactions.executeWithoutResult(status -> {
            template.save(List.of(tag(600)));
            status.setRollbackOnly();
        });
        assertThat(Files.readAllBytes(path)).isEqualTo(before);
    }

    @Test
    void commitOfAThousandSavesIsOneAppend() throws IOException {
        long appendsBefore = JazminFile.storage(path, readOptions()).appendCount();
        transactions.executeWithoutResult(status -> {
            for (long id = 100; id < 1100; id++) {
                template.save(List.of(tag(id)));
            }
            template.save(List.of(new Tag(3, "renamed", List.of("y"))));
            template.delete(Filter.eq("id", 4L), Tag.class);
        });

        assertThat(JazminFile.storage(path, readOptions()).appendCount()).isEqualTo(appendsBefore + 1);
        assertThat(template.count(null, Tag.class)).isEqualTo(1099);
        assertThat(template.findOne(Filter.eq("id", 3L), Tag.class)).contains(new Tag(3, "renamed", List.of("y")));
        assertThat(template.findOne(Filter.eq("id", 4L), Tag.class)).isEmpty();
        assertThat(template.findOne(Filter.eq("id", 1099L), Tag.class)).contains(tag(1099));
        assertThat(filesBeside()).containsExactly("tags.jzm");
    }

    @Test
    void readsInsideTheTransactionSeeItsWritesAndOthersDoNot() throws Exception {
        transactions.executeWithoutResult(status -> {
            template.save(List.of(tag(700)));
            template.delete(Filter.eq("id", 0L), Tag.class);
            assertThat(template.count(null, Tag.class)).isEqualTo(100);
            assertThat(template.findOne(Filter.eq("id", 700L), Tag.class)).contains(tag(700));
            assertThat(template.find(JazminQuery.where(Filter.eq("id", 0L)), Tag.class)).isEmpty();
            // Another thread reads the last committed version.
            long seenOutside = CompletableFuture.supplyAsync(() -> template.count(Filter.eq("id", 700L), Tag.class))
                    .join();
            assertThat(seenOutside).isZero();
        });
        assertThat(template.count(Filter.eq("id", 700L), Tag.class)).isEqualTo(1);
        assertThat(template.count(Filter.eq("id", 0L), Tag.class)).isZero();
    }

    @Test
    void emptyingTheTableInsideTheTransactionCommitsAsOneAppend() {
        transactions.executeWithoutResult(status -> {
            template.delete(null, Tag.class); // empties the table in place
            template.save(List.of(tag(1), tag(2)));
        });
        assertThat(template.find(JazminQuery.all(), Tag.class)).containsExactly(tag(1), tag(2));
        assertThat(JazminFile.storage(path, readOptions()).appendCount()).isEqualTo(1);
    }

    @Test
    void aCompactionInsideTheTransactionCommitsAsOneNewFile() {
        transactions.executeWithoutResult(status -> {
            template.delete(null, Tag.class);
            template.save(List.of(tag(1), tag(2)));
            template.compact(Tag.class); // a rewrite of the copy: it replaces the file
        });
        assertThat(template.find(JazminQuery.all(), Tag.class)).containsExactly(tag(1), tag(2));
        assertThat(JazminFile.storage(path, readOptions()).appendCount()).isZero();
        assertThat(JazminFile.storage(path, readOptions()).deletedRows()).isZero();
    }

    @Test
    void otherWritersOfThisJvmWaitForTheTransaction() throws Exception {
        CompletableFuture<Void> outside = new CompletableFuture<>();
        transactions.executeWithoutResult(status -> {
            template.save(List.of(tag(800)));
            CompletableFuture.runAsync(() -> {
                template.save(List.of(tag(801)));
                outside.complete(null);
            });
            sleep(200);
            assertThat(outside).isNotDone();
        });
        outside.get(10, TimeUnit.SECONDS);
        assertThat(template.count(Filter.in("id", List.of(800L, 801L)), Tag.class)).isEqualTo(2);
    }

    @Test
    void aFileChangedByAnotherProcessFailsTheCommitAndKeepsThatChange() throws IOException {
        assertThatThrownBy(() -> transactions.executeWithoutResult(status -> {
            template.save(List.of(tag(900)));
            // Another process appends meanwhile (the engine directly, as a second process would).
            JazminFile.delete(path, Filter.eq("id", 5L), files.get("tags").definition().changeOptions());
        })).isInstanceOf(ConcurrencyFailureException.class);
        assertThat(template.count(Filter.eq("id", 5L), Tag.class)).isZero();
        assertThat(template.count(Filter.eq("id", 900L), Tag.class)).isZero();
        assertThat(filesBeside()).containsExactly("tags.jzm");
    }

    private ReadOptions readOptions() {
        return ReadOptions.defaults().withKey(JazminKey.parse(KEY));
    }

    /** The folder's files but the lock guard every writer of a folder leaves (WriterLock). */
    private List<String> filesBeside() throws IOException {
        try (Stream<Path> listed = Files.list(dir)) {
            return listed.map(p -> p.getFileName().toString()).filter(n -> !n.equals(".jazmin-lock-guard")).sorted()
                    .toList();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
