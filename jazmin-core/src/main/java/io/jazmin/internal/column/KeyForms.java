package io.jazmin.internal.column;

import io.jazmin.schema.ColumnType;
import io.jazmin.error.JazminFormatException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.internal.wire.ByteReader;
import io.jazmin.internal.wire.ByteWriter;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Comparator;

/**
 * Key forms of ordered values (spec §1.8) and their bytes as stored in statistics bounds and index
 * first keys. Key values in Java: bool {@link Boolean}, int and datetime {@link Long} (datetime in
 * epoch ms), float {@link Double} (never −0 or NaN), decimal reduced {@link BigDecimal}, string
 * {@link String}.
 */
public final class KeyForms {
    private static final Comparator<Object> BOOL_ORDER = (a, b) -> Boolean.compare((Boolean) a, (Boolean) b);
    private static final Comparator<Object> LONG_ORDER = (a, b) -> Long.compare((Long) a, (Long) b);
    private static final Comparator<Object> FLOAT_ORDER = (a, b) -> Double.compare((Double) a, (Double) b);
    private static final Comparator<Object> DECIMAL_ORDER = (a, b) -> ((BigDecimal) a).compareTo((BigDecimal) b);
    // String.compareTo orders by UTF-16 code units, the spec's string order.
    private static final Comparator<Object> STRING_ORDER = (a, b) -> ((String) a).compareTo((String) b);

    private KeyForms() {
    }

    /** Whether the key form of {@code type} is a {@code long} (ints, datetimes' epoch milliseconds). */
    public static boolean isLongKey(ColumnType type) {
        return switch (type) {
            case INT, DATETIME -> true;
            case BOOL, FLOAT, DECIMAL, STRING, BINARY, JSON, LIST, OBJECT -> false;
        };
    }

    /**
     * The key form of a non-null value of {@code type}: datetime ({@link Instant} or epoch-ms
     * {@link Long}) to its ms, float −0 to +0, decimal reduced; other values unchanged.
     *
     * @return the key, or {@code null} for a float NaN (which has no key and is never ordered)
     * @throws JazminValidationException for an unordered type
     */
    public static Object keyOf(ColumnType type, Object value) {
        return switch (type) {
            case BOOL -> (Boolean) value;
            case INT -> (Long) value;
            case DATETIME -> value instanceof Instant i ? i.toEpochMilli() : (Long) value;
            case FLOAT -> floatKey((Double) value);
            case DECIMAL -> Decimals.reduce((BigDecimal) value);
            case STRING -> (String) value;
            case BINARY, JSON, LIST, OBJECT -> throw noKeyForm(type);
        };
    }

    /** The float key: −0 folded into +0, NaN has none ({@code null}). */
    static Double floatKey(double v) {
        if (Double.isNaN(v)) {
            return null;
        }
        return v == 0 ? 0.0 : v; // -0.0 == 0 is true, so this folds the sign of zero
    }

    /**
     * Key-form bytes of a value (converted with {@link #keyOf} first). Strings are raw UTF-8 without a
     * length prefix.
     *
     * @throws JazminValidationException for an unordered type or a float that is not finite
     */
    public static byte[] encode(ColumnType type, Object value) {
        Object key = keyOf(type, value);
        ByteWriter out = new ByteWriter(16);
        switch (type) {
            case BOOL -> out.u8((Boolean) key ? 1 : 0);
            case INT, DATETIME -> out.zigzag((Long) key);
            case FLOAT -> {
                if (key == null || Double.isInfinite((Double) key)) {
                    throw new JazminValidationException("a float key must be finite, got " + value);
                }
                out.f64((Double) key);
            }
            case DECIMAL -> Decimals.write((BigDecimal) key, out);
            case STRING -> {
                return Utf8.encode((String) key);
            }
            // keyOf has refused these; listed so that a new type must be decided here
            case BINARY, JSON, LIST, OBJECT -> throw noKeyForm(type);
        }
        return out.toByteArray();
    }

    /**
     * Decodes key-form bytes (all of them) into the key value.
     *
     * @throws JazminFormatException when the bytes are not exactly one valid key of {@code type}
     */
    public static Object decode(ColumnType type, byte[] bytes) {
        ByteReader in = new ByteReader(bytes);
        Object key = switch (type) {
            case BOOL -> readBool(in);
            case INT -> in.zigzag();
            case DATETIME -> StreamFormat.checkDatetime(in.zigzag());
            case FLOAT -> readFloat(in);
            case DECIMAL -> Decimals.reduce(Decimals.read(in));
            case STRING -> in.utf8(bytes.length);
            case BINARY, JSON, LIST, OBJECT -> throw noKeyForm(type);
        };
        if (in.hasRemaining()) { // the message is built only for damaged bounds: decode runs per chunk and query
            in.expectEnd(type.typeName() + " key");
        }
        return key;
    }

    private static Boolean readBool(ByteReader in) {
        int b = in.u8();
        if (b > 1) {
            throw new JazminFormatException("bool key byte must be 0 or 1, got " + b);
        }
        return b == 1;
    }

    private static Double readFloat(ByteReader in) {
        double v = in.f64();
        if (!Double.isFinite(v)) {
            throw new JazminFormatException("float key is not finite");
        }
        return floatKey(v);
    }

    /** The order of key values of {@code type} (decimals numerically, strings by UTF-16 code units). */
    public static Comparator<Object> comparator(ColumnType type) {
        return switch (type) {
            case BOOL -> BOOL_ORDER;
            case INT, DATETIME -> LONG_ORDER;
            case FLOAT -> FLOAT_ORDER;
            case DECIMAL -> DECIMAL_ORDER;
            case STRING -> STRING_ORDER;
            case BINARY, JSON, LIST, OBJECT -> throw noKeyForm(type);
        };
    }

    private static JazminValidationException noKeyForm(ColumnType type) {
        return new JazminValidationException("a " + type.typeName() + " column has no key form");
    }
}
