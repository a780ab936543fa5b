package io.jazmin.internal.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.wire.ByteSpan;
import io.jazmin.internal.wire.ByteWriter;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * {@link Uint32List}: a field's one packed run is kept undecoded and its values are checked when a range
 * of them is read, so a damaged value fails the reads of its range only; other forms decode whole, as
 * every repeated field does.
 */
class Uint32ListTest {
    private static final String FIELD = "catalog message ChunkDirectory: field 16";

    @Test
    void aPackedRunIsReadByRangesAsItsValuesDecoded() {
        int[] values = {0, 1, 127, 128, 300, 16_384, 2_097_152, Integer.MAX_VALUE, 5};
        ByteWriter run = new ByteWriter();
        for (int v : values) {
            run.varint(v);
        }
        Uint32List list = built(run.toByteArray());
        assertThat(list.size()).isEqualTo(values.length);
        assertThat(list.toArray()).containsExactly(values);
        for (int from = 0; from < values.length; from++) {
            for (int count = 0; from + count <= values.length; count++) {
                assertThat(list.range(from, count)).as("from %d, %d values", from, count)
                        .containsExactly(java.util.Arrays.copyOfRange(values, from, from + count));
            }
        }
        assertThatThrownBy(() -> list.range(8, 2)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(list.heapBytes()).as("a view: nothing decoded held").isZero();
    }

    @Test
    void aDamagedValueFailsOnlyTheRangesThatHoldIt() {
        // 1, 2, then 2^31 (does not fit an int), 4, then a varint too long (eleven bytes), 6, then one cut.
        Uint32List list = built(hex("01 02 80 80 80 80 08 04 FF FF FF FF FF FF FF FF FF FF 01 06 96"));
        assertThat(list.size()).isEqualTo(7);
        assertThat(list.range(0, 2)).containsExactly(1, 2);
        assertThat(list.range(3, 1)).containsExactly(4);
        assertThat(list.range(5, 1)).containsExactly(6);
        assertThatThrownBy(() -> list.range(1, 2)).isInstanceOf(JazminFormatException.class)
                .hasMessage(FIELD + ": value 2147483648 out of range");
        assertThatThrownBy(() -> list.range(4, 1)).isInstanceOf(JazminFormatException.class)
                .hasMessageContaining("varint too long");
        assertThatThrownBy(() -> list.range(6, 1)).isInstanceOf(JazminFormatException.class)
                .hasMessageContaining("end of data");
        assertThatThrownBy(list::toArray).isInstanceOf(JazminFormatException.class);
    }

    @Test
    void unpackedValuesAndSeveralRunsDecodeWholeAndFailAtOnce() {
        Uint32List.Builder b = new Uint32List.Builder(FIELD);
        b.addRun(span(hex("01 02")));
        b.add(3);
        b.addRun(span(hex("04 AC 02")));
        Uint32List list = b.build();
        assertThat(list.toArray()).containsExactly(1, 2, 3, 4, 300);
        assertThat(list.range(3, 2)).containsExactly(4, 300);
        assertThat(list.heapBytes()).isEqualTo(20);

        Uint32List.Builder twoRuns = new Uint32List.Builder(FIELD);
        twoRuns.addRun(span(hex("01 80 80 80 80 08")));
        assertThatThrownBy(() -> twoRuns.addRun(span(hex("02")))).as("the first run decoded with the second")
                .isInstanceOf(JazminFormatException.class).hasMessage(FIELD + ": value 2147483648 out of range");
    }

    @Test
    void anEmptyRunOrNoneIsTheEmptyList() {
        assertThat(built(new byte[0])).isSameAs(Uint32List.EMPTY);
        assertThat(new Uint32List.Builder(FIELD).build()).isSameAs(Uint32List.EMPTY);
        assertThat(Uint32List.of(null).toArray()).isEmpty();
    }

    private static Uint32List built(byte[] run) {
        Uint32List.Builder b = new Uint32List.Builder(FIELD);
        b.addRun(span(run));
        return b.build();
    }

    /** {@code bytes} inside a larger array, as a message's field is. */
    private static ByteSpan span(byte[] bytes) {
        byte[] message = new byte[bytes.length + 4];
        message[0] = 0x7F;
        message[message.length - 1] = (byte) 0x81;
        System.arraycopy(bytes, 0, message, 2, bytes.length);
        return new ByteSpan(message, 2, bytes.length);
    }

    private static byte[] hex(String s) {
        return HexFormat.ofDelimiter(" ").parseHex(s);
    }
}
