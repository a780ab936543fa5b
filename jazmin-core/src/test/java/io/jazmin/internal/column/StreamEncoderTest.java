package io.jazmin.internal.column;

import static io.jazmin.internal.column.Streams.bools;
import static io.jazmin.internal.column.Streams.decimals;
import static io.jazmin.internal.column.Streams.doubles;
import static io.jazmin.internal.column.Streams.encode;
import static io.jazmin.internal.column.Streams.encodedStrings;
import static io.jazmin.internal.column.Streams.hex;
import static io.jazmin.internal.column.Streams.longs;
import static io.jazmin.internal.column.Streams.objects;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.schema.ColumnType;
import io.jazmin.error.JazminValidationException;
import io.jazmin.schema.JsonText;
import io.jazmin.internal.wire.ByteWriter;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/** Exact bytes and the reference writer's encoding choices (spec §1.9). */
class StreamEncoderTest {

    @Test
    void aThreadsWorkingArraysLeftLongerByAnEarlierStreamChangeNoLaterStream() throws Exception {
        // Small streams with nulls (values gathered into the thread's arrays) and without (read in place).
        ColumnVector[] small = {
                longs(ColumnType.INT, 1000L, null, 1002L), longs(ColumnType.INT, 5L, 6L),
                doubles(1.5, null, 2.25), doubles(0.1, 7.0),
                encodedStrings("b", null, "a", "b"), objects(ColumnType.STRING, "x", "y", "x", "x")};
        byte[][] onAFreshThread = new byte[small.length][];
        Thread fresh = new Thread(() -> {
            for (int i = 0; i < small.length; i++) {
                onAFreshThread[i] = encode(small[i]);
            }
        });
        fresh.start();
        fresh.join();
        Long[] manyLongs = new Long[600];
        Double[] manyDoubles = new Double[600];
        Object[] manyTexts = new Object[600];
        for (int i = 0; i < 600; i++) {
            manyLongs[i] = i % 5 == 0 ? null : (long) i * 7;
            manyDoubles[i] = i % 5 == 0 ? null : i * 0.5;
            manyTexts[i] = i % 5 == 0 ? null : "v" + (i % 11);
        }
        encode(longs(ColumnType.INT, manyLongs));
        encode(doubles(manyDoubles));
        encode(encodedStrings(manyTexts));
        for (int i = 0; i < small.length; i++) {
            assertThat(hex(encode(small[i]))).as("stream %d", i).isEqualTo(hex(onAFreshThread[i]));
        }
    }

    @Test
    void appendixAPayload() {
        ByteWriter payload = new ByteWriter();
        for (ColumnVector column : new ColumnVector[] {
                longs(ColumnType.INT, 1L, 2L), objects(ColumnType.STRING, "Ann", null)}) {
            byte[] stream = encode(column);
            payload.varint(stream.length).bytes(stream);
        }
        assertThat(hex(payload.toByteArray())).isEqualTo("03 00 02 04 06 10 02 03 41 6E 6E");
    }

    @Test
    void intsStayPlainWhenDeltaIsNotStrictlySmaller() {
        assertThat(hex(encode(longs(ColumnType.INT, 1L, 2L, 3L)))).isEqualTo("00 02 04 06");
    }

    @Test
    void intsUseDeltaWhenStrictlySmaller() {
        // plain: 3 x 2 bytes; delta: 2 + 1 + 1 bytes
        assertThat(hex(encode(longs(ColumnType.INT, 1000L, 1001L, 1002L)))).isEqualTo("01 D0 0F 02 02");
    }

    @Test
    void datetimesUseDeltaLikeInts() {
        long t = 1_700_000_000_000L;
        byte[] b = encode(longs(ColumnType.DATETIME, t, t + 1000, null, t + 2000));
        assertThat(b[0]).isEqualTo((byte) 0x11);
    }

    @Test
    void singleValueIsPlain() {
        assertThat(hex(encode(longs(ColumnType.INT, 1000L)))).isEqualTo("00 D0 0F");
    }

    @Test
    void overflowingDifferencesForcePlain() {
        byte[] b = encode(longs(ColumnType.INT, Long.MIN_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE));
        assertThat(b[0]).isEqualTo((byte) 0);
    }

