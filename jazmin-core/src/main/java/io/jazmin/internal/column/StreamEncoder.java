package io.jazmin.internal.column;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.JsonText;
import io.jazmin.internal.wire.ByteWriter;
import java.math.BigDecimal;

/**
 * Writes one column stream (spec §1.9): flags byte, null bitmap when a row is null, then the
 * non-null values. The encoding is chosen exactly as the reference writer chooses it, so the bytes
 * equal the reference's for the same values.
 */
public final class StreamEncoder {
    private StreamEncoder() {
    }

    /**
     * Appends the stream of {@code values} (without the outer varint length) to {@code out}; list and
     * object columns are written with the nested encoding (spec §1.10).
     *
     * @param column the column definition; its type must be the vector's type
     * @param values the column values of one chunk (for nested columns in child-vector form, see
     *               {@link NestedVectors})
     * @param out    where the stream is appended
     * @return what {@link #encode(ColumnType, ColumnVector, ByteWriter)} returns; {@code null} for a nested column
     * @throws io.jazmin.error.JazminValidationException for a decimal beyond the format's limits
     */
    public static int[] encode(Column column, ColumnVector values, ByteWriter out) {
        if (column.type().isNested()) {
            NestedEncoder.encode(column, values, out);
            return null;
        }
        return encode(column.type(), values, out);
    }

    /**
     * Appends the stream of scalar {@code values} (without the outer varint length) to {@code out}.
     *
     * @param type   the column type; must be the vector's type, and not list or object (those need
     *               their definition: {@link #encode(Column, ColumnVector, ByteWriter)})
     * @param values the column values of one chunk
     * @param out    where the stream is appended
     * @return for strings written as a dictionary, the rows of the smallest and largest value, found over
     *         its distinct values (for the chunk's statistics: {@link ChunkStatistics#compute(ColumnVector, int[])}),
     *         else {@code null}
     * @throws io.jazmin.error.JazminValidationException for a decimal beyond the format's limits
     */
    public static int[] encode(ColumnType type, ColumnVector values, ByteWriter out) {
        if (type.isNested()) {
            throw new IllegalArgumentException("a " + type.typeName() + " column is encoded with its definition");
        }
        if (values.type() != type) {
            throw new IllegalArgumentException("vector of type " + values.type().typeName() + " given for a "
                    + type.typeName() + " column");
        }
        Rows rows = Rows.of(values);
        switch (type) {
            case BOOL -> writeBools(values, rows, out);
            case INT, DATETIME -> writeLongs(values, rows, out);
            case FLOAT -> writeDoubles(values, rows, out);
            case STRING, DECIMAL -> {
                return writeTexts(type, values, rows, out);
            }
            case BINARY, JSON -> writeOpaque(type, values, rows, out);
            case LIST, OBJECT -> throw new IllegalStateException("nested types are refused above");
        }
        return null;
    }

    /** The rows of a vector that are not null, and the bitmap to write (masked to the row count). */
    record Rows(int size, byte[] nullBits, int nonNull) {
        static Rows of(ColumnVector v) {
            int size = v.size();
            byte[] given = v.nullBits();
            if (given == null) {
                return new Rows(size, null, size);
            }
            byte[] bits = new byte[StreamFormat.bitmapBytes(size)];
            System.arraycopy(given, 0, bits, 0, Math.min(bits.length, given.length));
            if ((size & 7) != 0) {
                bits[bits.length - 1] &= (byte) ((1 << (size & 7)) - 1); // bits past the last row mean nothing
            }
            int nulls = 0;
            for (byte b : bits) {
                nulls += Integer.bitCount(b & 0xFF);
            }
            return nulls == 0 ? new Rows(size, null, size) : new Rows(size, bits, size - nulls);
        }

        boolean isNull(int row) {
            return nullBits != null && (nullBits[row >>> 3] & (1 << (row & 7))) != 0;
        }
    }

    static void header(ByteWriter out, int encoding, Rows rows) {
        if (rows.nullBits == null) {
            out.u8(encoding);
        } else {
            out.u8(encoding | StreamFormat.HAS_NULLS);
            out.bytes(rows.nullBits);
        }
    }

    private static void writeBools(ColumnVector v, Rows rows, ByteWriter out) {
        boolean[] all = v.booleans();
        byte[] bits = new byte[StreamFormat.bitmapBytes(rows.nonNull)];
        for (int r = 0, i = 0; r < rows.size; r++) {
            if (!rows.isNull(r)) {
                if (all[r]) {
                    bits[i >>> 3] |= (byte) (1 << (i & 7));
                }
                i++;
            }
        }
        header(out, StreamFormat.BITMAP, rows);
        out.bytes(bits);
    }

