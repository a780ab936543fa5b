package io.jazmin.internal.column;

import io.jazmin.internal.wire.ByteReader;
import io.jazmin.schema.ColumnType;

/**
 * Where a column stream's values lie, for the value points of a part with column flush points: the
 * byte offset of every {@code every}-th non-null value of the stream's body (after its flags, null
 * bitmap and, for a dictionary, its entries), and for a delta-encoded int or datetime stream the
 * running value before it, from which a reader decodes the values that follow. Walks a stream this
 * writer has just encoded, so it leaves {@link StreamEncoder}'s loops as they are. Bitmap (bool) and
 * nested streams get none: a bool is a bit, and nested values are decoded whole.
 */
public final class ValuePointScan {
    private ValuePointScan() {
    }

    /**
     * The value points of one stream.
     *
     * @param values  per point, the index of the first non-null value after it (a multiple of the spacing)
     * @param offsets per point, that value's offset from the stream's flags byte
     * @param running per point, the value before it in a delta stream; {@code null} for other encodings
     */
    public record Found(int[] values, int[] offsets, long[] running) {
        static final Found NONE = new Found(new int[0], new int[0], null);

        public int count() {
            return values.length;
        }
    }

    /**
     * The points of the stream {@code stream[off..off+len)} (from its flags byte, without its length
     * varint) of a {@code type} column of {@code rowCount} rows, one before every value whose index is
     * a positive multiple of {@code every}.
     */
    public static Found scan(ColumnType type, byte[] stream, int off, int len, int rowCount, int every) {
        if (type.isNested() || type == ColumnType.BOOL || every <= 0) {
            return Found.NONE;
        }
        ByteReader in = new ByteReader(stream, off, len);
        int flags = StreamDecoder.readFlags(type, in, rowCount);
        int encoding = flags & StreamFormat.ENCODING_MASK;
        byte[] nulls = (flags & StreamFormat.HAS_NULLS) != 0 ? StreamDecoder.readNullBits(in, rowCount) : null;
        int nonNull = nulls == null ? rowCount : rowCount - StreamDecoder.popCount(nulls);
        int n = nonNull <= every ? 0 : (nonNull - 1) / every;
        if (n == 0 || encoding == StreamFormat.BITMAP) {
            return Found.NONE;
        }
        if (encoding == StreamFormat.DICTIONARY) {
            int k = in.varintInt();
            for (int e = 0; e < k; e++) {
                StreamDecoder.skipPlainObject(in, type);
            }
        }
        boolean delta = encoding == StreamFormat.DELTA;
        int[] values = new int[n];
        int[] offsets = new int[n];
        long[] running = delta ? new long[n] : null;
        long last = 0;
        for (int p = 0; p < n; p++) {
            last = skipValues(type, encoding, in, every, last); // the values before point p
            values[p] = (p + 1) * every;
            offsets[p] = in.position() - off;
            if (delta) {
                running[p] = last;
            }
        }
        return new Found(values, offsets, running);
    }

    /**
     * Moves past {@code count} values; for a delta stream, returns the last of them (the deltas added to
     * {@code before}), else 0. The stream is the one this writer has just encoded: values are skipped
     * whole where their form allows (varints eight bytes a word), not decoded.
     */
    static long skipValues(ColumnType type, int encoding, ByteReader in, int count, long before) {
        switch (type) {
            case INT, DATETIME -> {
                if (encoding != StreamFormat.DELTA) {
                    in.skipVarints(count); // one zigzag varint a value
                    return 0;
                }
                long v = before;
                for (int i = 0; i < count; i++) {
                    v += in.zigzag();
                }
                return v;
            }
            case FLOAT -> {
                if (encoding != StreamFormat.SCALED) {
                    in.skip(count * Double.BYTES);
                    return 0;
                }
                for (int i = 0; i < count; i++) { // a scale byte, then a raw double or a zigzag mantissa
                    if (in.u8() == StreamFormat.RAW_FLOAT) {
                        in.skip(Double.BYTES);
                    } else {
                        in.skipVarints(1);
                    }
                }
            }
            case STRING, DECIMAL, BINARY, JSON -> {
                if (encoding == StreamFormat.DICTIONARY) {
                    in.skipVarints(count); // one entry number a value
                } else {
                    for (int i = 0; i < count; i++) {
                        StreamDecoder.skipPlainObject(in, type);
                    }
                }
            }
            case BOOL, LIST, OBJECT -> throw new IllegalArgumentException(type.typeName() + " values have no value points");
        }
        return 0;
    }
}
