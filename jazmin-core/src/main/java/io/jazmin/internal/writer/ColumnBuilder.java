package io.jazmin.internal.writer;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.JsonText;
import io.jazmin.internal.column.ColumnVector;
import io.jazmin.internal.column.NestedVectors;
import io.jazmin.internal.wire.ByteWriter;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Collects one column's values for the chunk being built and hands them over as a
 * {@link ColumnVector}. Also keeps a rough count of raw bytes so chunks can be cut near the
 * byte limit.
 */
final class ColumnBuilder {
    private final Column column;
    private final ColumnType type;
    private int size;
    /** Rows the value array holds before it must grow. */
    private int capacity;
    /**
     * The rows of a full chunk: growing stops there first, so that a full chunk's arrays are as long
     * as its rows and are handed over as they are ({@link #take}).
     */
    private final int chunkRows;
    private byte[] nulls;
    private boolean anyNull;
    private long[] longs;
    private double[] doubles;
    private boolean[] bools;
    private Object[] objects;
    /** String columns: the values' length-prefixed UTF-8 bytes, one after another (the plain stream body). */
    private ByteWriter text;
    /** String columns: per row, where its value starts in {@code text}. */
    private int[] textStarts;
    /** String columns: where the bytes of the rows added end (the row being added may have more). */
    private int textEnd;
    /** Whether the value staged for the next row is a null ({@link #stageNull()}). */
    private boolean stagedNull;

    /**
     * @param capacity  rows to make room for at first
     * @param chunkRows the rows of a full chunk
     */
    ColumnBuilder(Column column, int capacity, int chunkRows) {
        this.column = column;
        this.chunkRows = chunkRows;
        this.type = column.type();
        this.capacity = capacity;
        this.nulls = new byte[(capacity + 7) >>> 3];
        switch (type) {
            case INT, DATETIME -> longs = new long[capacity];
            case FLOAT -> doubles = new double[capacity];
            case BOOL -> bools = new boolean[capacity];
            case STRING -> { } // only their bytes are kept
            case DECIMAL, BINARY, JSON, LIST, OBJECT -> objects = new Object[capacity];
        }
        if (type.isText()) {
            text = new ByteWriter(capacity * 16);
            textStarts = new int[capacity];
        }
    }

    int size() {
        return size;
    }

    private void grow() {
        int cap = Math.max(16, size * 2);
        if (size < chunkRows) {
            cap = Math.min(cap, chunkRows);
        }
        capacity = cap;
        nulls = Arrays.copyOf(nulls, (cap + 7) >>> 3);
        switch (type) {
            case INT, DATETIME -> longs = Arrays.copyOf(longs, cap);
            case FLOAT -> doubles = Arrays.copyOf(doubles, cap);
            case BOOL -> bools = Arrays.copyOf(bools, cap);
            case STRING -> { }
            case DECIMAL, BINARY, JSON, LIST, OBJECT -> objects = Arrays.copyOf(objects, cap);
        }
        if (textStarts != null) {
            textStarts = Arrays.copyOf(textStarts, cap);
        }
    }

    /**
     * Adds a coerced value ({@link ValueCoercion#coerce}; for string columns, a string whose bytes
     * were encoded into {@link #pendingText()}) or a null.
     *
     * @return the raw bytes the reference writer counts for the value, which decide where a chunk
     *         ends (spec: about 1 MiB)
     */
    long add(Object v) {
        long bytes;
        if (v == null) {
            stageNull();
            bytes = 0;
        } else {
            roomForOne();
            stagedNull = false;
            bytes = switch (type) {
                case INT, DATETIME -> {
                    longs[size] = (Long) v;
                    yield 5;
                }
                case FLOAT -> {
                    doubles[size] = (Double) v;
                    yield 8;
                }
                case BOOL -> {
                    bools[size] = (Boolean) v;
                    yield 1;
                }
                case STRING -> 1L + ((String) v).length(); // estimate(v), without its type tests
                case DECIMAL, BINARY, JSON, LIST, OBJECT -> {
                    objects[size] = v;
                    yield estimate(v);
                }
            };
        }
        commit();
        return bytes;
    }

    /**
     * Checks and converts a non-null value given for this column ({@link ValueCoercion}) and puts it in
     * the place of the next row without adding that row: {@link #commit()} adds it once every value of
     * the row is staged, {@link #dropStaged()} forgets it when the row is refused. The same values as
     * {@link ValueCoercion#coerce} followed by {@link #add}, without a boxed value in between.
     *
     * @return what {@link #add} returns for the value
     */
    long stage(Object v) throws ValueCoercion.Mismatch {
        roomForOne();
        stagedNull = false;
        return switch (type) {
            case INT, DATETIME -> {
                longs[size] = type == ColumnType.INT ? ValueCoercion.toLong(v) : ValueCoercion.toEpochMillis(v);
                yield 5;
            }
            case FLOAT -> {
                doubles[size] = ValueCoercion.toDouble(v);
                yield 8;
            }
            case BOOL -> {
                bools[size] = ValueCoercion.toBoolean(v);
                yield 1;
            }
            case STRING -> 1L + ValueCoercion.toText(v, text).length(); // checked while encoded
            case DECIMAL, BINARY, JSON, LIST, OBJECT -> {
                Object coerced = ValueCoercion.coerce(column, v);
                objects[size] = coerced;
                yield estimate(coerced);
            }
        };
    }

