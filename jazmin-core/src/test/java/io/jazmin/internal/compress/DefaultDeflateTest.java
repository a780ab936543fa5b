package io.jazmin.internal.compress;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jazmin.schema.Codec;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;

/**
 * The default Deflate setting is the shorter of level 6 and level 9 filtered, level 6 on a tie; for large
 * catalog sections ({@link DefaultDeflate#compressSampled}) the second pass runs only when it wins on a sample.
 */
class DefaultDeflateTest {
    private static final int LENGTH = 20_000;

    /** What a new JDK stream makes of {@code raw} (also {@link DeflatersTest}'s reference). */
    static byte[] jdkDeflate(byte[] raw, int level, int strategy) {
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

    /** {@link #hexHashes}, except zeros where the sample of {@code len} bytes looks (a tie there). */
    private static byte[] hexWithZerosWhereSampled(int len) {
        byte[] raw = hexHashes(len);
        int slice = Math.min(8 * 1024, len / 32);
        for (int k = 0; k < 4; k++) {
            Arrays.fill(raw, (int) ((long) (len - slice) * k / 3), (int) ((long) (len - slice) * k / 3) + slice, (byte) 0);
        }
        return raw;
    }

    /** Hexadecimal digits of a multiplicative hash, on which level 9 FILTERED is clearly shorter. */
    private static byte[] hexHashes(int len) {
        StringBuilder sb = new StringBuilder();
        for (long i = 0; sb.length() < len; i++) {
            sb.append(String.format("%08x", i * 2654435761L & 0xffffffffL));
        }
        return sb.substring(0, len).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    @Test
    void aLargeCatalogSectionRunsTheSecondPassOnlyWhenItWinsOnTheSample() {
        byte[] misled = hexWithZerosWhereSampled(DefaultDeflate.SAMPLED_FROM * 2);
        byte[] standard = jdkDeflate(misled, 6, Deflater.DEFAULT_STRATEGY);
        byte[] filtered = jdkDeflate(misled, 9, Deflater.FILTERED);
        assertTrue(filtered.length < standard.length); // the whole favours the second pass, the sample does not
        byte[] sampled = DefaultDeflate.compressSampled(Codec.DEFLATE, Compression.DEFAULT_LEVEL, misled, misled.length);
        // Zeros compress alike at every level: the sample shows level 4 as short as level 6.
        assertArrayEquals(jdkDeflate(misled, DefaultDeflate.QUICK_LEVEL, Deflater.DEFAULT_STRATEGY), sampled);
        assertArrayEquals(misled, Compression.decompress(Codec.DEFLATE.wireId(), sampled, 0, sampled.length, misled.length));

        byte[] values = hexHashes(DefaultDeflate.SAMPLED_FROM * 2);
        byte[] shorter = jdkDeflate(values, 9, Deflater.FILTERED);
        assertTrue(shorter.length < jdkDeflate(values, 6, Deflater.DEFAULT_STRATEGY).length);
        assertArrayEquals(shorter, DefaultDeflate.compressSampled(Codec.DEFLATE, Compression.DEFAULT_LEVEL, values, values.length));
    }

    @Test
    void belowTheSampledSizeBothPasses() {
        byte[] misled = hexWithZerosWhereSampled(DefaultDeflate.SAMPLED_FROM - 1);
        byte[] filtered = jdkDeflate(misled, 9, Deflater.FILTERED);
        assertTrue(filtered.length < jdkDeflate(misled, 6, Deflater.DEFAULT_STRATEGY).length);
        assertArrayEquals(filtered, DefaultDeflate.compressSampled(Codec.DEFLATE, Compression.DEFAULT_LEVEL, misled, misled.length));
        // An explicit level is never sampled.
        byte[] big = hexWithZerosWhereSampled(DefaultDeflate.SAMPLED_FROM * 2);
        assertArrayEquals(jdkDeflate(big, 9, Deflater.DEFAULT_STRATEGY), DefaultDeflate.compressSampled(Codec.DEFLATE, 9, big, big.length));
    }

    /** Sorted e-mail-like keys, each with its length before it: level 6 finds their longer matches. */
    private static byte[] sortedKeys(int len) {
        java.util.List<String> keys = new java.util.ArrayList<>();
        for (int i = 0; i < 8000; i++) {
            keys.add("user" + (i * 7919 % 100_000) + "@example.com");
        }
        java.util.Collections.sort(keys);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; sb.length() < len; i++) {
            String k = keys.get(i % keys.size());
            sb.append((char) k.length()).append(k).append((char) (i % 128));
        }
        return sb.substring(0, len).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    @Test
    void aLargeCatalogSectionUsesLevelFourOnlyWhereTheSampleShowsItAsShort() {
        byte[] keys = sortedKeys(DefaultDeflate.SAMPLED_FROM * 2);
        byte[] six = jdkDeflate(keys, 6, Deflater.DEFAULT_STRATEGY);
        byte[] four = jdkDeflate(keys, DefaultDeflate.QUICK_LEVEL, Deflater.DEFAULT_STRATEGY);
        assertTrue(six.length < four.length && six.length <= jdkDeflate(keys, 9, Deflater.FILTERED).length);
        assertArrayEquals(six, DefaultDeflate.compressSampled(Codec.DEFLATE, Compression.DEFAULT_LEVEL, keys, keys.length));
        // Not below the sampled size: there the default's two passes, as for every small section.
        byte[] small = sortedKeys(DefaultDeflate.SAMPLED_FROM - 1);
        assertArrayEquals(Compression.compress(Codec.DEFLATE, Compression.DEFAULT_LEVEL, small, small.length),
                DefaultDeflate.compressSampled(Codec.DEFLATE, Compression.DEFAULT_LEVEL, small, small.length));
    }

    /** Like a sorted id index's page: ascending ids with random gaps and random row numbers, as varints. */
    private static byte[] idPage(int len) {
        java.util.Random random = new java.util.Random(5);
        io.jazmin.internal.wire.ByteWriter out = new io.jazmin.internal.wire.ByteWriter(len + 16);
        for (long id = 0; out.size() < len; ) {
            id += 1 + random.nextInt(50);
            out.zigzag(id).varint(random.nextInt(200_000));
        }
        return java.util.Arrays.copyOf(out.toByteArray(), len);
    }

    @Test
    void aLargeCatalogSectionUsesLevelOneWhereTheSampleShowsItAlmostAsShort() {
        byte[] page = idPage(DefaultDeflate.SAMPLED_FROM * 2);
        byte[] six = jdkDeflate(page, 6, Deflater.DEFAULT_STRATEGY);
        byte[] one = jdkDeflate(page, DefaultDeflate.FAST_LEVEL, Deflater.DEFAULT_STRATEGY);
        assertTrue(one.length > six.length && one.length <= six.length + six.length / DefaultDeflate.FAST_TOLERANCE);
        assertArrayEquals(one, DefaultDeflate.compressSampled(Codec.DEFLATE, Compression.DEFAULT_LEVEL, page, page.length));
        // Sorted keys: level 1 is much longer there, so not it.
        byte[] keys = sortedKeys(DefaultDeflate.SAMPLED_FROM * 2);
        assertTrue(jdkDeflate(keys, DefaultDeflate.FAST_LEVEL, Deflater.DEFAULT_STRATEGY).length
                > jdkDeflate(keys, 6, Deflater.DEFAULT_STRATEGY).length * 1.05);
    }

    @Test
    void aSettingJudgedOnOneSectionCompressesAnAlikeOneWithoutItsOwnSample() {
        byte[] page = idPage(DefaultDeflate.SAMPLED_FROM * 2);
        byte[] keys = sortedKeys(DefaultDeflate.SAMPLED_FROM * 2);
        assertEquals(DefaultDeflate.Sampled.FAST, DefaultDeflate.judgeSampled(Codec.DEFLATE, Compression.DEFAULT_LEVEL, page, page.length));
        assertEquals(DefaultDeflate.Sampled.STANDARD, DefaultDeflate.judgeSampled(Codec.DEFLATE, Compression.DEFAULT_LEVEL, keys, keys.length));
        assertEquals(DefaultDeflate.Sampled.BOTH_PASSES, DefaultDeflate.judgeSampled(Codec.DEFLATE, Compression.DEFAULT_LEVEL,
                hexHashes(DefaultDeflate.SAMPLED_FROM * 2), DefaultDeflate.SAMPLED_FROM * 2));
        // Nothing sampled: a small section, an explicit level, another codec.
        assertNull(DefaultDeflate.judgeSampled(Codec.DEFLATE, Compression.DEFAULT_LEVEL, page, DefaultDeflate.SAMPLED_FROM - 1));
        assertNull(DefaultDeflate.judgeSampled(Codec.DEFLATE, 6, page, page.length));
        assertNull(DefaultDeflate.judgeSampled(Codec.BROTLI, Compression.DEFAULT_LEVEL, page, page.length));
        // The id page's level 1 applied to the keys, which their own sample would give level 6.
        io.jazmin.internal.section.SectionWriter sections = new io.jazmin.internal.section.SectionWriter(Codec.DEFLATE,
                Compression.DEFAULT_LEVEL);
        byte[] one = jdkDeflate(keys, DefaultDeflate.FAST_LEVEL, Deflater.DEFAULT_STRATEGY);
        assertArrayEquals(one, DefaultDeflate.compressSampled(DefaultDeflate.Sampled.FAST, keys, keys.length));
        byte[] judged = sections.catalogSection("k", keys, keys.length, DefaultDeflate.Sampled.FAST);
        byte[] own = sections.catalogSection("k", keys, keys.length, null);
        assertArrayEquals(sections.catalogSection("k", keys, keys.length), own);
        assertArrayEquals(one, Arrays.copyOfRange(judged, judged.length - one.length, judged.length));
        assertArrayEquals(jdkDeflate(keys, 6, Deflater.DEFAULT_STRATEGY), Arrays.copyOfRange(own,
                own.length - jdkDeflate(keys, 6, Deflater.DEFAULT_STRATEGY).length, own.length));
        // Below the sampled size the judged setting does not apply: the default's two passes, as always.
        byte[] small = sortedKeys(DefaultDeflate.SAMPLED_FROM - 1);
        assertArrayEquals(sections.catalogSection("s", small, small.length),
                sections.catalogSection("s", small, small.length, DefaultDeflate.Sampled.FAST));
    }
}
