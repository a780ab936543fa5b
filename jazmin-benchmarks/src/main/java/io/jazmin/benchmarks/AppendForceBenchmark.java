package io.jazmin.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The disk's floor under a one-thread save (issue 31), to run beside {@link SpringSaveBenchmark}: the
 * bytes one Spring save appends (about 1.6 KB of sections, then about 250 bytes of header and
 * trailer), written to a plain file with no encoding, no lock and no JAZMIN code at all, and made
 * durable with {@code FileChannel.force(false)} as our writer does.
 * <ul>
 *   <li>{@code forces=2}: the format's order (spec §1.24: sections, force, trailer, force). No
 *   JAZMIN save can be faster than this on the same disk.</li>
 *   <li>{@code forces=1}: both parts, then one force: "one fsync", the unit of issue 31's goal that a
 *   single save take at most twice one fsync.</li>
 * </ul>
 *
 * <pre>{@code java -jar jazmin-benchmarks/target/benchmarks.jar 'AppendForceBenchmark|SpringSaveBenchmark.save_1thread' -f 1}</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 1, time = 4)
@Measurement(iterations = 2, time = 6)
@Fork(value = 1, jvmArgsAppend = {"-Xms256m", "-Xmx256m"})
public class AppendForceBenchmark {
    /** Sections a one-entity save appends before its first force (measured: 1.6–1.8 KB a save, growing with the header). */
    static final int SECTION_BYTES = 1_500;
    /** The new header and trailer written after it. */
    static final int TRAILER_BYTES = 250;
    /** The file starts again after this many bytes, so no run grows one file without bound. */
    static final long RESTART_AT = 64L << 20;

    /** Forces per append: 2 as the format orders them, 1 for the "one fsync" unit. */
    @Param({"2", "1"})
    public int forces;

    private Path dir;
    private FileChannel channel;
    private long end;
    private final ByteBuffer sections = ByteBuffer.allocate(SECTION_BYTES);
    private final ByteBuffer trailer = ByteBuffer.allocate(TRAILER_BYTES);

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        // same temporary directory as SpringSaveBenchmark's stores, so both measure the same file system
        dir = Files.createTempDirectory("jazmin-append-force");
        ThreadLocalRandom.current().nextBytes(sections.array());
        ThreadLocalRandom.current().nextBytes(trailer.array());
        open();
    }

    private void open() throws IOException {
        Path file = dir.resolve("appends.bin");
        Files.deleteIfExists(file);
        channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        end = 0;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        channel.close();
        Files.deleteIfExists(dir.resolve("appends.bin"));
        Files.delete(dir);
    }

    @Benchmark
    @Threads(1)
    public long append_1thread() {
        try {
            if (end >= RESTART_AT) {
                channel.close();
                open();
            }
            end += write(sections, end);
            if (forces == 2) {
                channel.force(false);
            }
            end += write(trailer, end);
            channel.force(false);
            return end;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private int write(ByteBuffer bytes, long at) throws IOException {
        bytes.clear();
        int written = 0;
        while (bytes.hasRemaining()) {
            written += channel.write(bytes, at + written);
        }
        return written;
    }
}
