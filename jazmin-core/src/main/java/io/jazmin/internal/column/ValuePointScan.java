package io.jazmin.internal.column;

import io.jazmin.internal.wire.ByteReader;
import io.jazmin.schema.ColumnType;
import java.util.Arrays;

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
        int p = 0;
        for (int i = 0; i < nonNull && p < n; i++) {
            if (i > 0 && i % every == 0) {
                values[p] = i;
                offsets[p] = in.position() - off;
                if (delta) {
                    running[p] = last;
                }
                p++;
            }
            last = skipValue(type, encoding, in, i == 0 ? 0 : last);
        }
        return new Found(Arrays.copyOf(values, p), Arrays.copyOf(offsets, p), running == null ? null
                : Arrays.copyOf(running, p));
    }

    /** Moves past one value; for ints, returns it (a delta added to {@code before}), else 0. */
    static long skipValue(ColumnType type, int encoding, ByteReader in, long before) {
        switch (type) {
            case INT, DATETIME -> {
                long v = in.zigzag();
                return encoding == StreamFormat.DELTA ? before + v : v;
            }
            case FLOAT -> {
                if (encoding == StreamFormat.SCALED) {
                    StreamDecoder.readScaled(in);
                } else {
                    in.skip(Double.BYTES);
                }
            }
            case STRING, DECIMAL, BINARY, JSON -> {
                if (encoding == StreamFormat.DICTIONARY) {
                    in.skipVarints(1);
                } else {
                    StreamDecoder.skipPlainObject(in, type);
                }
            }
            case BOOL -> in.skip(1);
            case LIST, OBJECT -> throw new IllegalArgumentException("nested values have no value points");
        }
        return 0;
    }
}
