package io.jazmin.internal.column;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.schema.ColumnType;
import io.jazmin.internal.wire.ByteReader;
import io.jazmin.internal.wire.ByteWriter;
import java.math.BigDecimal;
import java.util.HexFormat;

/** Test helpers: encode/decode one stream, build vectors, compare vectors value by value. */
final class Streams {
    private Streams() {
    }

    static byte[] encode(ColumnVector v) {
        ByteWriter out = new ByteWriter();
        StreamEncoder.encode(v.type(), v, out);
        return out.toByteArray();
    }

    static ColumnVector decode(ColumnType type, byte[] stream, int rows) {
        return StreamDecoder.decode(type, new ByteReader(stream), rows);
    }

    static String hex(byte[] b) {
        return HexFormat.ofDelimiter(" ").withUpperCase().formatHex(b);
    }

    static byte[] bytes(String hex) {
        return HexFormat.ofDelimiter(" ").parseHex(hex);
    }

    /** A long vector; {@code null} elements become null rows. */
    static ColumnVector longs(ColumnType type, Long... values) {
        long[] vals = new long[values.length];
        byte[] bits = null;
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) {
                bits = bits == null ? new byte[(values.length + 7) / 8] : bits;
                bits[i / 8] |= (byte) (1 << (i % 8));
            } else {
                vals[i] = values[i];
            }
        }
        return ColumnVector.ofLongs(type, values.length, vals, bits);
    }

    static ColumnVector doubles(Double... values) {
        double[] vals = new double[values.length];
        byte[] bits = null;
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) {
                bits = bits == null ? new byte[(values.length + 7) / 8] : bits;
                bits[i / 8] |= (byte) (1 << (i % 8));
            } else {
                vals[i] = values[i];
            }
        }
        return ColumnVector.ofDoubles(values.length, vals, bits);
    }

    static ColumnVector bools(Boolean... values) {
        boolean[] vals = new boolean[values.length];
        byte[] bits = null;
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) {
                bits = bits == null ? new byte[(values.length + 7) / 8] : bits;
                bits[i / 8] |= (byte) (1 << (i % 8));
            } else {
                vals[i] = values[i];
            }
        }
        return ColumnVector.ofBooleans(values.length, vals, bits);
    }

    static ColumnVector objects(ColumnType type, Object... values) {
        return ColumnVector.ofObjects(type, values.length, values.clone());
    }

    /** Strings as the table writer hands them over: their length-prefixed UTF-8 bytes and a null bitmap. */
    static ColumnVector encodedStrings(Object... values) {
        ByteWriter body = new ByteWriter();
        int[] starts = new int[values.length];
        byte[] nulls = new byte[(values.length + 7) >>> 3];
        boolean anyNull = false;
        for (int r = 0; r < values.length; r++) {
            starts[r] = body.size();
            if (values[r] == null) {
                nulls[r >>> 3] |= (byte) (1 << (r & 7));
                anyNull = true;
            } else if (body.strictUtf8((String) values[r]) != -1) {
                throw new IllegalArgumentException("not valid Unicode: row " + r);
            }
        }
        return ColumnVector.ofEncodedStrings(values.length, anyNull ? nulls : null, body.array(), body.size(), starts);
    }

    static ColumnVector decimals(String... texts) {
        Object[] vals = new Object[texts.length];
        for (int i = 0; i < texts.length; i++) {
            vals[i] = texts[i] == null ? null : new BigDecimal(texts[i]);
        }
        return ColumnVector.ofObjects(ColumnType.DECIMAL, vals.length, vals);
    }

    /** Asserts both vectors hold the same rows (floats by bits, decimals by value and scale). */
    static void assertSameRows(ColumnVector actual, ColumnVector expected) {
        assertSameRows(actual, expected, 0, expected.size());
    }

    /** Like {@link #assertSameRows(ColumnVector, ColumnVector)} for rows {@code [from, to)} only. */
    static void assertSameRows(ColumnVector actual, ColumnVector expected, int from, int to) {
        assertThat(actual.type()).isEqualTo(expected.type());
        assertThat(actual.size()).isEqualTo(expected.size());
        for (int r = from; r < to; r++) {
            assertThat(actual.isNull(r)).as("null at row %d", r).isEqualTo(expected.isNull(r));
            if (expected.isNull(r)) {
                continue;
            }
            switch (expected.type()) {
                case FLOAT -> assertThat(Double.doubleToLongBits(actual.getDouble(r)))
                        .as("float bits at row %d", r).isEqualTo(Double.doubleToLongBits(expected.getDouble(r)));
                case DECIMAL -> assertThat(actual.get(r)).as("row %d", r)
                        .isEqualTo(Decimals.normalize((BigDecimal) expected.get(r)));
                default -> assertThat(actual.get(r)).as("row %d", r).isEqualTo(expected.get(r));
            }
        }
    }
}
