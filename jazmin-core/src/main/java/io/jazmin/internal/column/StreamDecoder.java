package io.jazmin.internal.column;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.error.JazminFormatException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.internal.json.JsonTexts;
import io.jazmin.schema.JsonText;
import io.jazmin.internal.wire.ByteReader;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Reads one column stream (spec §1.9) into a {@link ColumnVector}, treating every byte as hostile:
 * any inconsistency is a {@link JazminFormatException}, and no array is sized from a count before
 * that count has been checked against the bytes left.
 *
 * <p>Leniency and strictness where the spec is silent: bits of the null bitmap past the row count
 * are ignored, as are the unused bits of a bool bitmap's last byte, and a HAS_NULLS bitmap with no
 * bit set simply means no null. A dictionary must have at least one entry even when every row is
 * null (spec: k ≥ 1); a plain bool byte must be 0 or 1; a delta sum that overflows 64 bits and a
 * datetime outside years 1..9999 are format errors. List and object streams (encoding 5) are read
 * by {@link #decode(Column, ByteReader, int)} (spec §1.10).
 */
public final class StreamDecoder {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private StreamDecoder() {
    }

    /**
     * Decodes the stream of a column, scalar or nested, that fills exactly the window of {@code stream}.
     *
     * @param column   the column definition (for lists and objects with their items and fields)
     * @param stream   a reader over exactly the stream's bytes (after its varint length); consumed
     * @param rowCount the chunk's row count from the chunk directory
     * @return one value per row, nulls marked in the vector's bitmap
     * @throws JazminFormatException for damaged or inconsistent data, including bytes left over
     */
    public static ColumnVector decode(Column column, ByteReader stream, int rowCount) {
        return column.type().isNested() ? NestedDecoder.decode(column, stream, rowCount)
                : decode(column.type(), stream, rowCount);
    }

    /**
     * Decodes only rows {@code [from, to)} of a column's stream into a window vector (see
     * {@link ColumnVector#window()}): the stream is read as far as row {@code to} and no further,
     * and the values of earlier rows are not kept, so a query needing a few rows of a chunk
     * allocates for those rows only. Ints, datetimes, floats and plain strings before row
     * {@code from} are decoded (and checked) by the loop a whole column takes, which a fresh JVM runs
     * compiled; dictionary ids are skipped by their end bytes, eight at a time, without building an
     * entry. Bytes past row {@code to} are not read. List and object columns are decoded whole.
     */
    public static ColumnVector decode(Column column, ByteReader stream, int rowCount, int from, int to) {
        if (column.type().isNested() || (from == 0 && to == rowCount)) {
            return decode(column, stream, rowCount);
        }
        if (from < 0 || from > to || to > rowCount) {
            throw new IllegalArgumentException("rows " + from + ".." + to + " are not inside 0.." + rowCount);
        }
        return decode(column.type(), stream, rowCount, from, to, 0);
    }

    /**
     * Like {@link #decode(Column, ByteReader, int, int, int)} for a scalar column, from only the first
     * bytes of its stream (a lookup inflates no further than its rows need): {@code prefix} holds
     * them, {@code streamLength} is the whole stream's length, which bounds the counts as the whole
     * stream would.
     *
     * @throws JazminFormatException when the prefix ends before row {@code to} (or the stream is
     *                               damaged): the caller then decodes from the whole stream, which
     *                               tells the two apart
     */
    public static ColumnVector decodePrefix(Column column, ByteReader prefix, int streamLength, int rowCount,
                                            int from, int to) {
        if (column.type().isNested() || from < 0 || from > to || to > rowCount || streamLength < prefix.remaining()) {
            throw new IllegalArgumentException("rows " + from + ".." + to + " of a " + column.type().typeName()
                    + " stream of " + streamLength + " bytes cannot be decoded from a prefix of " + prefix.remaining());
        }
        return decode(column.type(), prefix, rowCount, from, to, streamLength - prefix.remaining());
    }

    /**
     * Decodes the stream of a scalar column that fills exactly the window of {@code stream}.
     *
     * @param type     the column type, not list or object (those need their definition:
     *                 {@link #decode(Column, ByteReader, int)})
     * @param stream   a reader over exactly the stream's bytes (after its varint length); consumed
     * @param rowCount the chunk's row count from the chunk directory
     * @return one value per row, nulls marked in the vector's bitmap
     * @throws JazminFormatException for damaged or inconsistent data, including bytes left over
     */
    public static ColumnVector decode(ColumnType type, ByteReader stream, int rowCount) {
        return decode(type, stream, rowCount, 0, rowCount, 0);
    }

    /**
     * Decodes a whole int or datetime stream, as {@link #decode(ColumnType, ByteReader, int)}, into
     * {@code into} (exactly {@code rowCount} longs, null rows set to 0) instead of a new array: for a
     * vector the caller uses briefly and whose array it then reuses (a filter column tested and dropped).
     */
    public static ColumnVector decodeLongsInto(ColumnType type, ByteReader stream, int rowCount, long[] into) {
        if ((type != ColumnType.INT && type != ColumnType.DATETIME) || into.length != rowCount) {
            throw new IllegalArgumentException("a " + type.typeName() + " stream of " + rowCount
                    + " rows cannot be decoded into " + into.length + " longs");
        }
        return decode(type, stream, rowCount, 0, rowCount, 0, into);
    }

    private static ColumnVector decode(ColumnType type, ByteReader stream, int rowCount, int from, int to,
                                       int missing) {
        return decode(type, stream, rowCount, from, to, missing, null);
    }

    /**
     * @param missing the bytes of the stream past the end of {@code stream} (a prefix), for the counts' bound
     * @param into    the array an int or datetime column's values go into, or {@code null} for a new one
     */
    private static ColumnVector decode(ColumnType type, ByteReader stream, int rowCount, int from, int to,
                                       int missing, long[] into) {
        if (type.isNested()) {
            throw new IllegalArgumentException("a " + type.typeName() + " column is decoded with its definition");
        }
        int flags = readFlags(type, stream, rowCount);
        int encoding = flags & StreamFormat.ENCODING_MASK;
        byte[] nulls = (flags & StreamFormat.HAS_NULLS) != 0 ? readNullBits(stream, rowCount) : null;
        int nonNull = nulls == null ? rowCount : rowCount - popCount(nulls);
        checkRoom(stream.remaining() + (long) missing, encoding, nonNull);
        Shape col = new Shape(type, rowCount, nulls, nonNull, from, to);
        ColumnVector result = switch (type) {
            case BOOL -> readBools(stream, encoding, col);
            case INT, DATETIME -> readLongs(stream, encoding, col, into);
            case FLOAT -> readDoubles(stream, encoding, col);
            case DECIMAL, STRING, BINARY, JSON -> readObjects(stream, encoding, col);
            case LIST, OBJECT -> throw new IllegalStateException("nested types are refused above");
        };
        if (col.whole() && stream.remaining() != 0) { // the message (a lower-cased name) only when it is thrown
            stream.expectEnd(type.typeName() + " stream");
        }
        return result;
    }

    /** The shape of the stream being decoded, and the rows {@code [from, to)} kept. */
    private record Shape(ColumnType type, int rows, byte[] nulls, int nonNull, int from, int to) {
        boolean isNull(int row) {
            return nulls != null && (nulls[row >>> 3] & (1 << (row & 7))) != 0;
        }

        boolean whole() {
            return from == 0 && to == rows;
        }

        int held() {
            return to - from;
        }

        /**
         * Where row {@code r} (from 0 up to the window's end) is stored: its slot in the window, the
         * first one for a row before it. Windows decode the rows before them in the loop a whole
         * column takes, with no branch of their own: a fresh JVM then runs it compiled by the whole
         * reads before, where a loop or branch only windows took would run interpreted (or make the
         * compiled loop deoptimize).
         */
        int slot(int r) {
            return Math.max(r - from, 0);
        }

        /** Where the loop over rows from 0 ends: the window's end, or 0 for an empty window (no first slot to store in). */
        int end() {
            return from < to ? to : 0;
        }

        /**
         * Whether the window's first row is null, so that its slot, which may hold a row before the
         * window, is cleared. Asked of whole columns too, with the same branches: see {@link #slot}.
         */
        boolean firstRowNull() {
            return from < to && isNull(from);
        }

        /** The non-null rows before the window: the values skipped to reach it. */
        int skipped() {
            if (nulls == null) {
                return from;
            }
            int nullRows = 0;
            int whole = from >>> 3;
            for (int i = 0; i < whole; i++) {
                nullRows += Integer.bitCount(nulls[i] & 0xFF);
            }
            if ((from & 7) != 0) {
                nullRows += Integer.bitCount(nulls[whole] & ((1 << (from & 7)) - 1));
            }
            return from - nullRows;
        }
    }

    /** A stream's flags byte, its reserved bits clear and its encoding one a {@code type} column may have. */
    static int readFlags(ColumnType type, ByteReader stream, int rowCount) {
        if (rowCount < 0) {
            throw new JazminFormatException("negative row count " + rowCount);
        }
        int flags = stream.u8();
        if ((flags & StreamFormat.RESERVED_FLAGS) != 0) {
            throw new JazminFormatException("reserved stream flag bits are set: 0x" + Integer.toHexString(flags));
        }
        int encoding = flags & StreamFormat.ENCODING_MASK;
        if (!StreamFormat.allowed(type, encoding)) {
            throw new JazminFormatException("encoding " + encoding + " is not valid for a " + type.typeName() + " column");
        }
        return flags;
    }

    /** Reads the bitmap, clearing stray bits past the last row; {@code null} when no row is null. */
    static byte[] readNullBits(ByteReader stream, int rowCount) {
        byte[] bits = stream.bytes(StreamFormat.bitmapBytes(rowCount));
        if ((rowCount & 7) != 0) {
            bits[bits.length - 1] &= (byte) ((1 << (rowCount & 7)) - 1);
        }
        return popCount(bits) == 0 ? null : bits;
    }

    static int popCount(byte[] bits) {
        int n = 0;
        for (byte b : bits) {
            n += Integer.bitCount(b & 0xFF);
        }
        return n;
    }

    /**
     * Every value takes at least one byte (a bool in a bitmap one bit), so a count the bytes left
     * cannot hold is damage, caught before the per-row arrays are allocated.
     */
    static void checkRoom(long left, int encoding, int nonNull) {
        long need = encoding == StreamFormat.BITMAP ? StreamFormat.bitmapBytes(nonNull) : nonNull;
        if (need > left) {
            throw new JazminFormatException(nonNull + " values cannot fit in the " + left + " bytes left of the stream");
        }
    }

    private static ColumnVector readBools(ByteReader stream, int encoding, Shape col) {
        boolean[] vals = new boolean[col.held()];
        if (encoding == StreamFormat.BITMAP) {
            int bitmap = stream.position();
            stream.skip(StreamFormat.bitmapBytes(col.nonNull));
            byte[] bits = stream.array();
            for (int r = col.from, i = col.skipped(); r < col.to; r++) {
                if (!col.isNull(r)) {
                    vals[r - col.from] = (bits[bitmap + (i >>> 3)] & (1 << (i & 7))) != 0;
                    i++;
                }
            }
        } else {
            stream.skip(col.skipped());
            for (int r = col.from; r < col.to; r++) {
                if (!col.isNull(r)) {
                    int b = stream.u8();
                    if (b > 1) {
                        throw new JazminFormatException("bool value byte must be 0 or 1, got " + b);
                    }
                    vals[r - col.from] = b == 1;
                }
            }
        }
        return col.whole() ? ColumnVector.ofBooleans(col.rows, vals, col.nulls)
                : ColumnVector.window(col.type, col.rows, col.from, col.nulls, null, null, vals, null, null);
    }

    private static ColumnVector readLongs(ByteReader stream, int encoding, Shape col, long[] into) {
        long[] vals = into != null ? into : new long[col.held()];
        if (into != null && col.nulls != null) {
            Arrays.fill(vals, 0); // null rows are 0, as in a new array
        }
        boolean delta = encoding == StreamFormat.DELTA;
        if (!delta && col.nulls == null && col.whole()) {
            // A whole plain column without nulls (ints of a scan): a value per row, nothing else to decide.
            stream.zigzags(vals, vals.length);
            if (StreamFormat.isEpochMillis(col.type)) {
                for (long v : vals) {
                    StreamFormat.checkDatetime(v);
                }
            }
            return ColumnVector.ofLongs(col.type, col.rows, vals, null);
        }
        if (delta && col.nulls == null && col.whole() && vals.length > 0) {
            long[] range = readDeltas(stream, vals);
            if (StreamFormat.isEpochMillis(col.type)) {
                for (long v : vals) {
                    StreamFormat.checkDatetime(v);
                }
            }
            return ColumnVector.ofLongs(col.type, col.rows, vals, null).noteLongRange(range[0], range[1]);
        }
        boolean first = true;
        long prev = 0;
        for (int r = 0; r < col.end(); r++) { // from row 0 also for a window (see Shape.slot)
            if (col.isNull(r)) {
                continue;
            }
            long v = stream.zigzag();
            if (delta && !first) {
                v = addDelta(prev, v);
            }
            vals[col.slot(r)] = v;
            prev = v;
            first = false;
        }
        if (col.firstRowNull()) {
            vals[0] = 0;
        }
        if (StreamFormat.isEpochMillis(col.type)) {
            for (int r = col.from; r < col.to; r++) {
                if (!col.isNull(r)) {
                    StreamFormat.checkDatetime(vals[r - col.from]);
                }
            }
        }
        return col.whole() ? ColumnVector.ofLongs(col.type, col.rows, vals, col.nulls)
                : ColumnVector.window(col.type, col.rows, col.from, col.nulls, vals, null, null, null, null);
    }

    /**
     * A whole delta-coded column without nulls into {@code vals}: each value the sum of its difference
     * and the value before, read and summed in one loop (no call per varint of one byte), an overflow
     * noted as the sums go and refused after them (as {@link #addDelta} refuses it). Eight differences
     * of one byte each (a slowly changing column's: ages, counters, sorted ids) are taken from one word,
     * with one test for the eight. Returns the smallest and largest value, found in passing (see
     * {@link ColumnVector#noteLongRange}).
     */
    private static long[] readDeltas(ByteReader stream, long[] vals) {
        byte[] b = stream.array();
        int p = stream.position();
        int oneLeft = p + stream.remaining() - 1; // a position from which one byte can be read
        int eightLeft = oneLeft - (Long.BYTES - 1); // a position from which eight bytes can be read
        long prev = 0; // the first difference is from 0, which cannot overflow
        long overflow = 0;
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        int i = 0;
        while (i < vals.length) {
            long word;
            // Eight one-byte differences lie within +-512 of prev: no overflow while prev is that far from the ends.
            if (i <= vals.length - Long.BYTES && p <= eightLeft
                    && ((word = (long) LONGS.get(b, p)) & 0x8080808080808080L) == 0
                    && prev > Long.MIN_VALUE + 512 && prev < Long.MAX_VALUE - 512) {
                for (int k = 0; k < Long.BYTES; k++) {
                    long z = (word >>> (k << 3)) & 0x7F;
                    prev += (z >>> 1) ^ -(z & 1);
                    vals[i + k] = prev;
                    lo = Math.min(lo, prev);
                    hi = Math.max(hi, prev);
                }
                i += Long.BYTES;
                p += Long.BYTES;
                continue;
            }
            long z;
            byte b0;
            if (p <= oneLeft && (b0 = b[p]) >= 0) {
                z = b0;
                p++;
            } else {
                stream.skip(p - stream.position());
                z = stream.varint();
                p = stream.position();
            }
            long d = (z >>> 1) ^ -(z & 1);
            long sum = prev + d;
            overflow |= (prev ^ sum) & (d ^ sum);
            vals[i++] = sum;
            prev = sum;
            lo = Math.min(lo, sum);
            hi = Math.max(hi, sum);
        }
        stream.skip(p - stream.position());
        if (overflow < 0) {
            throw new JazminFormatException("delta-encoded value overflows 64 bits");
        }
        return new long[] {lo, hi};
    }

    static long addDelta(long prev, long delta) {
        long sum = prev + delta;
        if (((prev ^ sum) & (delta ^ sum)) < 0) {
            throw new JazminFormatException("delta-encoded value overflows 64 bits");
        }
        return sum;
    }

    private static ColumnVector readDoubles(ByteReader stream, int encoding, Shape col) {
        double[] vals = new double[col.held()];
        boolean scaled = encoding == StreamFormat.SCALED;
        for (int r = 0; r < col.end(); r++) { // from row 0 also for a window (see Shape.slot)
            if (!col.isNull(r)) {
                vals[col.slot(r)] = scaled ? readScaled(stream) : stream.f64();
            }
        }
        if (col.firstRowNull()) {
            vals[0] = 0;
        }
        return col.whole() ? ColumnVector.ofDoubles(col.rows, vals, col.nulls)
                : ColumnVector.window(col.type, col.rows, col.from, col.nulls, null, vals, null, null, null);
    }

    /** One value of a scaled float stream: a raw double, or m / 10^s (also {@link StreamSum}'s). */
    static double readScaled(ByteReader stream) {
        int s = stream.u8();
        if (s == StreamFormat.RAW_FLOAT) {
            return stream.f64();
        }
        if (s > StreamFormat.MAX_READ_SCALE) {
            throw new JazminFormatException("invalid float scale " + s);
        }
        long m = stream.zigzag();
        if (m < -StreamFormat.MAX_READ_MANTISSA || m > StreamFormat.MAX_READ_MANTISSA) {
            throw new JazminFormatException("scaled float mantissa " + m + " exceeds 2^53");
        }
        return m / StreamFormat.POW10[s]; // one IEEE division, as the spec defines the value
    }

    private static ColumnVector readObjects(ByteReader stream, int encoding, Shape col) {
        if (col.type.isText() && encoding == StreamFormat.PLAIN) {
            return readPlainStrings(stream, col);
        }
        if (encoding == StreamFormat.DICTIONARY && col.whole()) {
            return readDictionaryCodes(stream, col);
        }
        Object[] vals = new Object[col.held()];
        if (encoding == StreamFormat.DICTIONARY) {
            readDictionary(stream, col, vals);
        } else {
            for (int i = col.skipped(); i > 0; i--) {
                skipPlainObject(stream, col.type);
            }
            boolean json = col.type == ColumnType.JSON;
            for (int r = col.from; r < col.to; r++) {
                if (!col.isNull(r)) {
                    vals[r - col.from] = json ? stream.utf8(stream.length()) : readPlainObject(stream, col.type);
                }
            }
            if (json) {
                wrapJson(vals, vals.length);
            }
        }
        return col.whole() ? ColumnVector.ofObjects(col.type, col.rows, vals)
                : ColumnVector.window(col.type, col.rows, col.from, col.nulls, null, null, null, vals, null);
    }

    /**
     * Checks the values and notes where each starts; strings are built only when asked for. A
     * one-byte length prefix is ASCII, so it can neither complete nor split a multi-byte sequence:
     * a run of values with such prefixes is checked as UTF-8 in one pass, prefixes included. The
     * longer prefixes are left out of the checks, so the same pass also tells whether every value is
     * ASCII ({@link PlainStrings} then builds them by a plain copy).
     */
    private static ColumnVector readPlainStrings(ByteReader stream, Shape col) {
        int[] starts = new int[col.held()];
        int unchecked = stream.position(); // start of the values not yet checked
        boolean allAscii = true;
        for (int r = 0; r < col.end(); r++) { // from row 0 also for a window (see Shape.slot)
            if (!col.isNull(r)) {
                int start = stream.position();
                starts[col.slot(r)] = start;
                int length = stream.length();
                if (length < 0x80) {
                    stream.skip(length);
                } else {
                    allAscii &= stream.checkUtf8(unchecked, start);
                    allAscii &= stream.skipUtf8(length);
                    unchecked = stream.position();
                }
            }
        }
        allAscii &= stream.checkUtf8(unchecked, stream.position());
        if (col.firstRowNull()) {
            starts[0] = 0;
        }
        PlainStrings values = new PlainStrings(stream.array(), stream.position(), starts, allAscii);
        return col.whole() ? ColumnVector.ofPlainStrings(col.rows, col.nulls, values)
                : ColumnVector.window(col.type, col.rows, col.from, col.nulls, null, null, null, null, values);
    }

    /** The number of dictionary entries, checked (an entry takes at least one byte, a decimal two). */
    private static int dictionarySize(ByteReader stream, Shape col) {
        int k = stream.count(StreamFormat.isVarintPair(col.type) ? 2 : 1);
        if (k == 0) {
            throw new JazminFormatException("empty dictionary");
        }
        return k;
    }

    /** A dictionary id, checked against the {@code k} entries. */
    private static int dictionaryId(ByteReader stream, int k) {
        long id = stream.varint();
        if (id < 0 || id >= k) {
            throw new JazminFormatException("dictionary index " + Long.toUnsignedString(id)
                    + " out of range (" + k + " entries)");
        }
        return (int) id;
    }

    /**
     * A whole dictionary-coded column kept as its entries and an id per row (see
     * {@link ColumnVector#dictionaryCodes()}): a filter tests each entry once, not each row. Without
     * nulls and with at most 128 entries, when every row's id is one byte within the dictionary, the
     * vector keeps the stream's id bytes as they are ({@link DictionaryCodes}); otherwise an int per row.
     */
    private static ColumnVector readDictionaryCodes(ByteReader stream, Shape col) {
        int k = dictionarySize(stream, col);
        Object[] entries = new Object[k];
        boolean json = col.type == ColumnType.JSON;
        for (int e = 0; e < k; e++) {
            entries[e] = json ? stream.utf8(stream.length()) : readPlainObject(stream, col.type);
        }
        if (json) {
            wrapJson(entries, k);
        }
        byte[] b = stream.array();
        int p = stream.position();
        int end = p + stream.remaining();
        if (col.nulls == null && end - p >= col.rows) {
            DictionaryCodes ids = DictionaryCodes.ofBytes(b, p, col.rows, k);
            if (ids != null) {
                stream.skip(col.rows);
                return ColumnVector.ofDictionary(col.type, col.rows, null, entries, ids);
            }
        }
        // Nulls, ids of several bytes or out of range: each read (or refused) as a varint.
        int[] codes = new int[col.rows];
        int r = 0;
        if (col.nulls == null) {
            // No null row: one-byte ids within the dictionary in one tight loop, up to the first other one.
            int oneByte = Math.min(k, 0x80);
            int run = Math.min(col.rows, end - p);
            while (r < run) {
                int id = b[p + r] & 0xFF;
                if (id >= oneByte) {
                    break;
                }
                codes[r++] = id;
            }
            p += r;
        }
        for (; r < col.rows; r++) {
            if (col.isNull(r)) {
                continue;
            }
            if (p < end && b[p] >= 0 && b[p] < k) {
                codes[r] = b[p++]; // a one-byte id within the dictionary: most are
            } else {
                stream.skip(p - stream.position());
                codes[r] = dictionaryId(stream, k); // reads or refuses anything else
                p = stream.position();
            }
        }
        stream.skip(p - stream.position());
        return ColumnVector.ofDictionary(col.type, col.rows, col.nulls, entries, DictionaryCodes.of(codes));
    }

    /** A window's rows of a dictionary-coded column: only the entries those rows use are built. */
    private static void readDictionary(ByteReader stream, Shape col, Object[] vals) {
        int k = dictionarySize(stream, col);
        Object[] entries = new Object[k];
        // Length-prefixed entries are skipped till a row asks for them.
        int[] at = new int[k];
        for (int e = 0; e < k; e++) {
            at[e] = stream.position();
            skipPlainObject(stream, col.type);
        }
        int end = stream.position() + stream.remaining();
        stream.skipVarints(col.skipped());
        for (int r = col.from; r < col.to; r++) {
            if (!col.isNull(r)) {
                int id = dictionaryId(stream, k);
                Object entry = entries[id];
                if (entry == null) {
                    entry = readPlainObject(new ByteReader(stream.array(), at[id], end - at[id]), col.type);
                    entries[id] = entry;
                }
                vals[r - col.from] = entry;
            }
        }
    }

    /** Moves past one value without reading it: a decimal is two varints (scale, mantissa), the rest length-prefixed. */
    static void skipPlainObject(ByteReader stream, ColumnType type) {
        if (StreamFormat.isVarintPair(type)) {
            stream.skipVarints(2);
        } else {
            stream.skip(stream.length());
        }
    }

    static Object readPlainObject(ByteReader stream, ColumnType type) {
        return switch (type) {
            case DECIMAL -> Decimals.read(stream);
            case STRING -> stream.utf8(stream.length());
            case BINARY -> stream.bytes(stream.length());
            case JSON -> readJson(stream);
            // readObjects is only called for the four types above
            case BOOL, INT, FLOAT, DATETIME, LIST, OBJECT -> throw new IllegalStateException(type.typeName());
        };
    }

    /** The json texts among {@code values[0..count)} checked together and wrapped (see {@link JsonTexts#wrapAllValid}). */
    private static void wrapJson(Object[] values, int count) {
        try {
            JsonTexts.wrapAllValid(JsonText.class, values, 0, count);
        } catch (JazminValidationException e) {
            throw invalidJson(e);
        }
    }

    private static JsonText readJson(ByteReader stream) {
        String text = stream.utf8(stream.length());
        try {
            return JsonText.of(text);
        } catch (JazminValidationException e) {
            throw invalidJson(e);
        }
    }

    /** A stored json text that is not valid JSON: the file is damaged, not the caller's input. */
    private static JazminFormatException invalidJson(JazminValidationException e) {
        return new JazminFormatException("json value is not valid: " + e.getMessage(), e);
    }
}