    /** Stages a null as the next row's value (see {@link #stage}). */
    void stageNull() {
        roomForOne();
        stagedNull = true;
    }

    /** Adds the row whose value was staged. */
    void commit() {
        if (stagedNull) {
            nulls[size >>> 3] |= (byte) (1 << (size & 7));
            anyNull = true;
            stagedNull = false;
        } else if (textStarts != null) { // null rows have no start (never read)
            textStarts[size] = textEnd;
            textEnd = text.size();
        }
        size++;
    }

    /** Forgets the value staged for a row that was refused (a string's encoded bytes included). */
    void dropStaged() {
        stagedNull = false;
        if (text != null) {
            text.truncate(textEnd);
        }
        if (objects != null && size < objects.length) { // a builder after the refused value staged nothing
            objects[size] = null;
        }
    }

    private void roomForOne() {
        if (size == capacity) {
            grow();
        }
    }

    /**
     * String columns: where the UTF-8 bytes of the row being added are encoded (length-prefixed,
     * after the bytes of the rows taken); they count once {@link #commit()} adds the row. Only the
     * bytes are kept, not the string (fewer references for the garbage collector to track).
     */
    ByteWriter pendingText() {
        return text;
    }

    /** The reference writer's size estimate (text length + 1, binary length + 2), so chunks are cut alike. */
    private static long estimate(Object v) {
        if (v instanceof String s) {
            return 1L + s.length();
        }
        if (v instanceof byte[] b) {
            return 2L + b.length;
        }
        if (v instanceof JsonText j) {
            return 1L + j.text().length();
        }
        if (v instanceof BigDecimal d) {
            return 1L + d.toPlainString().length();
        }
        if (v instanceof List<?> list) {
            long n = 1;
            for (Object item : list) {
                n += item == null ? 1 : estimate(item);
            }
            return n;
        }
        if (v instanceof Map<?, ?> object) {
            long n = 1;
            for (Object field : object.values()) {
                n += field == null ? 1 : estimate(field);
            }
            return n;
        }
        return 8;
    }

    /**
     * The collected values, lent to the chunk through {@code arrays}: the builder's own arrays when the
     * chunk is full (the builder goes on with spare ones), else copies. The builder starts empty again.
     */
    ColumnVector take(ChunkArrays arrays) {
        int n = size;
        byte[] bits = anyNull ? Arrays.copyOf(nulls, (n + 7) >>> 3) : null;
        ColumnVector v = switch (type) {
            case INT, DATETIME -> {
                long[] spare = arrays.longs(n);
                long[] chunk = chunkArray(longs, longs.length, spare, n);
                if (chunk == longs) {
                    longs = spare;
                }
                yield ColumnVector.ofLongs(type, n, arrays.lend(chunk), bits);
            }
            case FLOAT -> {
                double[] spare = arrays.doubles(n);
                double[] chunk = chunkArray(doubles, doubles.length, spare, n);
                if (chunk == doubles) {
                    doubles = spare;
                }
                yield ColumnVector.ofDoubles(n, arrays.lend(chunk), bits);
            }
            case BOOL -> {
                boolean[] spare = arrays.bools(n);
                boolean[] chunk = chunkArray(bools, bools.length, spare, n);
                if (chunk == bools) {
                    bools = spare;
                }
                yield ColumnVector.ofBooleans(n, arrays.lend(chunk), bits);
            }
            case LIST, OBJECT -> NestedVectors.of(column, objects, n);
            case STRING -> takeStrings(n, bits, arrays);
            case DECIMAL, BINARY, JSON -> ColumnVector.ofObjects(type, n, Arrays.copyOf(objects, n));
        };
        // Only the rows this chunk used are cleared: a wide table's chunks fill a fraction of the capacity.
        size = 0;
        if (anyNull) {
            Arrays.fill(nulls, 0, (n + 7) >>> 3, (byte) 0);
        }
        anyNull = false;
        if (objects != null) {
            Arrays.fill(objects, 0, n, null);
        }
        return v;
    }

    /**
     * The array the chunk's vector gets for the builder's {@code own} array of {@code ownLength}
     * elements: {@code own} itself when it holds exactly the chunk's {@code n} values (the builder then
     * goes on with {@code spare}), else {@code spare} with a copy of them. A full chunk's values are so
     * handed over without being copied once more.
     */
    private static <T> T chunkArray(T own, int ownLength, T spare, int n) {
        if (ownLength == n) {
            return own;
        }
        System.arraycopy(own, 0, spare, 0, n);
        return spare;
    }

    /**
     * Hands the strings and their bytes over; bytes already encoded for the row being added (a
     * chunk ends before it is taken) stay for the next chunk.
     */
    private ColumnVector takeStrings(int n, byte[] nullBits, ChunkArrays arrays) {
        int end = textEnd;
        int pending = text.size() - end;
        byte[] body = arrays.bytes(end);
        if (pending == 0) {
            body = text.exchange(body); // the usual case: no row being added, so nothing stays behind
        } else {
            System.arraycopy(text.array(), 0, body, 0, end);
            System.arraycopy(text.array(), end, text.array(), 0, pending);
            text.truncate(pending);
        }
        textEnd = 0;
        int[] spareStarts = arrays.ints(n);
        int[] starts = chunkArray(textStarts, textStarts.length, spareStarts, n);
        if (starts == textStarts) {
            textStarts = spareStarts;
        }
        return ColumnVector.ofEncodedStrings(n, nullBits, arrays.lend(body), end, arrays.lend(starts));
    }
}