    private static void writeLongs(ColumnVector v, Rows rows, ByteWriter out) {
        long[] vals = nonNullLongs(v.longs(), rows);
        int n = rows.nonNull;
        if (n > 1 && deltaIsSmaller(vals, n)) {
            header(out, StreamFormat.DELTA, rows);
            out.zigzag(vals[0]);
            for (int i = 1; i < n; i++) {
                out.zigzag(vals[i] - vals[i - 1]);
            }
            return;
        }
        header(out, StreamFormat.PLAIN, rows);
        for (int i = 0; i < n; i++) {
            out.zigzag(vals[i]);
        }
    }

    /** Delta only when every difference of {@code vals[0..n)} fits int64 and the body gets strictly smaller. */
    private static boolean deltaIsSmaller(long[] vals, int n) {
        long plain = ByteWriter.zigzagSize(vals[0]);
        long delta = plain;
        for (int i = 1; i < n; i++) {
            long d = vals[i] - vals[i - 1];
            if (((vals[i] ^ vals[i - 1]) & (vals[i] ^ d)) < 0) {
                return false; // the difference overflows int64
            }
            plain += ByteWriter.zigzagSize(vals[i]);
            delta += ByteWriter.zigzagSize(d);
        }
        return delta < plain;
    }

    /** The non-null values first, in row order: {@code all} itself without nulls, else the thread's scratch. */
    private static long[] nonNullLongs(long[] all, Rows rows) {
        if (rows.nullBits == null) {
            return all;
        }
        long[] vals = EncoderScratch.get().longs(rows.nonNull);
        for (int r = 0, i = 0; r < rows.size; r++) {
            if (!rows.isNull(r)) {
                vals[i++] = all[r];
            }
        }
        return vals;
    }

    private static void writeDoubles(ColumnVector v, Rows rows, ByteWriter out) {
        double[] all = v.doubles();
        EncoderScratch scratch = EncoderScratch.get();
        int n = rows.nonNull;
        double[] vals = all;
        if (rows.nullBits != null) {
            vals = scratch.doubles(n);
            for (int r = 0, i = 0; r < rows.size; r++) {
                if (!rows.isNull(r)) {
                    vals[i++] = all[r];
                }
            }
        }
        int[] scales = scratch.ints(EncoderScratch.Ints.SCALES, n);
        long[] mantissas = scratch.longs(n);
        FloatScaling.scaleAll(vals, n, scales, mantissas);
        long scaledSize = 0;
        for (int i = 0; i < n; i++) {
            scaledSize += scales[i] == FloatScaling.NONE ? 9 : 1 + ByteWriter.zigzagSize(mantissas[i]);
        }
        if (scaledSize < 8L * n) {
            header(out, StreamFormat.SCALED, rows);
            for (int i = 0; i < n; i++) {
                if (scales[i] == FloatScaling.NONE) {
                    out.u8(StreamFormat.RAW_FLOAT).f64(vals[i]);
                } else {
                    out.u8(scales[i]).zigzag(mantissas[i]);
                }
            }
            return;
        }
        header(out, StreamFormat.PLAIN, rows);
        for (int i = 0; i < n; i++) {
            out.f64(vals[i]);
        }
    }

