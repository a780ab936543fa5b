package io.jazmin.internal.column;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.wire.ByteReader;
import io.jazmin.schema.ColumnType;

/**
 * Decodes a few rows of a scalar column stream from a value point (see
 * {@code io.jazmin.internal.compress.ValuePoints}) instead of from the stream's start: the stream's
 * head (flags, null bitmap and, for a dictionary, its entries) is read first ({@link #head}), then
 * the values of the segment of the stream between the point and a later one (or the stream's end),
 * of which the window's rows are kept. Every value of the segment is read and checked, and the
 * segment must end exactly after the last: a point whose offset, index or spacing is wrong then
 * fails as damage instead of giving another row's value (what cannot be checked so: see
 * {@code docs/internals.md}, "Value points").
 */
public final class ValuePointDecoder {
    private ValuePointDecoder() {
    }

    /** Bytes of a stream's head without dictionary entries: its flags byte and null bitmap. */
    public static int plainHeadBytes(int rowCount) {
        return 1 + StreamFormat.bitmapBytes(rowCount);
    }

    /**
     * A stream's head, read from {@code in} (from its flags byte).
     *
     * @param streamLength the whole stream's bytes (after its length varint), for the value count's bound
     * @param more         whether the stream's bytes before its first value point go on past {@code in}'s end
     * @return the head, or {@code null} when {@code more} and it runs past {@code in}'s end (a null bitmap,
     *         a dictionary's entries: the caller then reads it again over more bytes)
     */
    public static Head head(ColumnType type, ByteReader in, int rowCount, int streamLength, boolean more) {
        try {
            return readHead(type, in, rowCount, streamLength);
        } catch (JazminFormatException e) {
            if (more) {
                return null; // the head may go on past the bytes given
            }
            throw e;
        }
    }

    private static Head readHead(ColumnType type, ByteReader in, int rowCount, int streamLength) {
        int begin = in.position();
        int flags = StreamDecoder.readFlags(type, in, rowCount);
        int encoding = flags & StreamFormat.ENCODING_MASK;
        byte[] nulls = (flags & StreamFormat.HAS_NULLS) != 0 ? StreamDecoder.readNullBits(in, rowCount) : null;
        int nonNull = nulls == null ? rowCount : rowCount - StreamDecoder.popCount(nulls);
        StreamDecoder.checkRoom(streamLength - (long) (in.position() - begin), encoding, nonNull);
        if (encoding == StreamFormat.BITMAP || type.isNested()) {
            throw new JazminFormatException("a " + type.typeName() + " stream of encoding " + encoding
                    + " has value points");
        }
        Object[] entries = null;
        int[] at = null;
        if (encoding == StreamFormat.DICTIONARY) {
            int k = in.count(StreamFormat.isVarintPair(type) ? 2 : 1);
            if (k == 0) {
                throw new JazminFormatException("empty dictionary");
            }
            entries = new Object[k];
            at = new int[k + 1];
            for (int e = 0; e < k; e++) {
                at[e] = in.position();
                StreamDecoder.skipPlainObject(in, type);
            }
            at[k] = in.position();
        }
        return new Head(type, rowCount, encoding, nulls, nonNull, in.position() - begin, entries, at, in.array());
    }

    /** A stream's head: its encoding, null rows and dictionary entries. */
    public static final class Head {
        private final ColumnType type;
        private final int rowCount;
        private final int encoding;
        private final byte[] nulls;
        private final int nonNull;
        private final int length;
        private final Object[] entries;
        private final int[] entryAt;
        private final byte[] bytes;

        Head(ColumnType type, int rowCount, int encoding, byte[] nulls, int nonNull, int length, Object[] entries,
             int[] entryAt, byte[] bytes) {
            this.type = type;
            this.rowCount = rowCount;
            this.encoding = encoding;
            this.nulls = nulls;
            this.nonNull = nonNull;
            this.length = length;
            this.entries = entries;
            this.entryAt = entryAt;
            this.bytes = bytes;
        }

        /** The stream's non-null values. */
        public int nonNull() {
            return nonNull;
        }

        /** The head's bytes from the flags byte: no value point may lie inside them. */
        public int length() {
            return length;
        }

        /** Whether the stream is delta-encoded (its points must give running values). */
        public boolean delta() {
            return encoding == StreamFormat.DELTA;
        }

        private boolean isNull(int row) {
            return nulls != null && (nulls[row >>> 3] & (1 << (row & 7))) != 0;
        }

