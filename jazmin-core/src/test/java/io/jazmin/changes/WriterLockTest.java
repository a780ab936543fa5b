package io.jazmin.changes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.error.FileLockedException;
import io.jazmin.WriteLock;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one-writer lock {@code <path>.lock} (spec §1.24). */
class WriterLockTest {
    @TempDir
    Path dir;

    @Test
    void createsTheFoldersOfAFileNotWrittenYet() {
        Path file = dir.resolve("data/new/customers.jzm");
        try (WriteLock lock = WriteLock.acquire(file)) {
            assertThat(dir.resolve("data/new/customers.jzm.lock")).exists();
        }
        assertThat(dir.resolve("data/new/customers.jzm.lock")).doesNotExist();
        assertThat(dir.resolve("data/new")).isDirectory();
    }

    @Test
    void aSecondWriterIsRefusedWhileTheLockIsHeld() throws Exception {
        Path file = dir.resolve("held.jzm");
        try (WriteLock lock = WriteLock.acquire(file)) {
            assertThatThrownBy(() -> WriteLock.acquire(file)).isInstanceOf(FileLockedException.class)
                    .hasMessageContaining("held.jzm.lock");
        }
        Files.deleteIfExists(file);
        WriteLock.acquire(file).close();
    }
}
