package io.jazmin.internal.writer;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.error.JazminValidationException;
import io.jazmin.schema.JsonText;
import io.jazmin.internal.column.DatetimeRange;
import io.jazmin.internal.column.Decimals;
import io.jazmin.internal.column.NestedDefinitions;
import io.jazmin.internal.wire.ByteWriter;
import io.jazmin.internal.wire.Utf16;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.Date;

/**
 * Checks that a Java value fits a column and turns it into the form a {@link ColumnBuilder} stores.
 * Only lossless conversions are made (an {@code Integer} for an int column, a {@code Float} for a
 * float column); anything else is refused with the reason, which the caller reports with the row
 * and column.
 */
final class ValueCoercion {
    private ValueCoercion() {
    }

    /** Thrown with a human reason; the writer adds row and column. */
    static final class Mismatch extends Exception {
        Mismatch(String reason) {
            super(reason, null, false, false);
        }
    }

    static boolean toBoolean(Object v) throws Mismatch {
        if (v instanceof Boolean b) {
            return b;
        }
        throw mismatch(v, ColumnType.BOOL);
    }

    static long toLong(Object v) throws Mismatch {
        if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return ((Number) v).longValue();
        }
        if (v instanceof BigInteger b) {
            if (b.bitLength() > 63) {
                throw new Mismatch("integer " + b + " does not fit in 64 bits");
            }
            return b.longValue();
        }
        throw mismatch(v, ColumnType.INT);
    }

    static double toDouble(Object v) throws Mismatch {
        if (v instanceof Double d) {
            return d;
        }
        if (v instanceof Float f) {
            return f.doubleValue();
        }
        throw mismatch(v, ColumnType.FLOAT);
    }

    static BigDecimal toDecimal(Object v) throws Mismatch {
        BigDecimal d;
        if (v instanceof BigDecimal b) {
            d = b;
        } else if (v instanceof BigInteger b) {
            d = new BigDecimal(b);
        } else if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            d = BigDecimal.valueOf(((Number) v).longValue());
        } else {
            throw mismatch(v, ColumnType.DECIMAL);
        }
        try {
            return Decimals.normalize(d);
        } catch (RuntimeException e) {
            throw new Mismatch(e.getMessage());
        }
    }

    static String toText(Object v) throws Mismatch {
        if (v instanceof String s) {
            int bad = Utf16.unpairedSurrogate(s);
            if (bad >= 0) {
                throw unpaired(s, bad);
            }
            return s;
        }
        throw mismatch(v, ColumnType.STRING);
    }

    /**
     * {@link #toText(Object)} that also appends the string's length-prefixed UTF-8 bytes to
     * {@code utf8}, checking for unpaired surrogates in the same pass; nothing is appended when the
     * value is refused.
     */
    static String toText(Object v, ByteWriter utf8) throws Mismatch {
        if (v instanceof String s) {
            int bad = utf8.strictUtf8(s);
            if (bad >= 0) {
                throw unpaired(s, bad);
            }
            return s;
        }
        throw mismatch(v, ColumnType.STRING);
    }

    private static Mismatch unpaired(String s, int bad) {
        return new Mismatch("the string has an unpaired surrogate (U+" + Integer.toHexString(s.charAt(bad))
                .toUpperCase(java.util.Locale.ROOT) + ") at index " + bad
                + ": it is not valid Unicode and cannot be stored as UTF-8");
    }

    /** Epoch milliseconds of a datetime; sub-millisecond precision is refused rather than dropped. */
    static long toEpochMillis(Object v) throws Mismatch {
        Instant i;
        if (v instanceof Instant x) {
            i = x;
        } else if (v instanceof OffsetDateTime x) {
            i = x.toInstant();
        } else if (v instanceof ZonedDateTime x) {
            i = x.toInstant();
        } else if (v instanceof Date x) {
            return checkDatetimeRange(x.getTime(), x.toInstant());
        } else {
            throw mismatch(v, ColumnType.DATETIME);
        }
        if (i.getNano() % 1_000_000 != 0) {
            throw new Mismatch("datetime " + i + " has sub-millisecond precision; truncate it to milliseconds first");
        }
        try {
            return checkDatetimeRange(i.toEpochMilli(), i);
        } catch (ArithmeticException e) {
            throw new Mismatch("datetime " + i + " is out of range");
        }
    }

    private static long checkDatetimeRange(long ms, Instant value) throws Mismatch {
        if (!DatetimeRange.contains(ms)) {
            throw new Mismatch("datetime " + value + " is outside years 1..9999, which readers refuse");
        }
        return ms;
    }

    static byte[] toBinary(Object v) throws Mismatch {
        if (v instanceof byte[] b) {
            return b;
        }
        throw mismatch(v, ColumnType.BINARY);
    }

    static JsonText toJson(Object v) throws Mismatch {
        if (v instanceof JsonText j) {
            return j;
        }
        throw mismatch(v, ColumnType.JSON);
    }

    private static Mismatch mismatch(Object v, ColumnType type) {
        return new Mismatch("a " + v.getClass().getSimpleName() + " is not a valid " + type.typeName() + " value");
    }

    /** Rejects a column definition the format does not allow (list items, object fields, nesting). */
    static void checkSupported(Column c) {
        String problem = NestedDefinitions.problem(c);
        if (problem != null) {
            throw new JazminValidationException(problem);
        }
    }

    /**
     * The stored form of a non-null value of column {@code c}: a {@code Long} for int and datetime
     * (epoch ms), {@code Double}, {@code Boolean}, normalized {@code BigDecimal}, {@code String},
     * {@code byte[]}, {@link JsonText}; for lists and objects see {@link NestedValues}.
     */
    static Object coerce(Column c, Object v) throws Mismatch {
        return switch (c.type()) {
            case BOOL -> toBoolean(v);
            case INT -> v instanceof Long already ? already : Long.valueOf(toLong(v)); // a Long is not boxed again
            case FLOAT -> v instanceof Double already ? already : Double.valueOf(toDouble(v)); // not boxed again
            case DECIMAL -> toDecimal(v);
            case STRING -> toText(v);
            case DATETIME -> toEpochMillis(v);
            case BINARY -> toBinary(v);
            case JSON -> toJson(v);
            case LIST, OBJECT -> NestedValues.coerce(c, v);
        };
    }
}
