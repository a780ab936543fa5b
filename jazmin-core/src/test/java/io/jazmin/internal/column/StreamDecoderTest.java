package io.jazmin.internal.column;

import static io.jazmin.internal.column.Streams.bytes;
import static io.jazmin.internal.column.Streams.decode;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.error.JazminFormatException;
import io.jazmin.schema.JsonText;
import io.jazmin.internal.wire.ByteReader;
import io.jazmin.internal.wire.ByteWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Decoding of well-formed streams, and every rejection of a damaged one. */
class StreamDecoderTest {

    private static void assertRejected(ColumnType type, String hex, int rows) {
        assertThatThrownBy(() -> decode(type, bytes(hex), rows)).isInstanceOf(JazminFormatException.class);
    }

    @Test
    void decodesAppendixAStreams() {
        ColumnVector ids = decode(ColumnType.INT, bytes("00 02 04"), 2);
        assertThat(ids.longs()).containsExactly(1, 2);
        assertThat(ids.hasNulls()).isFalse();
        ColumnVector names = decode(ColumnType.STRING, bytes("10 02 03 41 6E 6E"), 2);
        assertThat(names.get(0)).isEqualTo("Ann");
        assertThat(names.isNull(1)).isTrue();
    }

    @Test
    void decodesEveryEncoding() {
        assertThat(decode(ColumnType.INT, bytes("01 D0 0F 02 02"), 3).longs()).containsExactly(1000, 1001, 1002);
        assertThat(decode(ColumnType.FLOAT, bytes("04 01 1E 02 C2 03"), 2).doubles()).containsExactly(1.5, 2.25);
        assertThat(decode(ColumnType.BOOL, bytes("13 01 01"), 2).get(1)).isEqualTo(true);
        assertThat(decode(ColumnType.BOOL, bytes("00 01 00"), 2).booleans()).containsExactly(true, false);
        assertThat(decode(ColumnType.STRING, bytes("02 02 01 61 01 62 00 00 01 00"), 4).objects())
                .containsExactly("a", "a", "b", "a");
        assertThat(decode(ColumnType.DECIMAL, bytes("00 02 AC 02"), 1).get(0)).isEqualTo(new BigDecimal("1.50"));
        assertThat(decode(ColumnType.JSON, bytes("00 03 5B 31 5D"), 1).get(0)).isEqualTo(JsonText.of("[1]"));
        assertThat(decode(ColumnType.DATETIME, bytes("00 D0 0F"), 1).get(0)).isEqualTo(Instant.ofEpochMilli(1000));
    }

    @Test
    void scaledFloatAcceptsReaderLimits() {
        ByteWriter w = new ByteWriter().u8(4).u8(22).zigzag(1L << 53).u8(22).zigzag(-(1L << 53));
        double[] v = decode(ColumnType.FLOAT, w.toByteArray(), 2).doubles();
        assertThat(v).containsExactly((double) (1L << 53) / 1e22, -(double) (1L << 53) / 1e22);
    }

    @Test
    void strayNullBitsPastTheLastRowAreIgnored() {
        ColumnVector v = decode(ColumnType.INT, bytes("10 FE 02"), 1);
        assertThat(v.hasNulls()).isFalse();
        assertThat(v.nullCount()).isZero();
        assertThat(v.longs()).containsExactly(1);
    }

    @Test
    void rejectsReservedFlagBits() {
        assertRejected(ColumnType.INT, "20", 0);
        assertRejected(ColumnType.INT, "40", 0);
        assertRejected(ColumnType.INT, "80", 0);
    }

    @ParameterizedTest
    @CsvSource({"INT,02", "INT,03", "INT,04", "DATETIME,02", "BOOL,01", "FLOAT,01", "STRING,01", "STRING,04",
            "DECIMAL,03", "BINARY,02", "JSON,01", "INT,06", "INT,0F", "STRING,09"})
    void rejectsEncodingsNotAllowedForTheType(ColumnType type, String flags) {
        assertRejected(type, flags, 0);
    }

