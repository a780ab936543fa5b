package io.jazmin.changes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.data.Filter;
import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.WriteLock;
import io.jazmin.error.FileLockedException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.options.WriteOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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

    @Test
    void replacesRowsUnderALockTheCallerHolds() {
        Path file = dir.resolve("held.jzm");
        Rows.write(file, WriteOptions.defaults(), 0, 5);
        try (WriteLock lock = WriteLock.acquire(file)) {
            // Another writer is kept out meanwhile: what the caller read under the lock stays true.
            assertThatThrownBy(() -> JazminFile.append(file, Rows.range(5, 6), WriteOptions.defaults()))
                    .isInstanceOf(FileLockedException.class);
            JazminFile.ChangeResult result = JazminFile.replaceRows(lock, null, new long[] {2},
                    List.of(Rows.row(2, 1), Rows.row(9)).iterator(), WriteOptions.defaults());
            assertThat(result.rowsDeleted()).isEqualTo(1);
            assertThat(result.rowsAppended()).isEqualTo(2);
            assertThat(lock.isHeld()).isTrue();
        }
        try (JazminReader reader = JazminReader.open(file)) {
            assertThat(reader.table().rowCount()).isEqualTo(6);
            // The new rows take the next row ids, in the order given.
            assertThat(reader.table().get(5).orElseThrow().getLong("id")).isEqualTo(2);
            assertThat(reader.table().get(6).orElseThrow().getLong("id")).isEqualTo(9);
            assertThat(reader.table().get(2)).isEmpty();
        }
    }

    @Test
    void refusesALockReleasedBeforeTheChange() throws Exception {
        Path file = dir.resolve("released.jzm");
        Rows.write(file, WriteOptions.defaults(), 0, 5);
        byte[] before = Files.readAllBytes(file);
        WriteLock lock = WriteLock.acquire(file);
        lock.close();
        assertThatThrownBy(() -> JazminFile.replaceRows(lock, null, new long[] {0}, Rows.range(5, 6),
                WriteOptions.defaults())).isInstanceOf(IllegalStateException.class).hasMessageContaining("released");
        assertThat(Files.readAllBytes(file)).isEqualTo(before);
    }
}
