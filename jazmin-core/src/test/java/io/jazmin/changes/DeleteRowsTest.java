package io.jazmin.changes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.data.Filter;
import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.error.JazminValidationException;
import io.jazmin.options.WriteOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Deleting rows by row id (spec §1.17): one new version with the full deleted-row list. */
class DeleteRowsTest {
    @TempDir
    Path dir;

    @Test
    void deletesByRowIdAndKeepsEarlierDeletions() {
        Path file = dir.resolve("rows.jzm");
        Rows.write(file, Rows.indexed(WriteOptions.defaults().withChunkRows(4)), 0, 20);
        JazminFile.delete(file, Filter.eq("id", 3), WriteOptions.defaults());

        JazminFile.ChangeResult result =
                JazminFile.deleteRows(file, null, new long[] {0, 7, 19, 7}, WriteOptions.defaults());

        assertThat(result.rowsDeleted()).isEqualTo(3);
        assertThat(result.rowCount()).isEqualTo(16);
        try (JazminReader reader = JazminReader.open(file)) {
            assertThat(reader.table().deletedRowCount()).isEqualTo(4);
            assertThat(reader.table().rows().map(r -> r.getLong("id")).toList())
                    .doesNotContain(0L, 3L, 7L, 19L).hasSize(16);
            assertThat(reader.table().get(7)).isEmpty();
            assertThat(reader.table().count(Filter.in("id", 0, 1, 7))).isEqualTo(1);
        }
    }

    @Test
    void refusesIdsOutsideTheTableAndLeavesTheFileAlone() throws Exception {
        Path file = dir.resolve("small.jzm");
        Rows.write(file, WriteOptions.defaults(), 0, 5);
        byte[] before = Files.readAllBytes(file);
        assertThatThrownBy(() -> JazminFile.deleteRows(file, null, new long[] {5}, WriteOptions.defaults()))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("row id 5");
        assertThat(Files.readAllBytes(file)).isEqualTo(before);
    }
}
