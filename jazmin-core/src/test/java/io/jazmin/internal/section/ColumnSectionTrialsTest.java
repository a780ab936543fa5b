package io.jazmin.internal.section;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.internal.compress.Compression;
import io.jazmin.internal.compress.FlushedDeflate;
import io.jazmin.internal.parallel.FanOut;
import io.jazmin.schema.Codec;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ExecutorService;
import org.junit.jupiter.api.Test;

/**
 * A table's first chunk part tries its Deflate passes on several threads: the part written, its flush
 * points and the settings it chose are those of the passes run one after the other.
 */
class ColumnSectionTrialsTest {
    private static final int[] STARTS = {0, 20_000, 20_300, 70_000};

    /** Streams of different kinds: a repeated text, random bytes, a few symbols, a run. */
    private static byte[] raw(long seed) {
        Random random = new Random(seed);
        byte[] out = new byte[90_000];
        for (int i = 0; i < out.length; i++) {
            if (i < STARTS[1]) {
                String word = "customer-" + (i / 16) % 500 + ";";
                out[i] = (byte) word.charAt(i % 16 % word.length());
            } else if (i < STARTS[2]) {
                out[i] = (byte) random.nextInt(256);
            } else if (i < STARTS[3]) {
                out[i] = (byte) ('0' + random.nextInt(10));
            } else {
                out[i] = (byte) (i / 1000);
            }
        }
        return out;
    }

    @Test
    void passesOnSeveralThreadsWriteWhatOneThreadWrites() {
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            for (long seed = 1; seed <= 3; seed++) {
                byte[] raw = raw(seed);
                for (int level : new int[] {Compression.DEFAULT_LEVEL, 1, 9}) {
                    SectionWriter writer = new SectionWriter(Codec.DEFLATE, level);
                    // Tolerance 0 % may refuse the points (then the plain pass is written), 100 % keeps them.
                    for (int tolerance : new int[] {0, 100}) {
                        SectionWriter.ColumnSection alone = writer.columnSectionIfCheap("0/chunk/0/*", raw,
                                raw.length, STARTS, tolerance, FanOut.CALLER_ONLY);
                        for (Executor executor : Arrays.asList(pool, null)) {
                            SectionWriter.ColumnSection fanned = writer.columnSectionIfCheap("0/chunk/0/*", raw,
                                    raw.length, STARTS, tolerance, FanOut.on(executor, 3));
                            assertThat(fanned.section()).as("seed %d level %d", seed, level)
                                    .isEqualTo(alone.section());
                            assertThat(fanned.storedOffsets()).isEqualTo(alone.storedOffsets());
                            assertThat(fanned.streamSettings()).isEqualTo(alone.streamSettings());
                        }
                        if (tolerance == 100) {
                            assertThat(alone.storedOffsets()).isNotNull();
                            assertThat(alone.streamSettings()).isEqualTo(FlushedDeflate.deflate(level, raw,
                                    raw.length, STARTS, FanOut.CALLER_ONLY).settings());
                        }
                    }
                    assertThat(writer.columnSection("0/chunk/0/*", raw, raw.length, STARTS, FanOut.on(pool, 5)).section())
                            .isEqualTo(writer.columnSection("0/chunk/0/*", raw, raw.length, STARTS,
                                    FanOut.CALLER_ONLY).section());
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
