package io.jazmin.internal.section;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.compress.SectionPayload;
import io.jazmin.internal.wire.ByteSource;
import io.jazmin.internal.wire.Preamble;
import io.jazmin.internal.wire.SectionEnvelope;
import io.jazmin.options.ReadLimits;
import io.jazmin.schema.Codec;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Lazily read plain Deflate sections longer than a block: checked whole (CRC-32) when read, kept
 * only as far as they are inflated, and any block fetched again checked against the bytes checked.
 */
class BlockedSectionReadTest {
    private static final String ID = "t/0/c/0/g";
    private static final byte[] RAW = raw();

    /** Four bits of entropy a byte: Deflate about halves it, so the section spans several blocks. */
    private static byte[] raw() {
        Random random = new Random(11);
        byte[] out = new byte[600_000];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) ('a' + random.nextInt(16));
        }
        return out;
    }

    /** A file of a preamble's room, the section, and some bytes the version ends at. */
    private static byte[] file(byte[] section) {
        byte[] file = new byte[Preamble.SIZE + section.length + 40];
        System.arraycopy(section, 0, file, Preamble.SIZE, section.length);
        return file;
    }

    private static byte[] deflated() {
        byte[] section = new SectionWriter(Codec.DEFLATE, 6).section(ID, RAW, RAW.length);
        assertThat(SectionEnvelope.decode(section, 0).codec()).isEqualTo(1);
        assertThat(section.length).as("several blocks").isGreaterThan(3 * CheckedBlocks.BLOCK);
        return section;
    }

    private static SectionReader reader(byte[] file) {
        return new SectionReader(ByteSource.of(file), file.length - 40);
    }

    private static SectionPayload read(byte[] file, int sectionLength) {
        return reader(file).readLazily(ID, Preamble.SIZE, sectionLength, null, null);
    }

    @Test
    void inflatesToTheSameBytesAsAWholeRead() {
        byte[] section = deflated();
        byte[] file = file(section);
        SectionReader reader = reader(file);
        SectionPayload payload = reader.readLazily(ID, Preamble.SIZE, section.length, null, null);
        assertThat(reader.bytesRead()).as("counted once").isEqualTo(section.length);
        assertThat(Arrays.copyOf(payload.upTo(5000), 5000)).isEqualTo(Arrays.copyOf(RAW, 5000));
        assertThat(payload.whole()).isEqualTo(RAW);
        assertThat(reader.read(ID, Preamble.SIZE, section.length)).isEqualTo(RAW);
        assertThat(reader.bytesRead()).isEqualTo(2L * section.length);
    }

    @Test
    void damageInABlockNeverInflatedIsFoundWhenTheSectionIsRead() {
        byte[] section = deflated();
        byte[] file = file(section);
        file[Preamble.SIZE + section.length - 3] ^= 0x10;
        assertThatThrownBy(() -> read(file, section.length)).isInstanceOf(JazminFormatException.class)
                .hasMessageContaining("CRC-32 mismatch").hasMessageContaining(ID);
    }

    @Test
    void bytesChangedAfterTheCheckAreFoundWhenFetched() {
        byte[] section = deflated();
        byte[] file = file(section);
        SectionPayload payload = read(file, section.length);
        byte[] head = Arrays.copyOf(payload.upTo(100), 100);
        // ByteSource.of reads the array itself: as if the file were changed in place after the check.
        file[Preamble.SIZE + SectionEnvelope.SIZE + 2 * CheckedBlocks.BLOCK + 5] ^= 0x01;
        assertThat(head).isEqualTo(Arrays.copyOf(RAW, 100));
        assertThatThrownBy(payload::whole).isInstanceOf(JazminFormatException.class)
                .hasMessageContaining("changed on disk since their CRC-32 was checked");
    }

    @Test
    void envelopeFaultsAreRefusedBeforeInflating() {
        byte[] section = deflated();
        byte[] shorter = file(section);
        assertThatThrownBy(() -> read(shorter, section.length - 1)).isInstanceOf(JazminFormatException.class)
                .hasMessageContaining("does not match its reference");
        byte[] flagged = file(section);
        flagged[Preamble.SIZE + 1] = SectionEnvelope.FLAG_ENCRYPTED;
        assertThatThrownBy(() -> read(flagged, section.length)).isInstanceOf(JazminFormatException.class)
                .hasMessageContaining("encrypted section in a file that is not encrypted");
        byte[] file = file(section);
        SectionReader strict = new SectionReader(ByteSource.of(file), file.length - 40, null,
                ReadLimits.defaults().withMaxSectionLength(section.length));
        assertThatThrownBy(() -> strict.readLazily(ID, Preamble.SIZE, section.length, null, null))
                .isInstanceOf(JazminFormatException.class).hasMessageContaining("declares a raw length of " + RAW.length);
    }

    @Test
    void aSectionPastTheFileIsRefused() {
        byte[] section = deflated();
        byte[] cut = Arrays.copyOf(file(section), Preamble.SIZE + section.length / 2);
        SectionReader reader = new SectionReader(ByteSource.of(cut), cut.length);
        assertThatThrownBy(() -> reader.readLazily(ID, Preamble.SIZE, section.length, null, null))
                .isInstanceOf(JazminFormatException.class).hasMessageContaining("outside the file's data");
    }

    @Test
    void sectionsStoredUncompressedAreReadWhole() {
        byte[] noise = new byte[3 * CheckedBlocks.BLOCK];
        new Random(5).nextBytes(noise);
        byte[] section = new SectionWriter(Codec.DEFLATE, 6).section(ID, noise, noise.length);
        assertThat(SectionEnvelope.decode(section, 0).codec()).as("store-raw rule").isZero();
        byte[] file = file(section);
        SectionReader reader = reader(file);
        assertThat(reader.readLazily(ID, Preamble.SIZE, section.length, null, null).upTo(1)).isEqualTo(noise);
        assertThat(reader.bytesRead()).as("counted once").isEqualTo(section.length);
    }

    @Test
    void theFirstBlockIsKeptAndTheOthersAreFetchedInOrder() {
        byte[] section = deflated();
        byte[] file = file(section);
        SectionPayload payload = read(file, section.length);
        file[Preamble.SIZE + SectionEnvelope.SIZE + 7] ^= 0x01; // in the first block: never read again
        assertThat(payload.whole()).isEqualTo(RAW);

        byte[] first = Arrays.copyOfRange(file(section), Preamble.SIZE + SectionEnvelope.SIZE,
                Preamble.SIZE + SectionEnvelope.SIZE + CheckedBlocks.BLOCK);
        long crc = SectionEnvelope.decode(section, 0).crc32();
        CheckedBlocks blocks = CheckedBlocks.check(ByteSource.of(file(section)), Preamble.SIZE + SectionEnvelope.SIZE,
                section.length - SectionEnvelope.SIZE, first, 0, crc);
        byte[] into = new byte[CheckedBlocks.BLOCK];
        assertThatThrownBy(() -> blocks.fetch(2, into)).isInstanceOf(IllegalStateException.class);
        assertThat(blocks.fetch(1, into)).isEqualTo(CheckedBlocks.BLOCK);
        assertThat(Arrays.copyOf(into, 10)).isEqualTo(Arrays.copyOfRange(section,
                SectionEnvelope.SIZE + CheckedBlocks.BLOCK, SectionEnvelope.SIZE + CheckedBlocks.BLOCK + 10));
    }
}
