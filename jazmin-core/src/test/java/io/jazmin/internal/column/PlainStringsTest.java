package io.jazmin.internal.column;

import static io.jazmin.internal.column.Streams.bytes;
import static io.jazmin.internal.column.Streams.decode;
import static io.jazmin.internal.column.Streams.encode;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.internal.wire.ByteReader;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.error.JazminFormatException;
import org.junit.jupiter.api.Test;

/** Strings of a plain stream stay bytes until asked for, and still read, re-encode and summarise exactly. */
class PlainStringsTest {
    private static final Object[] VALUES = {"Ann", "", null, "h\u00e9llo w\u00f6rld", "\uD83D\uDE00 ok", "\u4E2D\u6587",
        null, "Zo\u00eb"};

    private static ColumnVector written() {
        return ColumnVector.ofObjects(ColumnType.STRING, VALUES.length, VALUES.clone());
    }

    private static ColumnVector readBack() {
        byte[] stream = encode(written());
        assertThat(stream[0] & StreamFormat.ENCODING_MASK).as("encoding").isEqualTo(StreamFormat.PLAIN);
        return decode(ColumnType.STRING, stream, VALUES.length);
    }

    @Test
    void getDecodesEachRowIncludingMultiByteEmptyAndNull() {
        ColumnVector v = readBack();
        for (int r = 0; r < VALUES.length; r++) {
            assertThat(v.isNull(r)).as("null at row %d", r).isEqualTo(VALUES[r] == null);
            assertThat(v.get(r)).as("row %d", r).isEqualTo(VALUES[r]);
        }
        assertThat(v.nullCount()).isEqualTo(2);
    }

    @Test
    void objectsBuildsEveryRowOnceAndGetThenUsesThem() {
        ColumnVector v = readBack();
        assertThat(v.get(5)).isEqualTo(VALUES[5]);
        Object[] all = v.objects();
        assertThat(all).containsExactly(VALUES);
        assertThat(v.objects()).isSameAs(all);
        assertThat(v.get(3)).isSameAs(all[3]);
    }

    @Test
    void reEncodesToTheSameBytes() {
        byte[] stream = encode(written());
        assertThat(encode(decode(ColumnType.STRING, stream, VALUES.length))).isEqualTo(stream);
    }

    @Test
    void statisticsMatchThoseOfTheWrittenValues() {
        assertThat(ChunkStatistics.compute(readBack())).isEqualTo(ChunkStatistics.compute(written()));
    }

    @Test
    void valuesWithLongLengthPrefixesReadBack() {
        String longAscii = "a".repeat(200);
        String longMultiByte = "\u00e9".repeat(70) + "\uD83D\uDE00";
        Object[] values = {"x", longAscii, null, "\u00fc", longMultiByte, "", "y"};
        byte[] stream = encode(ColumnVector.ofObjects(ColumnType.STRING, values.length, values.clone()));
        assertThat(decode(ColumnType.STRING, stream, values.length).objects()).containsExactly(values);
    }

    /**
     * Values read from ASCII-only text are built by a plain copy: one character past ASCII anywhere
     * (before a value with a long prefix, inside it, after it) must still be read as UTF-8. Each case
     * has it in one place only, so each part of the stream's check has to notice it.
     */
    @Test
    void oneCharacterPastAsciiAnywhereIsStillReadAsUtf8() {
        String longAscii = "a".repeat(150);
        String longWithOne = "b".repeat(100) + "\u00e9" + "c".repeat(40);
        Object[][] cases = {
            {"x", "\u00fc", longAscii, "y"},
            {"x", longWithOne, null, "y"},
            {"x", longAscii, "y", "\u4E2D"},
            {"x", longAscii, "y", "z"},
        };
        for (Object[] values : cases) {
            byte[] stream = encode(ColumnVector.ofObjects(ColumnType.STRING, values.length, values.clone()));
            assertThat(stream[0] & StreamFormat.ENCODING_MASK).as("encoding").isEqualTo(StreamFormat.PLAIN);
            ColumnVector v = decode(ColumnType.STRING, stream, values.length);
            assertThat(v.objects()).containsExactly(values);
            assertThat(decode(ColumnType.STRING, stream, values.length).get(3)).isEqualTo(values[3]);
        }
    }

    /**
     * A window's strings built at once for a read-ahead thread to hand over (each read where the one
     * before it ended): every window of a stream with nulls, multi-byte text and a long value.
     */
    @Test
    void everyWindowBuiltAtOnceHoldsItsRowsValues() {
        Object[] values = {null, "a", null, "b\u00e9", "c", "d".repeat(140), null, "", "e"};
        byte[] stream = encode(ColumnVector.ofObjects(ColumnType.STRING, values.length, values.clone()));
        Column column = Column.of("s", ColumnType.STRING);
        for (int from = 0; from <= values.length; from++) {
            for (int to = from; to <= values.length; to++) {
                ColumnVector built = StreamDecoder.decode(column, new ByteReader(stream), values.length, from, to)
                        .withoutStreamBytes();
                for (int r = from; r < to; r++) {
                    assertThat(built.get(r)).as("row %d of %d..%d", r, from, to).isEqualTo(values[r]);
                }
            }
        }
    }

    /** A copy keeping just its stream's bytes (for a cache) builds its values as the original does, ASCII or not. */
    @Test
    void aDetachedCopyReadsAsTheOriginal() {
        for (Object[] values : new Object[][] {VALUES, {"ab", null, "c".repeat(130)}}) {
            byte[] stream = encode(ColumnVector.ofObjects(ColumnType.STRING, values.length, values.clone()));
            byte[] inBuffer = new byte[stream.length + 3];
            System.arraycopy(stream, 0, inBuffer, 3, stream.length);
            ColumnVector copy = StreamDecoder.decode(ColumnType.STRING, new ByteReader(inBuffer, 3, stream.length),
                    values.length).detached(3);
            assertThat(copy.objects()).containsExactly(values);
        }
    }

    @Test
    void malformedUtf8IsRejectedNextToLongValues() {
        String longValue = "b".repeat(130);
        byte[] damagedBefore = encode(ColumnVector.ofObjects(ColumnType.STRING, 2, new Object[] {"\u00e9", longValue}));
        damagedBefore[3] = 0x41; // after the flags and the length prefix: the second byte of the é
        byte[] damagedInside = encode(ColumnVector.ofObjects(ColumnType.STRING, 2, new Object[] {"a", longValue}));
        damagedInside[damagedInside.length - 1] = (byte) 0xC3; // a truncated sequence ending the long value
        byte[] damagedAfter = encode(ColumnVector.ofObjects(ColumnType.STRING, 2, new Object[] {longValue, "\u00e9"}));
        damagedAfter[damagedAfter.length - 1] = (byte) 0xC3;
        for (byte[] stream : new byte[][] {damagedBefore, damagedInside, damagedAfter}) {
            assertThatThrownBy(() -> decode(ColumnType.STRING, stream, 2))
                    .isInstanceOf(JazminFormatException.class).hasMessageContaining("UTF-8");
        }
    }

    @Test
    void malformedUtf8IsRejectedWhenTheStreamIsRead() {
        assertThatThrownBy(() -> decode(ColumnType.STRING, bytes("00 01 41 02 C3 28"), 2))
                .isInstanceOf(JazminFormatException.class).hasMessageContaining("UTF-8");
        assertThatThrownBy(() -> decode(ColumnType.STRING, bytes("00 01 41 05 42"), 2))
                .isInstanceOf(JazminFormatException.class);
    }
}
