package io.jazmin.spring.data.core;

import io.jazmin.options.Priority;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.data.Filter;
import io.jazmin.key.DerivedKeyCache;
import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.spring.data.core.mapping.JazminMappingContext;
import io.jazmin.spring.data.core.query.JazminQuery;
import io.jazmin.internal.wire.Preamble;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.transaction.support.TransactionTemplate;

/** Password files derive their PBKDF2 key once per file version, not once per save or read. */
class PasswordFileTests {
    record Note(@JazminId long id, String text) {
    }

    @TempDir
    Path dir;

    private JazminFiles files(Priority priority, int iterations) {
        return new JazminFiles(List.of(JazminFileDefinition.of("notes", dir.resolve("notes.jzm"))
                .withPassword("s3cret pass").withCreateIfMissing(true).withPriority(priority)
                .withKdfIterations(iterations)));
    }

    @Test
    void savesAndReadsOfOneVersionDeriveTheKeyOnce() {
        JazminFiles files = files(Priority.MEMORY, 1_000);
        JazminTemplate template = new JazminTemplate(files, new JazminMappingContext());
        template.save(List.of(new Note(0, "first"))); // creates the file: the one derivation
        for (long id = 1; id <= 10; id++) {
            template.save(List.of(new Note(id, "note " + id))); // appends keep the salt
            assertThat(template.findOne(Filter.eq("id", id), Note.class)).contains(new Note(id, "note " + id));
        }
        template.save(List.of(new Note(3, "changed"))); // an upsert: still an append
        assertThat(template.count(null, Note.class)).isEqualTo(11);
        FileAccess file = files.get("notes");
        assertThat(file.keyCache().derivations()).isEqualTo(1);
        assertThat(file.keyCache().hits()).isGreaterThanOrEqualTo(22);

        template.compact("notes"); // a full rewrite: a fresh salt, derived once more
        assertThat(template.find(JazminQuery.where(Filter.eq("id", 3L)), Note.class))
                .containsExactly(new Note(3, "changed"));
        assertThat(file.keyCache().derivations()).isEqualTo(2);

        files.destroy();
        assertThat(file.keyCache().size()).isZero();
    }

    @Test
    void transactionsReuseTheFilesKey() {
        JazminFiles files = files(Priority.BALANCED, 1_000);
        JazminTemplate template = new JazminTemplate(files, new JazminMappingContext());
        template.save(List.of(new Note(0, "first")));
        template.save(List.of(new Note(1, "second")));
        DerivedKeyCache keys = files.get("notes").keyCache();
        long derived = keys.derivations();
        TransactionTemplate transactions = new TransactionTemplate(new JazminTransactionManager(files));
        for (long id = 2; id < 5; id++) {
            long n = id;
            transactions.executeWithoutResult(status -> {
                template.save(List.of(new Note(n, "in a transaction")));
                assertThat(template.findOne(Filter.eq("id", n), Note.class)).isPresent();
            });
        }
        assertThat(template.count(null, Note.class)).isEqualTo(5);
        assertThat(keys.derivations()).as("working copies have the file's salt; commits append").isEqualTo(derived);
        FileAccess copy = files.get("notes").sharingKeys(files.get("notes").definition().withPath(dir.resolve("c")));
        assertThat(copy.keyCache()).isSameAs(keys);
        copy.close();
        assertThat(keys.size()).as("a working copy leaves the keys to the file").isPositive();
        files.destroy();
        assertThat(keys.size()).isZero();
    }

    @Test
    void newVersionsAreWrittenWithTheConfiguredIterations() throws IOException {
        JazminFiles files = files(Priority.BALANCED, 2_345);
        JazminTemplate template = new JazminTemplate(files, new JazminMappingContext());
        template.save(List.of(new Note(1, "a")));
        assertThat(iterations()).isEqualTo(2_345);
        files.destroy();

        // Reads use the file's count whatever the definition says; a rewrite never lowers it (a
        // file made easier to guess by a compaction would be less protected than before) ...
        JazminFiles lower = files(Priority.BALANCED, 1_500);
        JazminTemplate again = new JazminTemplate(lower, new JazminMappingContext());
        assertThat(again.findOne(Filter.eq("id", 1L), Note.class)).contains(new Note(1, "a"));
        again.compact("notes");
        assertThat(iterations()).isEqualTo(2_345);
        lower.destroy();

        // ... and raises it to a higher configured count.
        JazminFiles higher = files(Priority.BALANCED, 3_000);
        new JazminTemplate(higher, new JazminMappingContext()).compact("notes");
        assertThat(iterations()).isEqualTo(3_000);
        higher.destroy();
    }

    @Test
    void iterationsOutsideTheFormatsBoundsAreRefused() {
        JazminFileDefinition d = JazminFileDefinition.of("notes", dir.resolve("n.jzm"));
        assertThat(d.kdfIterations()).isEqualTo(600_000);
        assertThatThrownBy(() -> d.withKdfIterations(999)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("kdf-iterations must be 1000-10000000");
        assertThatThrownBy(() -> d.withKdfIterations(10_000_001)).isInstanceOf(IllegalArgumentException.class);
        assertThat(d.withPassword("pässwörd").withKdfIterations(5_000).toString()).doesNotContain("pässwörd")
                .contains("kdfIterations=5000");
    }

    private long iterations() throws IOException {
        return Preamble.decode(Files.readAllBytes(dir.resolve("notes.jzm"))).kdfIterations();
    }
}