    @Test
    void boolsAlwaysUseBitmap() {
        assertThat(hex(encode(bools(true, false, true)))).isEqualTo("03 05");
        assertThat(hex(encode(bools(null, true)))).isEqualTo("13 01 01");
        assertThat(hex(encode(bools()))).isEqualTo("03");
    }

    @Test
    void floatsUseSmallestExactScale() {
        // 1.5 -> s=1 m=15 (zigzag 30); 2.25 -> s=2 m=225 (zigzag 450)
        assertThat(hex(encode(doubles(1.5, 2.25)))).isEqualTo("04 01 1E 02 C2 03");
        assertThat(hex(encode(doubles(0.1)))).isEqualTo("04 01 02");
        assertThat(hex(encode(doubles(1.005)))).isEqualTo("04 03 DA 0F");
    }

    @Test
    void floatsWithoutExactScaleStayPlain() {
        assertThat(encode(doubles(Math.PI))).hasSize(9).startsWith(0);
        assertThat(encode(doubles(0.1 + 0.2))).startsWith(0);
        assertThat(FloatScaling.scaleOf(0.1 + 0.2)).isEqualTo(FloatScaling.NONE);
    }

    @Test
    void specialFloatsUseRawMarker() {
        byte[] b = encode(doubles(Double.NaN, 1.0, 2.0, 3.0));
        assertThat(b[0]).isEqualTo((byte) 4);
        assertThat(b[1]).isEqualTo((byte) 255);
        for (double v : new double[] {-0.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
            assertThat(FloatScaling.scaleOf(v)).as("%s", v).isEqualTo(FloatScaling.NONE);
        }
    }

    @Test
    void safeIntegerLimitsOfScaledFloats() {
        assertThat(FloatScaling.scaleOf(9007199254740991.0)).isZero();
        assertThat(FloatScaling.scaleOf(9007199254740992.0)).isEqualTo(FloatScaling.NONE);
        assertThat(FloatScaling.scaleOf(-9007199254740991.0)).isZero();
    }

    @Test
    void scaleAllGivesEachValuesScaleAndTheMantissaItStores() {
        double[] vals = {1234.56, -0.0, 7.0, 0.1 + 0.2, Double.NaN, -3.125, 9007199254740991.0, 1e-15};
        int[] scales = new int[vals.length];
        long[] mantissas = new long[vals.length];
        FloatScaling.scaleAll(vals, vals.length, scales, mantissas);
        assertThat(scales).containsExactly(2, FloatScaling.NONE, 0, FloatScaling.NONE, FloatScaling.NONE, 3, 0, 15);
        assertThat(mantissas[0]).isEqualTo(123456L);
        assertThat(mantissas[2]).isEqualTo(7L);
        assertThat(mantissas[5]).isEqualTo(-3125L);
        assertThat(mantissas[6]).isEqualTo(9007199254740991L);
        assertThat(mantissas[7]).isEqualTo(1L);
        for (int i = 0; i < vals.length; i++) {
            assertThat(scales[i]).as("%s", vals[i]).isEqualTo(FloatScaling.scaleOf(vals[i]));
        }
    }

    @Test
    void scaledChosenOnlyWhenSmallerThanPlain() {
        // one raw marker (9 bytes) is not smaller than 8 bytes of plain
        assertThat(encode(doubles(Double.NaN))[0]).isEqualTo((byte) 0);
        assertThat(encode(doubles())[0]).isEqualTo((byte) 0);
    }

    @Test
    void stringsUseDictionaryWhenHalfOrFewerDistinct() {
        assertThat(hex(encode(objects(ColumnType.STRING, "a", "a", "b", "a"))))
                .isEqualTo("02 02 01 61 01 62 00 00 01 00");
        assertThat(hex(encode(objects(ColumnType.STRING, "a", "b")))).isEqualTo("00 01 61 01 62");
        assertThat(hex(encode(objects(ColumnType.STRING, "x", "x")))).isEqualTo("02 01 01 78 00 00");
    }

    /** Strings handed over with their encoded bytes (as the writer builds chunks) give the same stream. */
    @Test
    void encodedStringsWriteTheSameBytesAsStrings() {
        Object[][] cases = {
            {"a", "a", "b", "a"}, {"a", "b"}, {null, "é€", null, "😀", "é€", "é€"}, {null, null}, {"", ""},
            {"x".repeat(200), null, "y", "x".repeat(200), "x".repeat(200)}, {null, "ab", "cd", null, "ef"}};
        for (Object[] values : cases) {
            assertThat(hex(encode(Streams.encodedStrings(values)))).isEqualTo(hex(encode(objects(ColumnType.STRING, values))));
        }
    }

    /**
     * The dictionary looked up by the encoded bytes gives the entries and ids of the one looked up by
     * the strings, on either side of half distinct, with nulls and values sharing a String hash code.
     */
    @Test
    void encodedStringsDictionaryEqualsTheStringsDictionary() {
        java.util.Random random = new java.util.Random(5);
        String[] pool = {"Aa", "BB", "AaAa", "BBBB", "AaBB", "é", "😀", "", "x".repeat(130), "zz", "s1", "s2"};
        for (int chunk = 0; chunk < 300; chunk++) {
            Object[] values = new Object[random.nextInt(60)];
            int distinct = 1 + random.nextInt(pool.length);
            for (int r = 0; r < values.length; r++) {
                values[r] = random.nextInt(6) == 0 ? null
                        : chunk % 3 == 0 ? "v" + random.nextInt(values.length) : new String(pool[random.nextInt(distinct)]);
            }
            assertThat(hex(encode(Streams.encodedStrings(values)))).as("chunk %d", chunk)
                    .isEqualTo(hex(encode(objects(ColumnType.STRING, values))));
        }
    }

    @Test
    void decimalsAreDistinctByScaleAndMantissa() {
        // 1.5 and 1.50 are different texts, so two entries
        assertThat(hex(encode(decimals("1.5", "1.50", "1.5", "1.50"))))
                .isEqualTo("02 02 01 1E 02 AC 02 00 01 00 01");
        assertThat(hex(encode(decimals("1.5", "-2")))).isEqualTo("00 01 1E 00 03");
    }

    @Test
    void negativeDecimalScaleIsWidenedToZero() {
        assertThat(hex(encode(ColumnVector.ofObjects(ColumnType.DECIMAL, 1, new Object[] {new BigDecimal("1E+3")}))))
                .isEqualTo("00 00 D0 0F");
    }

    @Test
    void binaryAndJsonArePlain() {
        assertThat(hex(encode(objects(ColumnType.BINARY, new byte[] {1, 2}, new byte[] {1, 2}, null))))
                .isEqualTo("10 04 02 01 02 02 01 02");
        assertThat(hex(encode(objects(ColumnType.JSON, JsonText.of("[1]"), JsonText.of("[1]")))))
                .isEqualTo("00 03 5B 31 5D 03 5B 31 5D");
    }

    @Test
    void hasNullsOnlyWhenARowIsNull() {
        // a bitmap with no bit set, or bits only past the last row, is not a null
        ColumnVector v = ColumnVector.ofLongs(ColumnType.INT, 2, new long[] {1, 2}, new byte[] {(byte) 0xFC});
        assertThat(hex(encode(v))).isEqualTo("00 02 04");
    }

    @Test
    void allNullAndEmptyVectors() {
        assertThat(hex(encode(longs(ColumnType.INT, null, null)))).isEqualTo("10 03");
        assertThat(hex(encode(objects(ColumnType.STRING, (Object) null)))).isEqualTo("10 01");
        assertThat(hex(encode(longs(ColumnType.INT)))).isEqualTo("00");
    }

    @Test
    void unpairedSurrogateIsWrittenAsReplacementCharacter() {
        assertThat(hex(encode(objects(ColumnType.STRING, "a\uD800")))).isEqualTo("00 04 61 EF BF BD");
        assertThat(hex(encode(objects(ColumnType.STRING, "\uD83D\uDE00")))).isEqualTo("00 04 F0 9F 98 80");
    }

    @Test
    void rejectsInvalidInput() {
        assertThatThrownBy(() -> encode(decimals("1." + "0".repeat(256))))
                .isInstanceOf(JazminValidationException.class);
        assertThatThrownBy(() -> encode(decimals("9".repeat(257))))
                .isInstanceOf(JazminValidationException.class);
        // A list needs its definition (StreamEncoder.encode(Column, ...), see io.jazmin.nested).
        assertThatThrownBy(() -> StreamEncoder.encode(ColumnType.LIST, longs(ColumnType.INT), new ByteWriter()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> StreamEncoder.encode(ColumnType.DATETIME, longs(ColumnType.INT), new ByteWriter()))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
