package io.jazmin.internal.query;

import io.jazmin.error.JazminValidationException;
import io.jazmin.internal.column.Decimals;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import io.jazmin.error.InvalidFilterException;

/**
 * Converts filter operands to a column's type as the reference libraries do: {@code "42"} for an
 * int, ISO-8601 text (or epoch milliseconds) for a datetime, a number or decimal text for a
 * decimal.
 */
final class Operands {
    private Operands() {
    }

    /** An exact number for int and datetime comparisons (may be fractional or beyond 64 bits). */
    static BigDecimal exactNumber(String column, Object v) {
        if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return BigDecimal.valueOf(((Number) v).longValue());
        }
        if (v instanceof BigInteger b) {
            return new BigDecimal(b);
        }
        if (v instanceof BigDecimal d) {
            return d;
        }
        if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            if (!Double.isFinite(d)) {
                throw invalid(column, v, "a finite number");
            }
            return new BigDecimal(d);
        }
        if (v instanceof String s) {
            try {
                return new BigDecimal(s.trim());
            } catch (NumberFormatException e) {
                throw invalid(column, v, "a number", e);
            }
        }
        throw invalid(column, v, "a number");
    }

    /** Epoch milliseconds (possibly fractional) of a datetime operand. */
    static BigDecimal epochMillis(String column, Object v) {
        Instant instant;
        if (v instanceof Instant i) {
            instant = i;
        } else if (v instanceof String s) {
            instant = parseInstant(column, s);
        } else if (v instanceof Number) {
            return exactNumber(column, v);
        } else {
            throw invalid(column, v, "an ISO-8601 datetime");
        }
        return BigDecimal.valueOf(instant.getEpochSecond()).scaleByPowerOfTen(3)
                .add(BigDecimal.valueOf(instant.getNano()).scaleByPowerOfTen(-6));
    }

    private static Instant parseInstant(String column, String s) {
        try {
            return OffsetDateTime.parse(s).toInstant();
        } catch (DateTimeParseException e) {
            try {
                return Instant.parse(s);
            } catch (DateTimeParseException e2) {
                e2.addSuppressed(e);
                throw invalid(column, s, "an ISO-8601 datetime", e2);
            }
        }
    }

    static double toDouble(String column, Object v) {
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        if (v instanceof String s) {
            switch (s) {
                case "NaN":
                    return Double.NaN;
                case "Infinity":
                    return Double.POSITIVE_INFINITY;
                case "-Infinity":
                    return Double.NEGATIVE_INFINITY;
                default:
                    try {
                        return Double.parseDouble(s.trim());
                    } catch (NumberFormatException e) {
                        throw invalid(column, v, "a number", e);
                    }
            }
        }
        throw invalid(column, v, "a number");
    }

    static BigDecimal toDecimal(String column, Object v) {
        if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            if (!Double.isFinite(d)) {
                throw invalid(column, v, "a finite number");
            }
            // The shortest text that reads back as this double, as a JS reader would see it.
            return Decimals.reduce(new BigDecimal(Double.toString(d)));
        }
        return Decimals.reduce(exactNumber(column, v));
    }

    static String toText(String column, Object v) {
        if (v instanceof String s) {
            return s;
        }
        throw invalid(column, v, "a string");
    }

    static boolean toBoolean(String column, Object v) {
        if (v instanceof Boolean b) {
            return b;
        }
        throw invalid(column, v, "true or false");
    }

    static JazminValidationException invalid(String column, Object v, String expected) {
        return new InvalidFilterException("column '" + column + "' needs " + expected + ", got " + describe(v));
    }

    static JazminValidationException invalid(String column, Object v, String expected, Throwable cause) {
        JazminValidationException e = invalid(column, v, expected);
        e.initCause(cause);
        return e;
    }

    private static String describe(Object v) {
        return v instanceof String s ? "'" + s + "'" : String.valueOf(v);
    }
}
