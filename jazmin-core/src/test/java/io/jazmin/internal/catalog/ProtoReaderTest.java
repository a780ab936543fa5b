package io.jazmin.internal.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.wire.ByteReader;
import io.jazmin.internal.wire.ByteWriter;
import org.junit.jupiter.api.Test;

class ProtoReaderTest {

    private static ByteReader bytes(int... b) {
        byte[] out = new byte[b.length];
        for (int i = 0; i < b.length; i++) {
            out[i] = (byte) b[i];
        }
        return new ByteReader(out);
    }

    @Test
    void skipsUnknownFieldsOfEveryWireType() {
        // field 9 varint, field 10 fixed64, field 11 bytes, field 12 fixed32, then field 1 = 5
        ByteReader in = bytes(0x48, 0x96, 0x01, 0x51, 1, 2, 3, 4, 5, 6, 7, 8, 0x5A, 2, 0xAA, 0xBB, 0x65, 1, 2, 3, 4,
                0x08, 5);
        SectionRef ref = SectionRef.decode(in);
        assertThat(ref.offset()).isEqualTo(5);
        assertThat(in.hasRemaining()).isFalse();
    }

    @Test
    void rejectsGroupAndReservedWireTypes() {
        for (int wireType : new int[] {3, 4, 6, 7}) {
            assertThatThrownBy(() -> SectionRef.decode(bytes(0x48 | wireType)))
                    .isInstanceOf(JazminFormatException.class).hasMessageContaining("wire type " + wireType);
        }
    }

    @Test
    void rejectsWrongWireTypeForKnownField() {
        // SectionRef.offset (field 1) sent as length-delimited
        assertThatThrownBy(() -> SectionRef.decode(bytes(0x0A, 0)))
                .isInstanceOf(JazminFormatException.class).hasMessageContaining("SectionRef");
        // Table.name (field 1) sent as varint
        assertThatThrownBy(() -> TableEntry.decode(bytes(0x08, 1))).isInstanceOf(JazminFormatException.class);
    }

    @Test
    void rejectsFieldNumberZero() {
        assertThatThrownBy(() -> SectionRef.decode(bytes(0x00, 1))).isInstanceOf(JazminFormatException.class);
    }

    @Test
    void rejectsLengthsPastTheEnd() {
        assertThatThrownBy(() -> Header.decode(bytes(0x32, 5, 'a'))).isInstanceOf(JazminFormatException.class);
        assertThatThrownBy(() -> ChunkDirectory.decode(bytes(0x1A, 0x80, 0x80, 0x80, 0x80, 0x07)))
                .isInstanceOf(JazminFormatException.class);
        assertThatThrownBy(() -> SectionRef.decode(bytes(0x08))).isInstanceOf(JazminFormatException.class);
    }

    @Test
    void rejectsInvalidUtf8() {
        assertThatThrownBy(() -> Header.decode(bytes(0x32, 2, 0xC3, 0x28))).isInstanceOf(JazminFormatException.class);
    }

    @Test
    void acceptsPackedAndUnpackedRepeatedNumerics() {
        // row_counts (field 3): packed [1, 300], then unpacked 7
        ChunkDirectory dir = ChunkDirectory.decode(bytes(0x1A, 3, 1, 0xAC, 0x02, 0x18, 7));
        assertThat(dir.rowCounts()).containsExactly(1, 300, 7);
    }

    @Test
    void streamOffsetsGivenOneValueARunDecodeInLinearTime() {
        // Field 16 (stream offsets) as 600,000 unpacked values, then a packed run of two: a reader that
        // grew an exact array per run copied it 600,000 times (180 billion ints: 13 s for half as many).
        int values = 600_000;
        byte[] payload = new byte[values * 3 + 5];
        for (int i = 0; i < values; i++) {
            payload[3 * i] = (byte) 0x80; // field 16, varint (tag 0x80 0x01), value 5
            payload[3 * i + 1] = 0x01;
            payload[3 * i + 2] = 5;
        }
        int p = values * 3;
        payload[p] = (byte) 0x82; // field 16, length-delimited
        payload[p + 1] = 0x01;
        payload[p + 2] = 2;
        payload[p + 3] = 7;
        payload[p + 4] = 9;
        byte[] bytes = payload;
        ChunkDirectory dir = assertTimeoutPreemptively(java.time.Duration.ofSeconds(10),
                () -> ChunkDirectory.decode(new ByteReader(bytes)));
        assertThat(dir.streamOffsets().toArray()).hasSize(values + 2);
        assertThat(dir.streamOffsets().toArray()[0]).isEqualTo(5);
        assertThat(dir.streamOffsets().toArray()[values + 1]).isEqualTo(9);
    }

    @Test
    void int64IsPlainTwosComplementVarint() {
        Header h = new Header(null, null, -1, 0, 0, null, null, null, null, null, null);
        byte[] encoded = h.encode();
        assertThat(encoded).hasSize(11);
        assertThat(Header.decode(encoded).created()).isEqualTo(-1);
    }

    @Test
    void rejectsUnsignedValuesBeyondJavaRange() {
        byte[] huge = new ByteWriter().u8(0x08).varint(-1L).toByteArray();
        assertThatThrownBy(() -> SectionRef.decode(new ByteReader(huge))).isInstanceOf(JazminFormatException.class);
        byte[] bigLength = new ByteWriter().u8(0x10).varint(1L << 32).toByteArray();
        assertThatThrownBy(() -> SectionRef.decode(new ByteReader(bigLength)))
                .isInstanceOf(JazminFormatException.class);
        byte[] bigCount = new ByteWriter().u8(0x40).varint(1L << 31).toByteArray();
        assertThatThrownBy(() -> TableEntry.decode(new ByteReader(bigCount)))
                .isInstanceOf(JazminFormatException.class);
    }

    @Test
    void keepsFullUint32SectionLengths() {
        byte[] max = new ByteWriter().u8(0x10).varint(0xFFFF_FFFFL).toByteArray();
        assertThat(SectionRef.decode(new ByteReader(max)).length()).isEqualTo(0xFFFF_FFFFL);
    }
}
