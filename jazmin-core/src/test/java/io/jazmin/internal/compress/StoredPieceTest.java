package io.jazmin.internal.compress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.parallel.FanOut;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Column streams the default Deflate setting stores, and stored pieces read without an inflater: a
 * stream is stored where no compressed setting saves a fifth of it (from 4 KiB), and a stored piece is
 * taken as it lies only in the writer's exact form; any other piece inflates as before.
 */
class StoredPieceTest {
    /**
     * Pieces: 20,000 random bytes of 256 values (nothing to save: stored), 20,000 of 128 (Huffman codes
     * save an eighth: stored), 2,000 random bytes (too short to store), 80,000 bytes of 16 values
     * (Huffman codes save half: compressed), 70,000 random bytes (stored in two blocks, the last piece).
     */
    private static final int[] STARTS = {0, 20_000, 40_000, 42_000, 122_000};
    private static final int LEN = 192_000;
    private static final byte[] RAW = raw();

    private static byte[] raw() {
        Random random = new Random(7);
        byte[] out = new byte[LEN];
        int[] values = {256, 128, 256, 16, 256};
        for (int k = 0; k < STARTS.length; k++) {
            int end = k + 1 < STARTS.length ? STARTS[k + 1] : LEN;
            for (int i = STARTS[k]; i < end; i++) {
                out[i] = (byte) random.nextInt(values[k]);
            }
        }
        return out;
    }

    private static final FlushedDeflate.Flushed PACKED = FlushedDeflate.deflate(Compression.DEFAULT_LEVEL, RAW, LEN,
            STARTS, FanOut.CALLER_ONLY);

    private static int rawLength(int k) {
        return (k + 1 < STARTS.length ? STARTS[k + 1] : LEN) - STARTS[k];
    }

    private static int storedEnd(FlushedDeflate.Flushed packed, int k) {
        return k + 1 < STARTS.length ? packed.storedOffsets()[k + 1] : packed.bytes().length;
    }

    @Test
    void aStreamIsStoredWhereNoCompressedSettingSavesAFifthAndItHasFourKibibytes() {
        // The random 2,000 bytes, too short to store, take level 1: no longer than Huffman codes by 1/128 of them.
        assertThat(PACKED.settings()).containsExactly(StreamSetting.STORED, StreamSetting.STORED,
                StreamSetting.FAST, StreamSetting.HUFFMAN_ONLY, StreamSetting.STORED);
        // The rule, piece by piece, against the compressed choice.
        List<FlushedDeflate.Flushed> passes = FanOut.CALLER_ONLY.all(
                FlushedDeflate.passes(Compression.DEFAULT_LEVEL, RAW, LEN, STARTS));
        FlushedDeflate.Flushed compressed = FlushedDeflate.foldCompressed(passes);
        for (int k = 0; k < STARTS.length; k++) {
            int piece = storedEnd(compressed, k) - compressed.storedOffsets()[k];
            boolean weak = (long) (rawLength(k) - piece) * FlushedDeflate.MIN_SAVING < rawLength(k);
            assertThat(PACKED.settings()[k] == StreamSetting.STORED).as("piece %d: %d of %d raw bytes", k, piece,
                    rawLength(k)).isEqualTo(weak && rawLength(k) >= FlushedDeflate.MIN_STORED_LENGTH);
        }
        // Stored: each block as long as a block holds, then the full flush's empty block (none after the last).
        assertThat(storedEnd(PACKED, 0) - PACKED.storedOffsets()[0]).isEqualTo(20_000 + 10);
        assertThat(storedEnd(PACKED, 4) - PACKED.storedOffsets()[4]).isEqualTo(70_000 + 10);
        // One pass with the settings chosen writes the same bytes, as a table's later chunks do.
        assertThat(FlushedDeflate.deflate(PACKED.settings(), RAW, LEN, STARTS).bytes()).isEqualTo(PACKED.bytes());
        // The whole payload is one ordinary Deflate stream.
        assertThat(Compression.decompress(1, PACKED.bytes(), 0, PACKED.bytes().length, LEN)).isEqualTo(RAW);
    }

    @Test
    void anExplicitLevelAndASmallPayloadStoreNothing() {
        assertThat(FlushedDeflate.deflate(6, RAW, LEN, STARTS, FanOut.CALLER_ONLY).settings()).isNull();
        byte[] small = Arrays.copyOf(RAW, FlushedDeflate.SMALL_PAYLOAD);
        assertThat(FlushedDeflate.deflate(Compression.DEFAULT_LEVEL, small, small.length, new int[] {0, 500},
                FanOut.CALLER_ONLY).settings()).containsOnly(StreamSetting.STANDARD);
    }

