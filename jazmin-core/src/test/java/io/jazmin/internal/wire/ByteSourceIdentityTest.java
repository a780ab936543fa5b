package io.jazmin.internal.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A source's disk identity is fixed when first asked, after the open: it still names the file the
 * channel reads, and a path replaced or grown between the open and the question gives none.
 */
class ByteSourceIdentityTest {
    @TempDir
    Path dir;

    @Test
    void namesTheFileOpenedAndIsTheSameForEveryOpenOfIt() throws IOException {
        Path file = Files.write(dir.resolve("a.jzm"), new byte[] {1, 2, 3});
        try (ByteSource first = ByteSource.open(file); ByteSource second = ByteSource.open(file)) {
            DiskIdentity identity = first.identity();
            assertThat(identity).isNotNull();
            // Named by its key (device and inode) where the platform has one, else by its real path.
            assertThat(identity.realPath()).isEqualTo(identity.fileKey() != null ? null : file.toRealPath());
            assertThat(identity.size()).isEqualTo(3);
            assertThat(second.identity()).isEqualTo(identity);
            assertThat(first.identity()).isSameAs(identity); // fixed once
        }
    }

    /**
     * Where the platform names files by a key (device and inode), the path is not resolved: every name of
     * one file (a hard link, a symbolic link) reads the same bytes, so their identities are equal.
     */
    @Test
    void everyNameOfOneFileHasItsIdentity() throws IOException {
        Path file = Files.write(dir.resolve("a.jzm"), new byte[] {1, 2, 3});
        Path hardLink;
        try {
            hardLink = Files.createLink(dir.resolve("b.jzm"), file);
        } catch (UnsupportedOperationException e) {
            return; // no hard links here: nothing to compare
        }
        try (ByteSource first = ByteSource.open(file); ByteSource linked = ByteSource.open(hardLink)) {
            Assumptions.assumeTrue(first.identity() != null && first.identity().fileKey() != null,
                    "the platform has file keys");
            assertThat(linked.identity()).isEqualTo(first.identity());
            assertThat(first.identity().realPath()).isNull();
        }
    }

    @Test
    void aPathReplacedAfterTheOpenGivesNoIdentity() throws IOException {
        Path file = Files.write(dir.resolve("a.jzm"), new byte[] {1, 2, 3});
        try (ByteSource source = ByteSource.open(file)) {
            Path next = Files.write(dir.resolve("b.jzm"), new byte[] {4, 5, 6});
            Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            assertThat(source.identity()).isNull();
            assertThat(source.read(0, 3)).containsExactly(1, 2, 3); // the channel still reads the file it opened
        }
    }

    @Test
    void aFileGrownAfterTheOpenGivesNoIdentity() throws IOException {
        Path file = Files.write(dir.resolve("a.jzm"), new byte[] {1, 2, 3});
        try (ByteSource source = ByteSource.open(file)) {
            Files.write(file, new byte[] {4}, StandardOpenOption.APPEND);
            assertThat(source.identity()).isNull();
            assertThat(source.size()).isEqualTo(3);
        }
    }

    @Test
    void bytesInMemoryHaveNone() {
        assertThat(ByteSource.of(new byte[] {1}).identity()).isNull();
    }
}
