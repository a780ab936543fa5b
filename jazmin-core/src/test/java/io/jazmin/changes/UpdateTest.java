package io.jazmin.changes;

import io.jazmin.change.UpdateChanges;
import io.jazmin.change.UpdateResult;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.data.Filter;
import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.error.JazminValidationException;
import io.jazmin.options.WriteOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The full update (spec §1.25): deletes, upserts, inserts and metadata in one atomic rewrite. */
class UpdateTest {
    @TempDir
    Path dir;

    @Test
    void appliesDeletesUpsertsInsertsAndMetadataKeepingSortOrderAndIndexes() throws Exception {
        Path file = dir.resolve("sorted.jzm");
        WriteOptions options = Rows.indexed(WriteOptions.defaults().withChunkRows(8)).withSortedBy(List.of("id"))
                .withMetadata("{\"title\":\"people\",\"version\":1}");
        Rows.write(file, options, 0, 50);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r-----"));

        UpdateResult result = JazminFile.update(file, new UpdateChanges(null, Filter.lt("id", 5), List.of("id"),
                List.of(Rows.row(20, 1), Rows.row(60, 1)), List.of(Rows.row(55)), "{\"version\":2}"),
                WriteOptions.defaults());

        assertThat(result).isEqualTo(new UpdateResult(47, 2, 1, 5));
        try (JazminReader reader = JazminReader.open(file)) {
            JazminTable table = reader.table();
            assertThat(reader.metadata()).isEqualTo("{\"title\":\"people\",\"version\":2}");
            assertThat(reader.appendCount()).isZero();
            assertThat(table.sortedBy()).containsExactly("id");
            assertThat(table.indexes()).extracting(i -> i.column() + ":" + i.kind())
                    .containsExactly("name:trigram", "country:sorted");
            List<Long> ids = table.rows().map(r -> r.getLong("id")).toList();
            assertThat(ids).isSorted().hasSize(47).startsWith(5L).endsWith(49L, 55L, 60L);
            assertThat(table.find(Filter.eq("id", 20)).findFirst().orElseThrow().getString("name"))
                    .isEqualTo("Person 20 v1");
            assertThat(table.count(Filter.contains("name", "v1"))).isEqualTo(2);
        }
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-r-----");
        assertThat(Files.exists(dir.resolve("sorted.jzm.lock"))).isFalse();
    }

    @Test
    void updatesOneTableAndCopiesTheOthers() {
        Path file = dir.resolve("two.jzm");
        try (io.jazmin.JazminWriter w = io.jazmin.JazminWriter.create(file, Rows.COLUMNS,
                WriteOptions.defaults().withTableName("a"))) {
            w.writeRows(Rows.range(0, 10));
            w.startTable("b", Rows.COLUMNS, WriteOptions.defaults());
            w.writeRows(Rows.range(100, 110));
            w.finish();
        }
        JazminFile.update(file, new UpdateChanges("b", Filter.gte("id", 105), List.of(), null,
                List.of(Rows.row(200)), null), WriteOptions.defaults());
        try (JazminReader reader = JazminReader.open(file)) {
            assertThat(reader.table("a").rows().map(r -> r.getLong("id")).toList())
                    .containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L);
            assertThat(reader.table("b").rows().map(r -> r.getLong("id")).toList())
                    .containsExactly(100L, 101L, 102L, 103L, 104L, 200L);
        }
    }

    @Test
    void refusesUpsertsWithoutKeysAndLeavesTheFileAlone() throws Exception {
        Path file = dir.resolve("plain.jzm");
        Rows.write(file, WriteOptions.defaults(), 0, 5);
        byte[] before = Files.readAllBytes(file);
        assertThatThrownBy(() -> JazminFile.update(file, new UpdateChanges(null, null, List.of("id"),
                List.of(Map.of("name", "no id")), null, null), WriteOptions.defaults()))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("key column 'id'");
        assertThat(Files.readAllBytes(file)).isEqualTo(before);
    }
}
