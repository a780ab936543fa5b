package io.jazmin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.catalog.ChunkDirectory;
import io.jazmin.internal.table.SectionIds;
import io.jazmin.internal.wire.SectionEnvelope;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.testing.FileSections;
import io.jazmin.testing.FlushPointFiles;
import io.jazmin.testing.RangedBytes;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

/**
 * A column stream the writer stores (Deflate stored blocks between its flush points, read without an
 * inflater) is read back exactly, read whole and as a remote source reads it (its stream's range only,
 * no CRC-32 over the part); stored blocks crafted wrong (the section's CRC-32 made to match) fail with a
 * {@link JazminFormatException} naming the part's section, never with a wrong value.
 */
class StoredStreamsHostileTest {
    /** 2,000-row chunks: each balance stream about 8 KiB, saving some 16 % compressed, so stored. */
    private static final List<List<Object>> DATA = FlushPointFiles.rows(4_000);
    private static final byte[] FILE = FlushPointFiles.file(DATA,
            WriteOptions.defaults().withChunkRows(2_000).withColumnFlushPoints(true));
    private static final ChunkDirectory DIR = FileSections.of(FILE).firstDirectory(0);
    private static final int BALANCE = FlushPointFiles.BALANCE;
    /** Where chunk 0's balance stream starts in {@link #FILE}: its first stored block's header. */
    private static final int PIECE = (int) DIR.partOffsets()[0] + SectionEnvelope.SIZE
            + DIR.streamStoredOffsets().toArray()[BALANCE];
    private static final int RAW = DIR.streamOffsets().toArray()[BALANCE + 1] - DIR.streamOffsets().toArray()[BALANCE];

    @Test
    void theWriterStoresTheBalancesInOneBlockAndTheyReadBack() {
        assertThat(FILE[PIECE]).as("BFINAL 0, BTYPE 00").isZero();
        assertThat(u16(FILE, PIECE + 1)).as("LEN: the stream's raw length").isEqualTo(RAW);
        assertThat(u16(FILE, PIECE + 3)).as("NLEN").isEqualTo(~RAW & 0xFFFF);
        // Then the empty block of the full flush, and the next stream's flush point.
        assertThat(FILE[PIECE + 5 + RAW]).isZero();
        assertThat(u16(FILE, PIECE + 5 + RAW + 1)).isZero();
        assertThat(u16(FILE, PIECE + 5 + RAW + 3)).isEqualTo(0xFFFF);
        assertThat(DIR.streamStoredOffsets().toArray()[BALANCE + 1] - DIR.streamStoredOffsets().toArray()[BALANCE])
                .isEqualTo(RAW + 10);
        // The second chunk runs one pass with the first chunk's choice: its balances stored too.
        int columns = FlushPointFiles.COLUMNS.size();
        int second = (int) DIR.partOffsets()[1] + SectionEnvelope.SIZE + DIR.streamStoredOffsets().toArray()[columns + BALANCE];
        assertThat(FILE[second]).isZero();
        assertThat(u16(FILE, second + 1))
                .isEqualTo(DIR.streamOffsets().toArray()[columns + BALANCE + 1] - DIR.streamOffsets().toArray()[columns + BALANCE]);
        List<Object> expected = new ArrayList<>();
        DATA.forEach(row -> expected.add(row.get(BALANCE)));
        assertThat(balances(FILE)).isEqualTo(expected);
    }

    @Test
    void aWrongNlen() {
        assertRefused(f -> f[PIECE + 3] ^= 1);
    }

    @Test
    void aBlockOneByteShorterThanTheStream() {
        assertRefused(f -> setLength(f, PIECE, RAW - 1));
    }

    @Test
    void aBlockOneByteLongerThanTheStream() {
        assertRefused(f -> setLength(f, PIECE, RAW + 1));
    }

    @Test
    void theStoredBlockMarkedFixedHuffman() {
        assertRefused(f -> f[PIECE] = 0b010);
    }

    @Test
    void theFlushsEmptyBlockMarkedFixedHuffmanAfterTheStoredOne() {
        assertRefused(f -> f[PIECE + 5 + RAW] = 0b011);
    }

    @Test
    void aFinalBlockInAStreamBeforeTheLast() {
        assertRefused(f -> f[PIECE] = 1);
    }

    @Test
    void theFlushsEmptyBlockWithAWrongNlen() {
        assertRefused(f -> f[PIECE + 5 + RAW + 4] = 0);
    }

    /** {@code change} made to {@link #FILE}'s balance piece, the part's CRC-32 then made to match. */
    private static void assertRefused(Consumer<byte[]> change) {
        byte[] file = FILE.clone();
        change.accept(file);
        int part = (int) DIR.partOffsets()[0];
        int stored = (int) DIR.partLengths()[0] - SectionEnvelope.SIZE;
        SectionEnvelope env = SectionEnvelope.decode(FILE, part);
        CRC32 crc = new CRC32();
        crc.update(FILE, part + SectionEnvelope.SIZE, stored);
        assertThat(crc.getValue()).as("the envelope's CRC-32 at its bytes 12..16").isEqualTo(env.crc32());
        crc.reset();
        crc.update(file, part + SectionEnvelope.SIZE, stored);
        for (int i = 0; i < 4; i++) {
            file[part + 12 + i] = (byte) (crc.getValue() >>> (8 * i));
        }
        String section = SectionIds.chunkPart(0, DIR.ordinals()[0], SectionIds.DEFAULT_GROUP);
        for (boolean ranged : new boolean[] {false, true}) {
            assertThatThrownBy(() -> balances(file, ranged)).as(ranged ? "read as ranges" : "read whole")
                    .isInstanceOfSatisfying(JazminFormatException.class,
                            e -> assertThat(e.sectionId()).isEqualTo(section));
        }
        assertThatThrownBy(() -> {
            try (JazminReader reader = JazminReader.open(file, ReadOptions.defaults().withSharedCache(false))) {
                reader.table().sum("balance", null);
            }
        }).as("a column sum").isInstanceOfSatisfying(JazminFormatException.class,
                e -> assertThat(e.sectionId()).isEqualTo(section));
    }

    private static List<Object> balances(byte[] file) {
        List<Object> whole = balances(file, false);
        assertThat(balances(file, true)).as("read as ranges").isEqualTo(whole);
        return whole;
    }

    private static List<Object> balances(byte[] file, boolean ranged) {
        try (JazminReader reader = ranged ? JazminReader.open(new RangedBytes(file), ReadOptions.defaults())
                : JazminReader.open(file, ReadOptions.defaults().withSharedCache(false))) {
            return FlushPointFiles.column(reader, "balance");
        }
    }

    private static void setLength(byte[] file, int at, int length) {
        file[at + 1] = (byte) length;
        file[at + 2] = (byte) (length >>> 8);
        file[at + 3] = (byte) ~length;
        file[at + 4] = (byte) (~length >>> 8);
    }

    private static int u16(byte[] b, int at) {
        return (b[at] & 0xFF) | (b[at + 1] & 0xFF) << 8;
    }
}
