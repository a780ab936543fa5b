package io.jazmin.internal.column;

import io.jazmin.internal.wire.ByteReader;
import io.jazmin.schema.ColumnType;
import java.math.BigDecimal;

/**
 * Adds a float column's values to an {@link ExactSum} straight from its stream (spec §1.9), building
 * no vector: each value is the double {@link StreamDecoder} gives it (m / 10^s, one IEEE division, for
 * a scaled one). The stream is checked as {@link StreamDecoder} checks it (flags, encoding, null bitmap, room for the
 * values, scale and mantissa bounds, no bytes left over), and every value is read whether or not its
 * row is added.
 */
public final class StreamSum {
    /** Values decoded before they are added: a block's doubles stay in the first-level cache. */
    private static final int BLOCK = 1 << 10;

    private StreamSum() {
    }

    /** Whether {@link #add} reads columns of {@code type} (others are summed from their decoded values). */
    public static boolean reads(ColumnType type) {
        return type == ColumnType.FLOAT;
    }

    /**
     * Adds the non-null values of the rows set in {@code rows} (bit p of word p / 64; {@code null}:
     * every row) of the float stream {@code stream} (exactly the stream's bytes) to {@code sum}.
     * Values are decoded a block at a time ({@link ScaledFloats}), then the block's values of rows
     * taken are added together ({@link ExactSum#addDoubles}); with no nulls and every row taken, there
     * is no per-row test at all.
     *
     * @throws io.jazmin.error.JazminFormatException for damaged or inconsistent data, including bytes left over
     */
    public static void add(ByteReader stream, int rowCount, long[] rows, ExactSum sum) {
        int flags = StreamDecoder.readFlags(ColumnType.FLOAT, stream, rowCount);
        int encoding = flags & StreamFormat.ENCODING_MASK;
        byte[] nulls = (flags & StreamFormat.HAS_NULLS) != 0 ? StreamDecoder.readNullBits(stream, rowCount) : null;
        int nonNull = nulls == null ? rowCount : rowCount - StreamDecoder.popCount(nulls);
        StreamDecoder.checkRoom(stream.remaining(), encoding, nonNull);
        boolean scaled = encoding == StreamFormat.SCALED;
        double[] block = new double[Math.min(BLOCK, nonNull)];
        int row = 0; // the next row whose value is not in a block yet
        for (int left = nonNull; left > 0; ) {
            int n = Math.min(BLOCK, left);
            if (scaled) {
                ScaledFloats.read(stream, block, n);
            } else {
                ScaledFloats.readPlain(stream, block, n);
            }
            left -= n;
            if (nulls == null && rows == null) {
                sum.addDoubles(block, n);
                continue;
            }
            int taken = 0;
            for (int i = 0; i < n; row++) {
                if (nulls != null && (nulls[row >>> 3] & (1 << (row & 7))) != 0) {
                    continue;
                }
                if (rows == null || (rows[row >>> 6] & (1L << row)) != 0) {
                    block[taken++] = block[i]; // taken <= i: the values not yet looked at stay
                }
                i++;
            }
            sum.addDoubles(block, taken);
        }
        stream.expectEnd("float stream");
    }

    /**
     * Adds the non-null values of the rows set in {@code rows} ({@code null}: every row) of a decoded
     * int, float or decimal column (a whole chunk's vector) to {@code sum}.
     */
    public static void add(ColumnVector values, long[] rows, ExactSum sum) {
        if (values.type() == ColumnType.FLOAT && rows == null && !values.hasNulls() && values.window() == 0) {
            sum.addDoubles(values.doubles(), values.size()); // every row's value, in one block
            return;
        }
        for (int r = 0; r < values.size(); r++) {
            if (values.isNull(r) || (rows != null && (rows[r >>> 6] & (1L << r)) == 0)) {
                continue;
            }
            switch (values.type()) {
                case INT -> sum.addLong(values.getLong(r));
                case FLOAT -> sum.addDouble(values.getDouble(r));
                case DECIMAL -> sum.addDecimal((BigDecimal) values.get(r));
                case BOOL, STRING, DATETIME, BINARY, JSON, LIST, OBJECT ->
                        throw new IllegalArgumentException("a " + values.type().typeName() + " column has no sum");
            }
        }
    }
}
