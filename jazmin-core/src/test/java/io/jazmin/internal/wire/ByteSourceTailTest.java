package io.jazmin.internal.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.error.JazminIoException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A local file's tail ({@link ByteSource#keepTail}): its last {@link ByteSource#LOCAL_TAIL} bytes are read
 * once, at the first read among them, and later reads inside them are served from that read; reads
 * reaching before it go to the file; no read among them, no tail read; the per-thread buffer holding it
 * serves one source at a time and comes back when the source closes.
 */
class ByteSourceTailTest {
    private static final int TAIL = ByteSource.LOCAL_TAIL;

    @TempDir
    Path dir;

    @Test
    void readsInsideTheTailComeFromTheOneReadAtTheFirstReadAmongIt() throws IOException {
        Path file = write("a", 3 * TAIL, 1);
        try (ByteSource source = ByteSource.open(file)) {
            source.keepTail(source.size() - 100); // local files keep LOCAL_TAIL bytes, whatever is asked
            byte[] kept = pattern(3 * TAIL, 1);
            assertThat(source.read(source.size() - 8, 8)).isEqualTo(Arrays.copyOfRange(kept, 3 * TAIL - 8, 3 * TAIL));
            overwrite(file, pattern(3 * TAIL, 2)); // same size: only a read now sees the change
            source.keepTail(0); // later calls keep what the first read kept
            long start = 2L * TAIL;
            assertThat(source.read(start, TAIL)).as("the whole tail, as read at the first call")
                    .isEqualTo(Arrays.copyOfRange(kept, (int) start, 3 * TAIL));
            assertThat(source.read(source.size() - 44, 44)).isEqualTo(Arrays.copyOfRange(kept, 3 * TAIL - 44, 3 * TAIL));
            assertThat(source.read(start - 1, 10)).as("reaching before the tail: read from the file")
                    .isEqualTo(Arrays.copyOfRange(pattern(3 * TAIL, 2), (int) start - 1, (int) start + 9));
            assertThat(source.read(0, 10)).isEqualTo(Arrays.copyOfRange(pattern(3 * TAIL, 2), 0, 10));
        }
    }

    @Test
    void aFileSmallerThanTheTailIsKeptWhole() throws IOException {
        Path file = write("small", 300, 3);
        try (ByteSource source = ByteSource.open(file)) {
            source.keepTail(200);
            assertThat(source.read(250, 10)).isEqualTo(Arrays.copyOfRange(pattern(300, 3), 250, 260));
            overwrite(file, pattern(300, 4));
            assertThat(source.read(0, 300)).isEqualTo(pattern(300, 3));
        }
    }

    @Test
    void noReadAmongTheTailReadsNoTail() throws IOException {
        Path file = write("warm", 2 * TAIL, 8);
        try (ByteSource source = ByteSource.open(file)) {
            source.keepTail(0); // an open that then finds its header and chunks in the shared cache
            assertThat(source.read(0, 10)).isEqualTo(Arrays.copyOfRange(pattern(2 * TAIL, 8), 0, 10));
            overwrite(file, pattern(2 * TAIL, 9));
            assertThat(source.read(2L * TAIL - 10, 10)).as("the tail is read only now, changed")
                    .isEqualTo(Arrays.copyOfRange(pattern(2 * TAIL, 9), 2 * TAIL - 10, 2 * TAIL));
            overwrite(file, pattern(2 * TAIL, 8));
            assertThat(source.read(TAIL, 10)).as("and kept from then on")
                    .isEqualTo(Arrays.copyOfRange(pattern(2 * TAIL, 9), TAIL, TAIL + 10));
        }
    }

    @Test
    void eachOpenSourceKeepsItsOwnTailAndAClosedOnesBufferServesTheNextOpen() throws IOException {
        Path a = write("a", TAIL + 5, 5);
        Path b = write("b", TAIL + 7, 6);
        Path c = write("c", 2 * TAIL, 7);
        ByteSource first = ByteSource.open(a);
        first.keepTail(0);
        assertThat(first.read(5, TAIL)).isEqualTo(Arrays.copyOfRange(pattern(TAIL + 5, 5), 5, TAIL + 5));
        try (ByteSource second = ByteSource.open(b)) {
            second.keepTail(0);
            // this thread's buffer is the first source's: the second gets its own
            assertThat(second.read(7, TAIL)).isEqualTo(Arrays.copyOfRange(pattern(TAIL + 7, 6), 7, TAIL + 7));
            assertThat(first.read(5, TAIL)).isEqualTo(Arrays.copyOfRange(pattern(TAIL + 5, 5), 5, TAIL + 5));
            first.close(); // its buffer comes back to this thread...
            try (ByteSource third = ByteSource.open(c)) {
                third.keepTail(0); // ...and holds this file's tail now
                assertThat(third.read(TAIL, TAIL)).isEqualTo(Arrays.copyOfRange(pattern(2 * TAIL, 7), TAIL, 2 * TAIL));
                assertThat(second.read(7, TAIL)).isEqualTo(Arrays.copyOfRange(pattern(TAIL + 7, 6), 7, TAIL + 7));
            }
        }
        assertThatThrownBy(() -> first.read(5, 10)).as("a closed source reads nothing, kept or not")
                .isInstanceOf(JazminIoException.class);
    }

    private Path write(String name, int size, int seed) throws IOException {
        return Files.write(dir.resolve(name), pattern(size, seed));
    }

    /** Bytes that differ from position to position and from seed to seed. */
    private static byte[] pattern(int size, int seed) {
        byte[] out = new byte[size];
        for (int i = 0; i < size; i++) {
            out[i] = (byte) (i * 31 + seed * 17 + (i >>> 8));
        }
        return out;
    }

    private static void overwrite(Path file, byte[] bytes) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(bytes), 0);
        }
    }
}