        /** The index among the stream's non-null values of the first non-null row at or after {@code row}. */
        public int valueIndex(int row) {
            if (nulls == null) {
                return row;
            }
            int nullRows = 0;
            for (int i = 0; i < row >>> 3; i++) {
                nullRows += Integer.bitCount(nulls[i] & 0xFF);
            }
            if ((row & 7) != 0) {
                nullRows += Integer.bitCount(nulls[row >>> 3] & ((1 << (row & 7)) - 1));
            }
            return row - nullRows;
        }

        /**
         * Rows {@code [from, to)} as a window vector, from the {@code count} values starting with value
         * {@code first} that fill {@code segment} exactly (each read and checked); {@code running} is the
         * value before {@code first} of a delta stream, and {@code nextRunning}, when {@code checked}, the
         * one the next point gives, which the segment's last value must equal.
         *
         * @throws JazminFormatException when the segment does not hold exactly those values, its last
         *                               value is not the next point's running value, or the window's
         *                               values are not all in it
         */
        public ColumnVector window(ByteReader segment, int first, int count, long running, boolean checked,
                                   long nextRunning, int from, int to) {
            int begin = valueIndex(from);
            int end = valueIndex(to); // the window's values are [begin, end)
            if (begin < first || end > first + count || count <= 0 || first + (long) count > nonNull) {
                throw new JazminFormatException("value point " + first + " (" + count + " values) does not cover rows "
                        + from + ".." + to + " (values " + begin + ".." + end + " of " + nonNull + ")");
            }
            int held = to - from;
            long[] longs = type == ColumnType.INT || type == ColumnType.DATETIME ? new long[held] : null;
            double[] doubles = type == ColumnType.FLOAT ? new double[held] : null;
            boolean[] bools = type == ColumnType.BOOL ? new boolean[held] : null;
            Object[] objects = longs == null && doubles == null && bools == null ? new Object[held] : null;
            long prev = running;
            int row = from;
            for (int v = first; v < first + count; v++) {
                boolean kept = v >= begin && v < end;
                if (kept) {
                    while (isNull(row)) {
                        row++;
                    }
                }
                int slot = row - from;
                switch (type) {
                    case INT, DATETIME -> {
                        long x = segment.zigzag();
                        prev = encoding == StreamFormat.DELTA ? StreamDecoder.addDelta(prev, x) : x;
                        if (kept) {
                            longs[slot] = StreamFormat.isEpochMillis(type) ? StreamFormat.checkDatetime(prev) : prev;
                        }
                    }
                    case FLOAT -> {
                        double x = encoding == StreamFormat.SCALED ? StreamDecoder.readScaled(segment) : segment.f64();
                        if (kept) {
                            doubles[slot] = x;
                        }
                    }
                    case BOOL -> {
                        int b = segment.u8();
                        if (b > 1) {
                            throw new JazminFormatException("bool value byte must be 0 or 1, got " + b);
                        }
                        if (kept) {
                            bools[slot] = b == 1;
                        }
                    }
                    case STRING, DECIMAL, BINARY, JSON -> {
                        if (encoding == StreamFormat.DICTIONARY) {
                            long id = segment.varint();
                            if (id < 0 || id >= entries.length) {
                                throw new JazminFormatException("dictionary index " + Long.toUnsignedString(id)
                                        + " out of range (" + entries.length + " entries)");
                            }
                            if (kept) {
                                objects[slot] = entry((int) id);
                            }
                        } else if (kept) {
                            objects[slot] = StreamDecoder.readPlainObject(segment, type);
                        } else {
                            StreamDecoder.skipPlainObject(segment, type);
                        }
                    }
                    case LIST, OBJECT -> throw new IllegalStateException("nested streams have no value points");
                }
                if (kept) {
                    row++;
                }
            }
            segment.expectEnd(type.typeName() + " values between value points");
            if (checked && encoding == StreamFormat.DELTA && prev != nextRunning) {
                throw new JazminFormatException("the values from value point " + first + " end at " + prev
                        + ", not at the running value " + nextRunning + " of the next point");
            }
            return ColumnVector.window(type, rowCount, from, nulls, longs, doubles, bools, objects, null);
        }

        private Object entry(int id) {
            if (entries[id] == null) {
                entries[id] = StreamDecoder.readPlainObject(
                        new ByteReader(bytes, entryAt[id], entryAt[id + 1] - entryAt[id]), type);
            }
            return entries[id];
        }
    }
}
