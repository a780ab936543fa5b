package io.jazmin.internal.compress;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jazmin.schema.Codec;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;

/** The default Deflate setting is the shorter of level 6 and level 9 filtered, level 6 on a tie. */
class DefaultDeflateTest {
    private static final int LENGTH = 20_000;

    private static byte[] jdkDeflate(byte[] raw, int level, int strategy) {
        Deflater d = new Deflater(level, true);
        d.setStrategy(strategy);
        d.setInput(raw);
        d.finish();
        byte[] out = new byte[raw.length * 2 + 1024];
        int n = 0;
        while (!d.finished()) {
            n += d.deflate(out, n, out.length - n);
        }
        d.end();
        return Arrays.copyOf(out, n);
    }

    private static void assertShorterOfBoth(byte[] raw, boolean filteredWins) {
        byte[] standard = jdkDeflate(raw, 6, Deflater.DEFAULT_STRATEGY);
        byte[] filtered = jdkDeflate(raw, 9, Deflater.FILTERED);
        // The data sets are chosen so that each setting wins once (and once neither).
        assertTrue(filteredWins ? filtered.length < standard.length : filtered.length >= standard.length);
        byte[] packed = Compression.compress(Codec.DEFLATE, Compression.DEFAULT_LEVEL, raw, raw.length);
        assertArrayEquals(filteredWins ? filtered : standard, packed);
        assertArrayEquals(raw, Compression.decompress(Codec.DEFLATE.wireId(), packed, 0, packed.length, raw.length));
    }

    @Test
    void levelNineFilteredWhenItIsShorter() {
        Random random = new Random(7);
        byte[] raw = new byte[LENGTH];
        for (int i = 0; i < raw.length; i++) {
            raw[i] = (byte) random.nextInt(4);
        }
        assertShorterOfBoth(raw, true);
    }

    @Test
    void levelSixWhenFilteredIsLongerEvenWhenItStopsEarly() {
        byte[] raw = new byte[LENGTH];
        for (int i = 0; i < raw.length; i++) {
            raw[i] = (byte) (i * i >>> 7);
        }
        assertShorterOfBoth(raw, false);
    }

    @Test
    void levelSixOnATie() {
        String words = "the quick brown fox jumps over a lazy dog ";
        byte[] raw = new byte[LENGTH];
        for (int i = 0; i < raw.length; i++) {
            raw[i] = (byte) words.charAt((i * 7 + i / 13) % words.length());
        }
        assertShorterOfBoth(raw, false);
    }
}