    @Test
    void nestedEncodingIsRejectedOnScalarsAndNestedTypesNeedTheirDefinition() {
        assertRejected(ColumnType.INT, "05", 0);
        // Lists and objects are decoded with their definition (StreamDecoder.decode(Column, ...), see io.jazmin.nested).
        for (ColumnType type : new ColumnType[] {ColumnType.LIST, ColumnType.OBJECT}) {
            assertThatThrownBy(() -> decode(type, bytes("05"), 0)).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void rejectsLeftoverAndMissingBytes() {
        assertRejected(ColumnType.INT, "00 02 04 06 08", 3);
        assertRejected(ColumnType.INT, "00 02 04", 3);
        assertRejected(ColumnType.INT, "", 0);
        assertRejected(ColumnType.INT, "10", 9); // bitmap cut short
        assertRejected(ColumnType.BOOL, "03 01 00", 2);
        assertRejected(ColumnType.STRING, "00 05 61", 1);
    }

    @Test
    void rejectsBadDictionaries() {
        assertRejected(ColumnType.STRING, "02 00", 0); // k = 0
        assertRejected(ColumnType.STRING, "02 00 00", 1);
        assertRejected(ColumnType.STRING, "02 01 01 61 01", 1); // index 1 of 1 entry
        assertRejected(ColumnType.STRING, "02 01 01 61 FF FF FF FF FF FF FF FF FF 01", 1);
        assertRejected(ColumnType.STRING, "02 FF FF FF 07 01 61 00", 1); // k larger than the bytes left
        assertRejected(ColumnType.DECIMAL, "02 02 00 02 00", 1); // two decimal entries need 4 bytes
    }

    /**
     * A whole dictionary column without nulls reads its one-byte ids in one run (issue 33): an id out of
     * range after the run, and ids of two bytes (more than 128 entries) after it, read as any row's.
     */
    @Test
    void dictionaryIdsAfterTheOneByteRun() {
        ByteWriter w = new ByteWriter().u8(0x02).varint(130);
        for (int e = 0; e < 130; e++) {
            w.varint(1).u8('a' + e % 26);
        }
        w.varint(5).varint(129).varint(0).varint(128);
        ColumnVector v = decode(ColumnType.STRING, w.toByteArray(), 4);
        assertThat(v.dictionaryCodes().toArray()).containsExactly(5, 129, 0, 128);
        assertRejected(ColumnType.STRING, "02 02 01 61 01 62 00 01 02 00", 4); // id 2 of 2 entries, third row
        assertRejected(ColumnType.STRING, "02 02 01 61 01 62 00 01", 3); // the ids end before the last row
    }

    @Test
    void rejectsBadScaledFloats() {
        assertRejected(ColumnType.FLOAT, "04 17 02", 1); // s = 23
        assertRejected(ColumnType.FLOAT, "04 FE 02", 1);
        byte[] big = new ByteWriter().u8(4).u8(0).zigzag((1L << 53) + 1).toByteArray();
        assertThatThrownBy(() -> decode(ColumnType.FLOAT, big, 1)).isInstanceOf(JazminFormatException.class);
        byte[] small = new ByteWriter().u8(4).u8(0).zigzag(-(1L << 53) - 1).toByteArray();
        assertThatThrownBy(() -> decode(ColumnType.FLOAT, small, 1)).isInstanceOf(JazminFormatException.class);
        assertRejected(ColumnType.FLOAT, "04 FF 00 00 00", 1); // raw value cut short
    }

    @Test
    void rejectsInvalidText() {
        assertRejected(ColumnType.STRING, "00 01 FF", 1);
        assertRejected(ColumnType.STRING, "00 03 ED A0 80", 1); // an encoded surrogate
        assertRejected(ColumnType.STRING, "00 02 C3 28", 1);
        assertRejected(ColumnType.JSON, "00 03 7B 78 7D", 1); // {x}
        assertRejected(ColumnType.JSON, "00 04 6E 75 6C 6C", 1); // null is a null cell
        assertRejected(ColumnType.JSON, "00 00", 1);
        assertRejected(ColumnType.JSON, "00 01 FF", 1);
    }

    @Test
    void rejectsDecimalsBeyondLimits() {
        assertRejected(ColumnType.DECIMAL, "00 80 02 00", 1); // scale 256
        ByteWriter w = new ByteWriter().u8(0).varint(0).bigZigzag(BigInteger.TEN.pow(256));
        assertThatThrownBy(() -> decode(ColumnType.DECIMAL, w.toByteArray(), 1))
                .isInstanceOf(JazminFormatException.class);
        ByteWriter ok = new ByteWriter().u8(0).varint(255).bigZigzag(BigInteger.TEN.pow(256).subtract(BigInteger.ONE));
        assertThat(((BigDecimal) decode(ColumnType.DECIMAL, ok.toByteArray(), 1).get(0)).precision()).isEqualTo(256);
        assertRejected(ColumnType.DECIMAL, "00 00 " + "FF ".repeat(140) + "01", 1);
    }

    @Test
    void rejectsDatetimesOutsideYears1To9999() {
        long max = DatetimeRange.MAX_MS;
        long min = DatetimeRange.MIN_MS;
        assertThat(decode(ColumnType.DATETIME, new ByteWriter().u8(0).zigzag(max).zigzag(min).toByteArray(), 2)
                .longs()).containsExactly(max, min);
        for (long bad : new long[] {max + 1, min - 1, Long.MAX_VALUE}) {
            byte[] plain = new ByteWriter().u8(0).zigzag(bad).toByteArray();
            assertThatThrownBy(() -> decode(ColumnType.DATETIME, plain, 1)).isInstanceOf(JazminFormatException.class);
        }
        byte[] delta = new ByteWriter().u8(1).zigzag(max).zigzag(1).toByteArray();
        assertThatThrownBy(() -> decode(ColumnType.DATETIME, delta, 2)).isInstanceOf(JazminFormatException.class);
    }

    /**
     * A delta-coded int stream is summed exactly, and one whose sums overflow 64 bits is refused wherever
     * the overflow lies, whole (summed in bulk), as a window, with nulls and into a reused array.
     */
    @Test
    void deltaSumsAreExactAndAnOverflowIsRefusedAnywhere() {
        long[] values = {5, 4, 200, -3, Long.MAX_VALUE, Long.MIN_VALUE, 0, 127, -128, 64};
        ByteWriter ok = new ByteWriter().u8(1).zigzag(values[0]);
        for (int i = 1; i < values.length; i++) {
            ok.zigzag(values[i] - values[i - 1]); // wraps where the values are far apart, as a writer never would
        }
        byte[] wrapped = ok.toByteArray();
        assertThatThrownBy(() -> decode(ColumnType.INT, wrapped, values.length)).as("MAX_VALUE to MIN_VALUE")
                .isInstanceOf(JazminFormatException.class).hasMessageContaining("overflows 64 bits");
        long[] fine = {5, 4, 200, -3, 1 << 20, -(1L << 40), 0, 127, -128, 64};
        ByteWriter w = new ByteWriter().u8(1).zigzag(fine[0]);
        for (int i = 1; i < fine.length; i++) {
            w.zigzag(fine[i] - fine[i - 1]);
        }
        assertThat(decode(ColumnType.INT, w.toByteArray(), fine.length).longs()).containsExactly(fine);
        for (int at = 1; at < 12; at++) {
            ByteWriter over = new ByteWriter().u8(1).zigzag(Long.MAX_VALUE - 1);
            for (int i = 1; i < 12; i++) {
                over.zigzag(i == at ? 2 : 0); // MAX_VALUE - 1 + 2 overflows at row `at`
            }
            byte[] bad = over.toByteArray();
            assertThatThrownBy(() -> decode(ColumnType.INT, bad, 12)).as("whole, overflow at %s", at)
                    .isInstanceOf(JazminFormatException.class).hasMessageContaining("overflows 64 bits");
            assertThatThrownBy(() -> StreamDecoder.decodeLongsInto(ColumnType.INT, new ByteReader(bad), 12, new long[12]))
                    .as("into an array, overflow at %s", at).isInstanceOf(JazminFormatException.class);
            int row = at;
            assertThatThrownBy(() -> StreamDecoder.decode(Column.of("i", ColumnType.INT), new ByteReader(bad), 12, row, 12))
                    .as("a window, overflow at %s", at).isInstanceOf(JazminFormatException.class);
        }
    }

    @Test
    void rejectsOtherDamage() {
        assertRejected(ColumnType.BOOL, "00 02", 1); // plain bool must be 0 or 1
        byte[] overflow = new ByteWriter().u8(1).zigzag(Long.MAX_VALUE).zigzag(1).toByteArray();
        assertThatThrownBy(() -> decode(ColumnType.INT, overflow, 2)).isInstanceOf(JazminFormatException.class);
        assertRejected(ColumnType.INT, "00", -1);
        assertRejected(ColumnType.INT, "00 00", Integer.MAX_VALUE); // never sized from the row count
        assertRejected(ColumnType.BOOL, "03 00", Integer.MAX_VALUE);
        assertRejected(ColumnType.FLOAT, "10 00", Integer.MAX_VALUE);
    }
}