    /**
     * Strings and decimals: a dictionary when at most half the values are distinct. Decimals are
     * distinct by their stored text, i.e. by scale and mantissa ({@link BigDecimal#equals}), so
     * {@code 1.5} and {@code 1.50} are two entries, as in the reference writer. Strings that come
     * with their encoded bytes (a chunk being written, a plain stream read back) are looked up in
     * the dictionary and copied by those bytes, never made {@code String}s nor encoded again.
     *
     * @return for strings with their bytes written as a dictionary, the rows of the smallest and largest
     *         value, else {@code null}
     */
    private static int[] writeTexts(ColumnType type, ColumnVector v, Rows rows, ByteWriter out) {
        boolean decimal = StreamFormat.isVarintPair(type);
        PlainStrings encoded = decimal ? null : v.plainStrings();
        int n = rows.nonNull;
        EncoderScratch scratch = EncoderScratch.get();
        int[] rowOf = scratch.ints(EncoderScratch.Ints.ROWS, n);
        for (int r = 0, i = 0; r < rows.size; r++) {
            if (!rows.isNull(r)) {
                rowOf[i++] = r;
            }
        }
        Object[] vals = null;
        if (encoded == null) {
            Object[] all = v.objects();
            vals = new Object[n];
            for (int i = 0; i < n; i++) {
                vals[i] = decimal ? Decimals.normalize((BigDecimal) all[rowOf[i]]) : all[rowOf[i]];
            }
        }
        TextDictionary ids = scratch.dictionary;
        ids.reset(n / 2 + 1);
        int[] boundRows = null;
        try {
            int[] index = scratch.ints(EncoderScratch.Ints.ENTRIES, n);
            int[] firstOf = scratch.ints(EncoderScratch.Ints.FIRSTS, n / 2 + 1); // per entry, the value that brought it
            if (n > 0 && dictionaryWins(vals, encoded, rowOf, n, ids, index, firstOf)) {
                if (encoded != null) {
                    // The chunk's statistics need the smallest and largest value: found here over the
                    // few distinct values instead of over every row.
                    boundRows = EncodedStringRange.ofEntries(v, encoded, rowOf, firstOf, ids.size());
                }
                header(out, StreamFormat.DICTIONARY, rows);
                out.varint(ids.size());
                for (int e = 0; e < ids.size(); e++) {
                    if (encoded != null) {
                        copyValue(encoded, rowOf, n, firstOf[e], out);
                    } else {
                        writeText(decimal, ids.entry(e), out);
                    }
                }
                for (int i = 0; i < n; i++) {
                    out.varint(index[i]);
                }
            } else {
                header(out, StreamFormat.PLAIN, rows);
                if (encoded != null) {
                    if (n > 0) {
                        int from = encoded.start(rowOf[0]);
                        out.bytes(encoded.bytes(), from, encoded.end() - from); // the values lie one after another
                    }
                } else {
                    for (Object x : vals) {
                        writeText(decimal, x, out);
                    }
                }
            }
        } finally {
            ids.clear(); // the thread's table keeps none of the chunk's values
        }
        return boundRows;
    }

    /**
     * Fills {@code ids} with the distinct values, {@code index} with each value's entry and
     * {@code firstOf} with each entry's first value, unless more than half the values are distinct.
     * The values are {@code vals}, or when {@code encoded} is given, its bytes of the rows {@code rowOf[0..n)}.
     */
    private static boolean dictionaryWins(Object[] vals, PlainStrings encoded, int[] rowOf, int n, TextDictionary ids,
                                          int[] index, int[] firstOf) {
        for (int i = 0; i < n; i++) {
            int before = ids.size();
            int id = encoded != null ? ids.idOfEncoded(encoded.bytes(), encoded.start(rowOf[i])) : ids.idOf(vals[i]);
            if (id == before) {
                if (2L * ids.size() > n) {
                    return false; // past half distinct a dictionary can no longer win
                }
                firstOf[id] = i;
            }
            index[i] = id;
        }
        return true;
    }

    /** Copies the length-prefixed bytes of the {@code i}-th of the {@code n} non-null values. */
    private static void copyValue(PlainStrings encoded, int[] rowOf, int n, int i, ByteWriter out) {
        int from = encoded.start(rowOf[i]);
        int to = i + 1 < n ? encoded.start(rowOf[i + 1]) : encoded.end();
        out.bytes(encoded.bytes(), from, to - from);
    }

    private static void writeText(boolean decimal, Object value, ByteWriter out) {
        if (decimal) {
            Decimals.writeNormalized((BigDecimal) value, out);
        } else {
            out.lengthPrefixed(Utf8.encode((String) value));
        }
    }

    private static void writeOpaque(ColumnType type, ColumnVector v, Rows rows, ByteWriter out) {
        Object[] all = v.objects();
        header(out, StreamFormat.PLAIN, rows);
        for (int r = 0; r < rows.size; r++) {
            if (!rows.isNull(r)) {
                byte[] bytes = switch (type) {
                    case JSON -> Utf8.encode(((JsonText) all[r]).text());
                    case BINARY -> (byte[]) all[r];
                    case BOOL, INT, FLOAT, DECIMAL, STRING, DATETIME, LIST, OBJECT ->
                            throw new IllegalArgumentException(type.typeName() + " values are not opaque bytes");
                };
                out.lengthPrefixed(bytes);
            }
        }
    }
}