    @Test
    void storedStreamsAreReadWhereTheyLieAndCompressedOnesInflate() {
        SectionPayload payload = payload(PACKED.bytes());
        for (int k = 0; k < STARTS.length; k++) {
            byte[] expected = Arrays.copyOfRange(RAW, STARTS[k], STARTS[k] + rawLength(k));
            StoredStreams.Slice inPlace = payload.streamInPlace(k);
            // One block each: its data is the stream (piece 2 too, which zlib's Huffman pass stored, as it does
            // with what it cannot shorten).
            if (k <= 2) {
                assertThat(inPlace.bytes()).isSameAs(PACKED.bytes());
                assertThat(inPlace.offset()).isEqualTo(PACKED.storedOffsets()[k] + StoredPiece.HEADER);
                assertThat(Arrays.copyOfRange(inPlace.bytes(), inPlace.offset(), inPlace.offset() + inPlace.length()))
                        .isEqualTo(expected);
            } else { // compressed, or stored in two blocks (copied out of them without an inflater)
                assertThat(inPlace).as("stream %d", k).isNull();
            }
            assertThat(payload.stream(k)).isEqualTo(expected);
            byte[] into = new byte[rawLength(k)];
            payload(PACKED.bytes()).streamInto(k, into);
            assertThat(into).isEqualTo(expected);
            byte[] prefix = new byte[rawLength(k) - 1];
            payload(PACKED.bytes()).streamPrefix(k, prefix.length, prefix);
            assertThat(prefix).isEqualTo(Arrays.copyOf(expected, prefix.length));
        }
        assertThat(StoredPiece.of(PACKED.bytes(), PACKED.storedOffsets()[4], storedEnd(PACKED, 4)
                - PACKED.storedOffsets()[4], rawLength(4), true)).isNotNull();
    }

    /** Stored blocks not in the writer's form are not taken as they lie: inflated, they decode or fail typed. */
    @Test
    void onlyTheWritersFormIsTakenAsItLies() {
        byte[] s = PACKED.bytes();
        int at = PACKED.storedOffsets()[0];
        int len = storedEnd(PACKED, 0) - at;
        assertThat(StoredPiece.of(s, at, len, 20_000, false)).isNotNull();
        assertThat(StoredPiece.of(s, at, len, 20_000, true)).as("no final block").isNull();
        assertThat(StoredPiece.of(s, at, len, 19_999, false)).as("a raw length the blocks do not hold").isNull();
        assertThat(StoredPiece.of(s, at, len - 1, 20_000, false)).as("cut inside the empty block").isNull();
        assertThat(StoredPiece.of(s, at, len + 5, 20_000, false)).as("bytes past it").isNull();
        byte[] padded = s.clone();
        padded[at] = 0b1000; // padding bits set: an inflater ignores them, and inflates it
        assertThat(StoredPiece.of(padded, at, len, 20_000, false)).isNull();
        assertThat(payload(padded).stream(0)).isEqualTo(Arrays.copyOf(RAW, 20_000));
    }

    /**
     * Damaged stored blocks (no CRC-32 here, as a remote source's streams have none): each fails with a
     * {@link JazminFormatException}, whole, as a prefix and where it lies, never with other bytes.
     */
    @Test
    void damagedStoredBlocksFailTyped() {
        int at = PACKED.storedOffsets()[0];
        int raw = 20_000;
        List<java.util.function.Consumer<byte[]>> damage = List.of(
                b -> b[at + 3] ^= 0x10, // NLEN not LEN's complement
                b -> setLength(b, at, raw - 1), // one byte short of the stream
                b -> setLength(b, at, raw + 1), // one byte past it
                b -> b[at] = 0b010, // fixed Huffman codes where the data is stored
                b -> b[at] = 0b001, // a final block before the last stream
                b -> b[at + StoredPiece.HEADER + raw + 3] = 0, // the empty block's NLEN
                b -> b[at + StoredPiece.HEADER + raw] = 0b011); // a final fixed block after the stored one
        for (int d = 0; d < damage.size(); d++) {
            byte[] s = PACKED.bytes().clone();
            damage.get(d).accept(s);
            assertThat(StoredPiece.of(s, at, storedEnd(PACKED, 0) - at, raw, false)).as("damage %d", d).isNull();
            assertThat(payload(s).streamInPlace(0)).as("damage %d", d).isNull();
            assertThatThrownBy(() -> payload(s).stream(0)).as("damage %d", d)
                    .isInstanceOf(JazminFormatException.class);
            assertThatThrownBy(() -> payload(s).streamInto(0, new byte[raw])).as("damage %d", d)
                    .isInstanceOf(JazminFormatException.class);
        }
    }

    private static SectionPayload payload(byte[] stored) {
        return SectionPayload.flushed(stored, 0, stored.length, LEN, new FlushPoints(STARTS, PACKED.storedOffsets()));
    }

    private static void setLength(byte[] b, int at, int length) {
        b[at + 1] = (byte) length;
        b[at + 2] = (byte) (length >>> 8);
        b[at + 3] = (byte) ~length;
        b[at + 4] = (byte) (~length >>> 8);
    }
}
