package io.jazmin.internal.compress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.parallel.FanOut;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Deflate with full-flush points: one ordinary stream, each piece also inflating on its own. */
class FlushedDeflateTest {
    private static final byte[] RAW = raw();
    private static final int[] STARTS = {0, 10_000, 10_100, 60_000};

    private static byte[] raw() {
        Random random = new Random(11);
        byte[] out = new byte[100_000];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) (random.nextInt(30) == 0 ? random.nextInt(256) : 'a' + (i / 11) % 7);
        }
        return out;
    }

    @Test
    void eachPieceInflatesOnItsOwnAndTheWholeAsOneStream() {
        for (int level : new int[] {Compression.DEFAULT_LEVEL, 0, 1, 9}) {
            FlushedDeflate.Flushed packed = FlushedDeflate.deflate(level, RAW, RAW.length, STARTS, FanOut.CALLER_ONLY);
            byte[] stored = packed.bytes();
            assertThat(packed.storedOffsets()).hasSize(STARTS.length).startsWith(0);
            assertThat(Compression.decompress(1, stored, 0, stored.length, RAW.length)).as("level %d", level)
                    .isEqualTo(RAW);
            SectionPayload payload = Compression.decompressFlushed(1, stored, 0, stored.length, RAW.length,
                    new FlushPoints(STARTS, packed.storedOffsets()));
            assertThat(payload.streamCount()).isEqualTo(STARTS.length);
            for (int k = STARTS.length - 1; k >= 0; k--) { // last first: nothing depends on what comes before
                int end = k + 1 < STARTS.length ? STARTS[k + 1] : RAW.length;
                assertThat(payload.stream(k)).isEqualTo(Arrays.copyOfRange(RAW, STARTS[k], end));
            }
            assertThat(payload.whole()).isEqualTo(RAW);
        }
    }

    @Test
    void aStreamsPrefixInflatesAloneToItsFirstBytes() {
        FlushedDeflate.Flushed packed = FlushedDeflate.deflate(Compression.DEFAULT_LEVEL, RAW, RAW.length, STARTS,
                FanOut.CALLER_ONLY);
        byte[] stored = packed.bytes();
        SectionPayload payload = Compression.decompressFlushed(1, stored, 0, stored.length, RAW.length,
                new FlushPoints(STARTS, packed.storedOffsets()));
        for (int k = 0; k < STARTS.length; k++) {
            int raw = (k + 1 < STARTS.length ? STARTS[k + 1] : RAW.length) - STARTS[k];
            for (int end : new int[] {0, 1, raw / 3, raw - 1}) {
                assertThat(payload.streamPrefix(k, end)).as("stream %d to %d", k, end)
                        .isEqualTo(Arrays.copyOfRange(RAW, STARTS[k], STARTS[k] + end));
            }
            // Up to its end, or once inflated whole: the whole stream, checked.
            assertThat(payload.streamPrefix(k, raw)).isEqualTo(Arrays.copyOfRange(RAW, STARTS[k], STARTS[k] + raw));
            assertThat(payload.streamPrefix(k, 1)).isSameAs(payload.stream(k));
        }
        // Stream 2 cut short (the last point dropped, its data cut): a prefix short of the cut reads, one
        // past it and the whole stream are format errors.
        byte[] cut = Arrays.copyOf(stored, packed.storedOffsets()[3] - 40);
        SectionPayload damaged = SectionPayload.flushed(cut, 0, cut.length, RAW.length, new FlushPoints(
                Arrays.copyOf(STARTS, 3), Arrays.copyOf(packed.storedOffsets(), 3)));
        assertThat(damaged.streamPrefix(2, 500)).isEqualTo(Arrays.copyOfRange(RAW, STARTS[2], STARTS[2] + 500));
        assertThatThrownBy(() -> damaged.streamPrefix(2, RAW.length - STARTS[2] - 1))
                .isInstanceOf(JazminFormatException.class).hasMessageContaining("Deflate");
        assertThatThrownBy(() -> damaged.stream(2)).isInstanceOf(JazminFormatException.class);
    }

    @Test
    void aRangedPayloadsStreamsAndPrefixesAreThoseOfTheWholeStoredPart() {
        FlushedDeflate.Flushed packed = FlushedDeflate.deflate(Compression.DEFAULT_LEVEL, RAW, RAW.length, STARTS,
                FanOut.CALLER_ONLY);
        byte[] stored = packed.bytes();
        FlushPoints points = new FlushPoints(STARTS, packed.storedOffsets());
        int[] fetched = new int[STARTS.length];
        // Each stream's stored bytes copied out on their own, as a remote source fetches them.
        StoredStreams streams = new StoredStreams() {
            @Override
            public Slice stored(int k) {
                fetched[k]++;
                int from = packed.storedOffsets()[k];
                int to = k + 1 < STARTS.length ? packed.storedOffsets()[k + 1] : stored.length;
                return new Slice(Arrays.copyOfRange(stored, from, to), 0, to - from);
            }

            @Override
            public int rawLength() {
                return RAW.length;
            }

            @Override
            public void fetch(java.util.BitSet wanted) {
                // each stream is fetched by stored(k), as counted above
            }
        };
        SectionPayload ranged = SectionPayload.ranged(streams, stored.length, points);
        for (int k = 0; k < STARTS.length; k++) {
            int raw = ranged.streamLength(k);
            byte[] into = new byte[raw];
            ranged.streamPrefix(k, raw / 2, into);
            assertThat(Arrays.copyOf(into, raw / 2)).as("stream %d into a buffer", k)
                    .isEqualTo(Arrays.copyOfRange(RAW, STARTS[k], STARTS[k] + raw / 2));
            assertThat(ranged.streamPrefix(k, raw / 3)).isEqualTo(Arrays.copyOfRange(RAW, STARTS[k], STARTS[k] + raw / 3));
            assertThat(fetched[k]).as("nothing kept before the whole stream is read").isEqualTo(2);
            assertThat(ranged.stream(k)).isEqualTo(Arrays.copyOfRange(RAW, STARTS[k], STARTS[k] + raw));
        }
        assertThat(ranged.whole()).isEqualTo(RAW);
        assertThatThrownBy(() -> ranged.streamPrefix(0, STARTS[1], new byte[STARTS[1]]))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * Pieces on which each setting wins: numbered items (level 5), random four-letter text (no repeat worth a
     * match: Huffman codes alone), 40-letter values from a pool of 50 (level 9 FILTERED, finding the longest
     * matches), four-letter words from 30 (level 6: short matches count, which FILTERED passes over).
     */
    private static final int[] MIXED_STARTS = {0, 30_000, 60_000, 90_000};

    private static byte[] mixed() {
        StringBuilder sb = new StringBuilder();
        Random random = new Random(5);
        for (int i = 0; sb.length() < MIXED_STARTS[1]; i++) {
            sb.append("item-").append(i).append('-').append(i % 10).append(';');
        }
        sb.setLength(MIXED_STARTS[1]);
        while (sb.length() < MIXED_STARTS[2]) {
            sb.append("acgt".charAt(random.nextInt(4)));
        }
        String[] values = letters(random, 50, 40);
        while (sb.length() < MIXED_STARTS[3]) {
            sb.append(values[random.nextInt(values.length)]).append(';');
        }
        sb.setLength(MIXED_STARTS[3]);
        String[] words = letters(random, 30, 4);
        while (sb.length() < 120_000) {
            sb.append(words[random.nextInt(words.length)]).append(' ');
        }
        sb.setLength(120_000);
        return sb.toString().getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    private static String[] letters(Random random, int count, int length) {
        String[] out = new String[count];
        for (int i = 0; i < count; i++) {
            char[] c = new char[length];
            for (int k = 0; k < length; k++) {
                c[k] = (char) ('a' + random.nextInt(26));
            }
            out[i] = new String(c);
        }
        return out;
    }

    private static byte[] piece(FlushedDeflate.Flushed packed, int k) {
        int end = k + 1 < packed.storedOffsets().length ? packed.storedOffsets()[k + 1] : packed.bytes().length;
        return Arrays.copyOfRange(packed.bytes(), packed.storedOffsets()[k], end);
    }

    private static FlushedDeflate.Flushed pass(StreamSetting setting, byte[] raw) {
        StreamSetting[] all = new StreamSetting[MIXED_STARTS.length];
        Arrays.fill(all, setting);
        return FlushedDeflate.deflate(all, raw, raw.length, MIXED_STARTS);
    }

    @Test
    void theDefaultSettingTakesACostlierPassPieceByPieceOnlyWhereItGainsMoreThanATenthOfAPercent() {
        byte[] raw = mixed();
        List<FlushedDeflate.Flushed> passes = new java.util.ArrayList<>();
        for (StreamSetting setting : StreamSetting.values()) {
            if (setting != StreamSetting.STORED) { // every piece here saves more than a fifth (see StoredPieceTest)
                passes.add(pass(setting, raw));
            }
        }
        assertThat(pass(StreamSetting.STANDARD, raw).bytes())
                .isEqualTo(FlushedDeflate.deflate(6, raw, raw.length, MIXED_STARTS, FanOut.CALLER_ONLY).bytes());
        // The compressed choice, before level 1 takes the streams it is close on (see the next test).
        FlushedDeflate.Flushed best = FlushedDeflate.foldCompressed(passes);
        assertThat(best.settings()).containsExactly(StreamSetting.LEVEL_5, StreamSetting.HUFFMAN_ONLY,
                StreamSetting.FILTERED, StreamSetting.STANDARD);
        for (int k = 0; k < MIXED_STARTS.length; k++) {
            // From the cheapest: a costlier setting only where shorter by more than 1/SECOND_PASS_GAIN.
            FlushedDeflate.Flushed expected = passes.get(0);
            for (FlushedDeflate.Flushed costlier : passes.subList(1, passes.size())) {
                long gain = piece(expected, k).length - piece(costlier, k).length;
                expected = gain * FlushedDeflate.SECOND_PASS_GAIN > piece(expected, k).length ? costlier : expected;
            }
            assertThat(piece(best, k)).as("piece %d", k).isEqualTo(piece(expected, k));
            assertThat(expected.settings()[k]).isEqualTo(best.settings()[k]);
            // Each piece's winner is shorter than level 6 alone, or level 6 itself.
            assertThat(piece(best, k).length).isLessThanOrEqualTo(piece(pass(StreamSetting.STANDARD, raw), k).length);
        }
        for (FlushedDeflate.Flushed pass : passes) {
            assertThat(best.bytes().length).isLessThan(pass.bytes().length);
        }
        // One pass switching settings between pieces writes the same bytes: a full flush forgets the past.
        assertThat(FlushedDeflate.deflate(best.settings(), raw, raw.length, MIXED_STARTS).bytes())
                .isEqualTo(best.bytes());
        assertThat(Compression.decompress(1, best.bytes(), 0, best.bytes().length, raw.length)).isEqualTo(raw);
        SectionPayload payload = Compression.decompressFlushed(1, best.bytes(), 0, best.bytes().length, raw.length,
                new FlushPoints(MIXED_STARTS, best.storedOffsets()));
        for (int k = MIXED_STARTS.length - 1; k >= 0; k--) {
            int end = k + 1 < MIXED_STARTS.length ? MIXED_STARTS[k + 1] : raw.length;
            assertThat(payload.stream(k)).isEqualTo(Arrays.copyOfRange(raw, MIXED_STARTS[k], end));
        }
        assertThatThrownBy(() -> FlushedDeflate.deflate(new StreamSetting[2], raw, raw.length, MIXED_STARTS))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aStreamTakesLevelOneWhereThatMakesItLongerByAtMostAHundredAndTwentyEighthOfItsRawBytes() {
        byte[] raw = mixed();
        FlushedDeflate.Flushed compressed = FlushedDeflate.foldCompressed(
                FanOut.CALLER_ONLY.all(FlushedDeflate.passes(Compression.DEFAULT_LEVEL, raw, raw.length, MIXED_STARTS)));
        FlushedDeflate.Flushed fast = pass(StreamSetting.FAST, raw);
        FlushedDeflate.Flushed best = FlushedDeflate.deflate(Compression.DEFAULT_LEVEL, raw, raw.length, MIXED_STARTS,
                FanOut.CALLER_ONLY);
        // Level 1 is 119 bytes longer than level 9 FILTERED on the 30,000 bytes of 40-letter values (within 234),
        // 276 longer than level 5 on the numbered items: only the former takes it.
        assertThat(best.settings()).containsExactly(StreamSetting.LEVEL_5, StreamSetting.HUFFMAN_ONLY,
                StreamSetting.FAST, StreamSetting.STANDARD);
        for (int k = 0; k < MIXED_STARTS.length; k++) {
            int rawLength = (k + 1 < MIXED_STARTS.length ? MIXED_STARTS[k + 1] : raw.length) - MIXED_STARTS[k];
            long longer = piece(fast, k).length - piece(compressed, k).length;
            boolean close = longer * FlushedDeflate.FAST_SLACK <= rawLength;
            assertThat(piece(best, k)).as("piece %d, %d bytes longer at level 1", k, longer)
                    .isEqualTo(piece(close ? fast : compressed, k));
        }
        // Judged on a stream's pieces together: with the last two one stream, level 1 is too long there.
        int[] pieceStream = {0, 1, 2, 2};
        assertThat(FlushedDeflate.deflate(Compression.DEFAULT_LEVEL, raw, raw.length, MIXED_STARTS, pieceStream,
                FanOut.CALLER_ONLY).settings()).containsExactly(StreamSetting.LEVEL_5, StreamSetting.HUFFMAN_ONLY,
                StreamSetting.FILTERED, StreamSetting.STANDARD);
        // One pass with the settings chosen gives the same bytes, which inflate back.
        assertThat(FlushedDeflate.deflate(best.settings(), raw, raw.length, MIXED_STARTS).bytes()).isEqualTo(best.bytes());
        assertThat(Compression.decompress(1, best.bytes(), 0, best.bytes().length, raw.length)).isEqualTo(raw);
    }

    @Test
    void aSmallPayloadGetsOneStandardPassAndALargerOneEveryPass() {
        byte[] raw = mixed();
        int[] smallStarts = {0, 100, 400};
        List<java.util.concurrent.Callable<FlushedDeflate.Flushed>> small =
                FlushedDeflate.passes(Compression.DEFAULT_LEVEL, raw, FlushedDeflate.SMALL_PAYLOAD, smallStarts);
        assertThat(small).hasSize(1);
        FlushedDeflate.Flushed one = FlushedDeflate.deflate(Compression.DEFAULT_LEVEL, raw, FlushedDeflate.SMALL_PAYLOAD,
                smallStarts, FanOut.CALLER_ONLY);
        assertThat(one.settings()).containsOnly(StreamSetting.STANDARD);
        assertThat(Compression.decompress(1, one.bytes(), 0, one.bytes().length, FlushedDeflate.SMALL_PAYLOAD))
                .isEqualTo(Arrays.copyOf(raw, FlushedDeflate.SMALL_PAYLOAD));
        assertThat(FlushedDeflate.passes(Compression.DEFAULT_LEVEL, raw, FlushedDeflate.SMALL_PAYLOAD + 1, smallStarts))
                .hasSize(StreamSetting.values().length);
    }

    @Test
    void theFlushesCostFewBytes() {
        byte[] whole = Compression.compress(io.jazmin.schema.Codec.DEFLATE, Compression.DEFAULT_LEVEL, RAW, RAW.length);
        byte[] flushed = FlushedDeflate.deflate(Compression.DEFAULT_LEVEL, RAW, RAW.length, STARTS,
                FanOut.CALLER_ONLY).bytes();
        assertThat(flushed.length).isGreaterThan(whole.length).isLessThan(whole.length + whole.length / 20);
    }

    @Test
    void pointsMustStartAtZeroAscendAndLieInside() {
        assertThatThrownBy(() -> FlushPoints.of(new int[] {1, 5}, new int[] {0, 3}, 0, 2))
                .isInstanceOf(JazminFormatException.class).hasMessageContaining("start at offset 0");
        assertThatThrownBy(() -> FlushPoints.of(new int[] {0, 5, 5}, new int[] {0, 3, 4}, 0, 3))
                .isInstanceOf(JazminFormatException.class).hasMessageContaining("does not follow");
        assertThatThrownBy(() -> FlushPoints.of(new int[] {0, 5}, new int[] {0, 0}, 0, 2))
                .isInstanceOf(JazminFormatException.class).hasMessageContaining("does not follow");
        FlushPoints outside = FlushPoints.of(new int[] {0, 50}, new int[] {0, 30}, 0, 2);
        assertThatThrownBy(() -> Compression.decompressFlushed(1, new byte[30], 0, 30, 100, outside))
                .isInstanceOf(JazminFormatException.class).hasMessageContaining("lies outside");
        assertThatThrownBy(() -> Compression.decompressFlushed(1, new byte[40], 0, 40, 50, outside))
                .isInstanceOf(JazminFormatException.class).hasMessageContaining("lies outside");
    }

    @Test
    void piecesThatDoNotInflateToTheirLengthsAreFormatErrors() {
        FlushedDeflate.Flushed packed = FlushedDeflate.deflate(6, RAW, RAW.length, STARTS, FanOut.CALLER_ONLY);
        byte[] stored = packed.bytes();
        int[] at = packed.storedOffsets();
        // A raw point one byte late: piece 0 then holds more than the points say, piece 1 less.
        int[] late = STARTS.clone();
        late[1]++;
        SectionPayload shifted = Compression.decompressFlushed(1, stored, 0, stored.length, RAW.length,
                new FlushPoints(late, at));
        assertThatThrownBy(() -> shifted.stream(0)).isInstanceOf(JazminFormatException.class)
                .hasMessageContaining("truncated Deflate data at a column flush point");
        assertThatThrownBy(() -> shifted.stream(1)).isInstanceOf(JazminFormatException.class)
                .hasMessageContaining("does not end where its flush points say");
        // A stored point inside compressed data, and a last piece claiming more than the stream ends with.
        int[] inside = at.clone();
        inside[2] += 3;
        SectionPayload wrong = Compression.decompressFlushed(1, stored, 0, stored.length, RAW.length,
                new FlushPoints(STARTS, inside));
        assertThatThrownBy(() -> wrong.stream(2)).isInstanceOf(JazminFormatException.class);
        SectionPayload longer = Compression.decompressFlushed(1, stored, 0, stored.length, RAW.length + 5,
                new FlushPoints(STARTS, at));
        assertThatThrownBy(() -> longer.stream(3)).isInstanceOf(JazminFormatException.class)
                .hasMessageContaining("inflates to");
        // A middle piece must not end the stream: the last piece read as if it were a middle one.
        byte[] more = Arrays.copyOf(stored, stored.length + 10);
        SectionPayload ended = Compression.decompressFlushed(1, more, 0, more.length, RAW.length + 10,
                new FlushPoints(new int[] {0, 10_000, 10_100, 60_000, RAW.length}, new int[] {0, at[1], at[2], at[3],
                        stored.length}));
        assertThatThrownBy(() -> ended.stream(3)).isInstanceOf(JazminFormatException.class)
                .hasMessageContaining("does not end where its flush points say");
    }

    @Test
    void otherCodecsIgnoreThePoints() {
        SectionPayload plain = Compression.decompressFlushed(0, RAW, 0, RAW.length, RAW.length,
                new FlushPoints(STARTS, STARTS));
        assertThat(plain.streamCount()).isZero();
        assertThat(plain.whole()).isEqualTo(RAW);
    }
}
