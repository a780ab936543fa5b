package io.jazmin.changes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.change.UpdateChanges;
import io.jazmin.change.UpdateResult;
import io.jazmin.data.Row;
import io.jazmin.error.JazminValidationException;
import io.jazmin.schema.IndexKind;
import io.jazmin.testing.FileFingerprint;
import io.jazmin.testing.WritePathFiles;
import io.jazmin.testing.WritePathFiles.Kind;
import io.jazmin.testing.WritePathFiles.Sample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A full update may re-declare its table's sort order and indexes ({@link UpdateChanges#withLayout}):
 * the rows, old and new, are written in the new order with the new indexes, and everything else the
 * file holds (other tables and their layout, embedded files, package, shapes, metadata, grants,
 * partitions, groups, encryption) is kept.
 */
class UpdateLayoutTest {
    private static final List<String> SORTED_BY = List.of("country", "id");
    private static final Map<String, Set<IndexKind>> INDEXES = Map.of("id", Set.of(IndexKind.SORTED),
            "age", Set.of(IndexKind.SORTED));

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(value = Kind.class, names = {"DIFFERENT_LAYOUT", "TWO_TABLES", "EMBEDDED", "SHARED_OWNER", "PASSWORD"})
    void anUpdateSortsAndIndexesItsTableAnewAndKeepsEverythingElse(Kind kind) {
        Sample sample = WritePathFiles.build(kind, dir);
        FileFingerprint before = sample.fingerprint();

        UpdateResult result = JazminFile.update(sample.path(), new UpdateChanges(null, null, List.of("id"),
                List.of(WritePathFiles.customer(100), WritePathFiles.customer(3)), null, null)
                .withLayout(SORTED_BY, INDEXES), sample.ownerWriteOptions());

        assertThat(result).isEqualTo(new UpdateResult(WritePathFiles.ROWS + 1, 1, 1, 0));
        FileFingerprint after = sample.fingerprint();
        assertThat(before.differencesOutside(after, WritePathFiles.TABLE, true)).isEmpty();
        FileFingerprint.TableState customers = after.tables().get(WritePathFiles.TABLE);
        assertThat(customers.sortedBy()).isEqualTo(SORTED_BY);
        // No sorted index on the leading sort column: the sort order serves it.
        assertThat(customers.indexes()).containsExactly("age:sorted", "id:sorted");
        assertThat(after.rows(WritePathFiles.TABLE)).contains(WritePathFiles.customer(100))
                .hasSize(WritePathFiles.ROWS + 1);
        try (JazminReader reader = JazminReader.open(sample.path(), sample.ownerReadOptions())) {
            List<Row> rows = reader.table().rows().toList();
            Comparator<Row> order = Comparator.comparing((Row r) -> r.getString("country"))
                    .thenComparing(r -> r.getLong("id"));
            assertThat(rows).isSortedAccordingTo(order);
        }
    }

    @Test
    void withoutALayoutTheTableKeepsItsOwn() {
        Sample sample = WritePathFiles.build(Kind.DIFFERENT_LAYOUT, dir);
        FileFingerprint before = sample.fingerprint();

        JazminFile.update(sample.path(), new UpdateChanges(null, null, null, null,
                List.of(WritePathFiles.customer(100)), null), sample.writeOptions());

        assertThat(before.differencesOutside(sample.fingerprint(), WritePathFiles.TABLE, false)).isEmpty();
    }

    @Test
    void aLayoutNamingAnUnknownColumnIsRefusedAndTheFileIsLeftAsItWas() throws Exception {
        Sample sample = WritePathFiles.build(Kind.EMBEDDED, dir);
        byte[] bytes = Files.readAllBytes(sample.path());

        assertThatThrownBy(() -> JazminFile.update(sample.path(), new UpdateChanges(null, null, null, null,
                List.of(WritePathFiles.customer(100)), null).withLayout(List.of("email"), null), sample.writeOptions()))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("email");
        assertThatThrownBy(() -> JazminFile.update(sample.path(), new UpdateChanges(null, null, null, null,
                List.of(WritePathFiles.customer(100)), null).withLayout(null, Map.of("email", Set.of(IndexKind.SORTED))),
                sample.writeOptions())).isInstanceOf(JazminValidationException.class).hasMessageContaining("email");
        assertThat(Files.readAllBytes(sample.path())).isEqualTo(bytes);
    }
}
