package io.jazmin.internal.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.error.JazminIoException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link IdleChannels} and {@link ByteSource#openReusing}: a channel goes back to the pool only when its
 * opener asks and it is still open, is handed only to an open that finds the same file at the path, and
 * channels of a replaced file, beyond the capacity or idle for too long are closed.
 */
class IdleChannelsTest {
    @TempDir
    Path dir;

    private final IdleChannels pool = new IdleChannels(3, IdleChannels.DEFAULT_IDLE_NANOS);
    private Path file;

    @BeforeEach
    void writeFile() throws IOException {
        file = Files.write(dir.resolve("a.jzm"), new byte[] {1, 2, 3});
        Assumptions.assumeTrue(fileKey(file) != null, "the platform has file keys");
    }

    @Test
    void aReturnedChannelIsTakenByTheNextOpenOfTheSameFile() throws IOException {
        DiskIdentity identity;
        try (ByteSource first = ByteSource.openReusing(file, pool, false)) {
            assertThat(first.reusedChannel()).isFalse();
            identity = first.identity();
            first.returnChannelOnClose(false);
            assertThat(pool.size(file)).isZero();
        }
        assertThat(pool.size(file)).isEqualTo(1);
        try (ByteSource second = ByteSource.openReusing(file, pool, false)) {
            assertThat(second.reusedChannel()).isTrue();
            assertThat(pool.size(file)).as("used by one source at a time").isZero();
            assertThat(second.identity()).isEqualTo(identity);
            assertThat(second.size()).isEqualTo(3);
            assertThat(second.read(0, 3)).containsExactly(1, 2, 3);
            assertThat(second.unchangedOnDisk()).isTrue();
        }
        // Not asked to return it this time: closed.
        assertThat(pool.size(file)).isZero();
    }

    @Test
    void aReusedChannelKeepsTheSizeStampedWhileTheFileGrows() throws IOException {
        returnOneChannel(file);
        try (ByteSource source = ByteSource.openReusing(file, pool, false)) {
            source.returnChannelOnClose(false);
            Files.write(file, new byte[] {4}, StandardOpenOption.APPEND);
            assertThat(source.reusedChannel()).isTrue();
            assertThat(source.size()).isEqualTo(3);
            assertThat(source.read(0, 3)).containsExactly(1, 2, 3);
            assertThat(source.unchangedOnDisk()).isFalse();
        }
        try (ByteSource next = ByteSource.openReusing(file, pool, false)) {
            assertThat(next.reusedChannel()).as("the same file, grown").isTrue();
            assertThat(next.size()).isEqualTo(4);
            assertThat(next.identity().size()).isEqualTo(4);
        }
    }

    @Test
    void aReplacedFilesIdleChannelIsClosedAtTheNextOpenOfThePath() throws IOException {
        FileChannel old = FileChannel.open(file, StandardOpenOption.READ);
        pool.give(file, fileKey(file), old, false);
        Path next = Files.write(dir.resolve("b.jzm"), new byte[] {7, 8});
        Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        assertThat(old.isOpen()).isTrue();
        try (ByteSource source = ByteSource.openReusing(file, pool, false)) {
            assertThat(old.isOpen()).as("it pinned the replaced file's disk space").isFalse();
            assertThat(source.reusedChannel()).isFalse();
            assertThat(source.read(0, 2)).containsExactly(7, 8);
        }
    }

    @Test
    void aDeletedFilesIdleChannelIsClosedAtTheNextOpenOfThePath() throws IOException {
        FileChannel old = FileChannel.open(file, StandardOpenOption.READ);
        pool.give(file, fileKey(file), old, false);
        Files.delete(file);
        assertThatThrownBy(() -> ByteSource.openReusing(file, pool, false)).isInstanceOf(IOException.class);
        assertThat(old.isOpen()).isFalse();
        assertThat(pool.size()).isZero();
    }

    @Test
    void aWritersHookClosesThePathsIdleChannelsUnderAnySpelling() throws IOException {
        FileChannel old = FileChannel.open(file, StandardOpenOption.READ);
        pool.give(dir.resolve("x").resolve("..").resolve("a.jzm"), fileKey(file), old, false);
        pool.closeAll(file);
        assertThat(old.isOpen()).isFalse();
        assertThat(pool.size()).isZero();
    }

    @Test
    void thePoolKeepsAtMostItsCapacityClosingTheLeastRecentlyReturnedFirst() throws IOException {
        FileChannel[] channels = new FileChannel[4];
        for (int i = 0; i < channels.length; i++) {
            Path f = Files.write(dir.resolve("f" + i), new byte[] {(byte) i});
            channels[i] = FileChannel.open(f, StandardOpenOption.READ);
            pool.give(f, fileKey(f), channels[i], false);
        }
        assertThat(pool.size()).isEqualTo(3);
        assertThat(channels[0].isOpen()).isFalse();
        assertThat(channels[1].isOpen()).isTrue();
        assertThat(channels[3].isOpen()).isTrue();
    }

    @Test
    void aChannelIdleForTooLongIsClosedWhenThePoolIsNextUsed() throws IOException, InterruptedException {
        IdleChannels quick = new IdleChannels(3, 1_000_000L);
        FileChannel old = FileChannel.open(file, StandardOpenOption.READ);
        quick.give(file, fileKey(file), old, false);
        Thread.sleep(20);
        Path other = Files.write(dir.resolve("b.jzm"), new byte[] {1});
        assertThat(quick.take(other, fileKey(other), false)).isNull();
        assertThat(old.isOpen()).isFalse();
        assertThat(quick.size()).isZero();
    }

    @Test
    void anEncryptedFilesChannelGoesOnlyToAReaderAllowedToCacheItsChunks() throws IOException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
        pool.give(file, fileKey(file), channel, true);
        assertThat(pool.take(file, fileKey(file), false)).isNull();
        assertThat(pool.size(file)).isEqualTo(1);
        assertThat(pool.take(file, fileKey(file), true)).isSameAs(channel);
        channel.close();
    }

    @Test
    void anInterruptedReadersChannelIsNeverHandedOutAgain() throws IOException {
        try (ByteSource source = ByteSource.openReusing(file, pool, false)) {
            source.returnChannelOnClose(false);
            Thread.currentThread().interrupt();
            try {
                // The interrupt closes the channel during the read.
                assertThatThrownBy(() -> source.read(0, 3)).isInstanceOf(JazminIoException.class);
            } finally {
                Thread.interrupted();
            }
        }
        assertThat(pool.size(file)).isZero();
        try (ByteSource next = ByteSource.openReusing(file, pool, false)) {
            assertThat(next.reusedChannel()).isFalse();
            assertThat(next.read(0, 3)).containsExactly(1, 2, 3);
        }
    }

    @Test
    void aClosedSourceNoLongerReadsTheChannelItReturned() throws IOException {
        ByteSource first = ByteSource.openReusing(file, pool, false);
        first.returnChannelOnClose(false);
        first.close();
        first.close(); // a second close does not return it twice
        assertThat(pool.size(file)).isEqualTo(1);
        assertThatThrownBy(() -> first.read(0, 3)).isInstanceOf(JazminIoException.class);
        try (ByteSource second = ByteSource.openReusing(file, pool, false)) {
            assertThat(second.reusedChannel()).isTrue();
            assertThat(second.read(0, 3)).containsExactly(1, 2, 3);
        }
    }

    @Test
    void sourcesNotOpenedForReuseNeverReturnTheirChannel() throws IOException {
        try (ByteSource source = ByteSource.open(file)) {
            source.returnChannelOnClose(false);
        }
        try (ByteSource bytes = ByteSource.of(new byte[] {1})) {
            bytes.returnChannelOnClose(false);
        }
        assertThat(IdleChannels.shared().size(file)).isZero();
        assertThat(pool.size()).isZero();
    }

    /** Leaves one idle channel of {@code path} in the pool. */
    private void returnOneChannel(Path path) throws IOException {
        try (ByteSource source = ByteSource.openReusing(path, pool, false)) {
            source.returnChannelOnClose(false);
        }
        assertThat(pool.size(path)).isEqualTo(1);
    }

    private static Object fileKey(Path path) throws IOException {
        return Files.readAttributes(path, BasicFileAttributes.class).fileKey();
    }
}
