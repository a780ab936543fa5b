package io.jazmin.column;

import io.jazmin.ColumnType;
import io.jazmin.JsonText;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Arrays;

/**
 * The values of one column for the rows of one chunk, stored densely by row position: primitive
 * arrays for int/datetime ({@code long}, datetime in epoch milliseconds), float ({@code double})
 * and bool, an object array for the rest (decimal {@link BigDecimal}, string {@link String},
 * binary {@code byte[]}, json {@link JsonText}). Null rows are marked in an LSB-first bitmap and
 * hold 0/false/null in the value array.
 */
public final class ColumnVector {
    private final ColumnType type;
    private final int size;
    private final byte[] nullBits;
    private final long[] longs;
    private final double[] doubles;
    private final boolean[] bools;
    private final Object[] objects;

    private ColumnVector(ColumnType type, int size, byte[] nullBits, long[] longs, double[] doubles,
                         boolean[] bools, Object[] objects) {
        this.type = type;
        this.size = size;
        this.nullBits = nullBits;
        this.longs = longs;
        this.doubles = doubles;
        this.bools = bools;
        this.objects = objects;
    }

    /** int or datetime values; {@code nullBits} may be {@code null} when no row is null. */
    public static ColumnVector ofLongs(ColumnType type, int size, long[] values, byte[] nullBits) {
        return new ColumnVector(type, size, nullBits, values, null, null, null);
    }

    public static ColumnVector ofDoubles(int size, double[] values, byte[] nullBits) {
        return new ColumnVector(ColumnType.FLOAT, size, nullBits, null, values, null, null);
    }

    public static ColumnVector ofBooleans(int size, boolean[] values, byte[] nullBits) {
        return new ColumnVector(ColumnType.BOOL, size, nullBits, null, null, values, null);
    }

    /** decimal, string, binary or json values; a {@code null} element is a null row. */
    public static ColumnVector ofObjects(ColumnType type, int size, Object[] values) {
        byte[] bits = null;
        for (int i = 0; i < size; i++) {
            if (values[i] == null) {
                if (bits == null) {
                    bits = new byte[(size + 7) >>> 3];
                }
                bits[i >>> 3] |= (byte) (1 << (i & 7));
            }
        }
        return new ColumnVector(type, size, bits, null, null, null, values);
    }

    public ColumnType type() {
        return type;
    }

    public int size() {
        return size;
    }

    public boolean hasNulls() {
        return nullBits != null;
    }

    /** The LSB-first null bitmap, or {@code null} when no row is null. Shared, not copied. */
    public byte[] nullBits() {
        return nullBits;
    }

    public boolean isNull(int row) {
        return nullBits != null && (nullBits[row >>> 3] & (1 << (row & 7))) != 0;
    }

    public int nullCount() {
        if (nullBits == null) {
            return 0;
        }
        int n = 0;
        for (byte b : nullBits) {
            n += Integer.bitCount(b & 0xFF);
        }
        return n;
    }

    /** Backing array for int/datetime columns (shared). */
    public long[] longs() {
        return longs;
    }

    /** Backing array for float columns (shared). */
    public double[] doubles() {
        return doubles;
    }

    /** Backing array for bool columns (shared). */
    public boolean[] booleans() {
        return bools;
    }

    /** Backing array for decimal/string/binary/json columns (shared). */
    public Object[] objects() {
        return objects;
    }

    public long getLong(int row) {
        return longs[row];
    }

    public double getDouble(int row) {
        return doubles[row];
    }

    public boolean getBoolean(int row) {
        return bools[row];
    }

    /**
     * The value at {@code row} as its public Java type (datetime as {@link Instant}), or
     * {@code null} for a null cell.
     */
    public Object get(int row) {
        if (isNull(row)) {
            return null;
        }
        return switch (type) {
            case INT -> longs[row];
            case DATETIME -> Instant.ofEpochMilli(longs[row]);
            case FLOAT -> doubles[row];
            case BOOL -> bools[row];
            default -> objects[row];
        };
    }

    @Override
    public String toString() {
        Object[] shown = new Object[Math.min(size, 8)];
        for (int i = 0; i < shown.length; i++) {
            shown[i] = get(i);
        }
        return "ColumnVector[" + type.typeName() + " x" + size + " " + Arrays.toString(shown) + "]";
    }
}
