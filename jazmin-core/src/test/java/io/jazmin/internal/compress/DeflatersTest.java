package io.jazmin.internal.compress;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;

/**
 * Deflate streams kept per thread ({@link Deflaters}) give the bytes of a new stream with the same
 * settings, whatever the streams compressed before: passes of different levels and strategies,
 * flushed payloads that switch settings between pieces, and passes stopped at their limit.
 */
class DeflatersTest {
    private static final int[] STRATEGIES = {Deflater.DEFAULT_STRATEGY, Deflater.FILTERED, Deflater.HUFFMAN_ONLY};

    private static byte[] raw(int seed, int length) {
        Random random = new Random(seed);
        byte[] out = new byte[length];
        for (int i = 0; i < length; i++) {
            out[i] = (byte) (random.nextInt(9) == 0 ? random.nextInt(256) : 'a' + (i / (seed % 5 + 2)) % 11);
        }
        return out;
    }

    /** What a stream of its own makes of {@code raw}. */
    private static byte[] fresh(int level, int strategy, byte[] raw) {
        return DefaultDeflateTest.jdkDeflate(raw, level, strategy);
    }

    @Test
    void keptStreamsGiveTheBytesOfNewOnesAfterAnyEarlierPass() {
        Random order = new Random(5);
        for (int pass = 0; pass < 200; pass++) {
            int level = order.nextInt(10);
            int strategy = STRATEGIES[order.nextInt(STRATEGIES.length)];
            byte[] raw = raw(pass, 1 + order.nextInt(order.nextBoolean() ? 300 : 70_000));
            if (order.nextInt(8) == 0) {
                // A pass stopped at its limit leaves a stream part way: the next one must not see it.
                assertThat(Deflate.deflateBelow(level, strategy, raw, raw.length, 8)).isNull();
            }
            assertThat(Deflate.deflate(level, strategy, raw, raw.length))
                    .as("pass %d, level %d, strategy %d", pass, level, strategy)
                    .isEqualTo(fresh(level, strategy, raw));
        }
    }

    @Test
    void aFlushedPayloadSwitchingSettingsLeavesNoTraceInTheNextPass() {
        byte[] raw = raw(7, 40_000);
        int[] starts = {0, 9_000, 20_000};
        StreamSetting[] settings = {StreamSetting.STANDARD, StreamSetting.FILTERED, StreamSetting.HUFFMAN_ONLY};
        byte[] first = FlushedDeflate.deflate(settings, raw, raw.length, starts).bytes();
        for (int round = 0; round < 3; round++) {
            // Kept at the last piece's setting (level 6, HUFFMAN_ONLY): taken by a whole pass with those
            // settings; the next flushed payload starts with level 6, DEFAULT_STRATEGY, as the pass after.
            assertThat(Deflate.deflate(6, Deflater.HUFFMAN_ONLY, raw, raw.length))
                    .isEqualTo(fresh(6, Deflater.HUFFMAN_ONLY, raw));
            assertThat(Deflate.deflate(6, Deflater.DEFAULT_STRATEGY, raw, raw.length))
                    .isEqualTo(fresh(6, Deflater.DEFAULT_STRATEGY, raw));
            assertThat(FlushedDeflate.deflate(settings, raw, raw.length, starts).bytes()).isEqualTo(first);
        }
    }
}
