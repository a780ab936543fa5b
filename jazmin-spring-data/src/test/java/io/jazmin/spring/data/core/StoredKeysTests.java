package io.jazmin.spring.data.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.data.Filter;
import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.options.WriteOptions;
import io.jazmin.spring.data.core.mapping.JazminMappingContext;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Saves upsert by the row ids the store keeps for a file's keys ({@link StoredKeys}): a save of a
 * stored id replaces its row, and a row another writer added since is seen (the ids are read again
 * when the file changed), never stored twice.
 */
class StoredKeysTests {
    record Card(@JazminId String id, String name) {
    }

    @TempDir
    Path dir;

    JazminFiles files;
    JazminTemplate template;
    Path path;

    @BeforeEach
    void setUp() {
        path = dir.resolve("cards.jzm");
        files = new JazminFiles(List.of(JazminFileDefinition.of("cards", path).withCreateIfMissing(true)));
        template = new JazminTemplate(files, new JazminMappingContext());
        template.save(List.of(new Card("a", "first")));
    }

    @AfterEach
    void close() {
        files.destroy();
    }

    /** The rows holding {@code id}, read by a reader of its own (not the template's pool). */
    private long rowsWithId(String id) {
        try (JazminReader reader = JazminReader.open(path)) {
            return reader.table().count(Filter.eq("id", id));
        }
    }

    private String nameOf(String id) {
        return template.findOne(Filter.eq("id", id), Card.class).map(Card::name).orElse(null);
    }

    @Test
    void savingAStoredIdReplacesItsRow() {
        template.save(List.of(new Card("b", "one")));
        template.save(List.of(new Card("b", "two")));
        template.save(List.of(new Card("a", "again"), new Card("c", "new")));

        assertThat(rowsWithId("a")).isEqualTo(1);
        assertThat(rowsWithId("b")).isEqualTo(1);
        assertThat(nameOf("a")).isEqualTo("again");
        assertThat(nameOf("b")).isEqualTo("two");
        assertThat(nameOf("c")).isEqualTo("new");
        assertThat(template.count((Filter) null, Card.class)).isEqualTo(3);
    }

    @Test
    void aRowAnotherWriterAddedIsReplacedNotDoubled() {
        template.save(List.of(new Card("b", "mine")));
        // Another writer (the CLI, another process) appends a row with an id the store has not seen.
        JazminFile.append(path, List.<Map<String, ?>>of(Map.of("id", "c", "name", "outside")).iterator(),
                WriteOptions.defaults());

        template.save(List.of(new Card("c", "replaced")));

        assertThat(rowsWithId("c")).isEqualTo(1);
        assertThat(nameOf("c")).isEqualTo("replaced");
    }

    @Test
    void aRowAnotherWriterDeletedIsNotDeletedAgain() {
        template.save(List.of(new Card("b", "one"), new Card("c", "two")));
        JazminFile.delete(path, Filter.eq("id", "b"), WriteOptions.defaults());

        template.save(List.of(new Card("b", "back"), new Card("c", "three")));

        assertThat(rowsWithId("b")).isEqualTo(1);
        assertThat(rowsWithId("c")).isEqualTo(1);
        assertThat(nameOf("b")).isEqualTo("back");
        assertThat(nameOf("c")).isEqualTo("three");
    }

    @Test
    void anIdTheFileHoldsTwiceIsReplacedOnce() {
        // Written by another writer without a key check: the engine's upsert replaces both rows.
        JazminFile.append(path, List.<Map<String, ?>>of(Map.of("id", "d", "name", "x"), Map.of("id", "d", "name", "y"))
                .iterator(), WriteOptions.defaults());

        template.save(List.of(new Card("d", "one")));

        assertThat(rowsWithId("d")).isEqualTo(1);
        assertThat(nameOf("d")).isEqualTo("one");
    }
}
