package io.jazmin.convert;

import io.jazmin.error.JazminValidationException;
import io.jazmin.schema.JsonText;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Checks that a Java value has the type a column expects, widening the obvious cases (an
 * {@link Integer} for an int column, a {@link Float} for a float column).
 */
final class JavaValues {
    private JavaValues() {
    }

    static Boolean bool(Object v) {
        if (v instanceof Boolean b) {
            return b;
        }
        throw wrongType("a Boolean", v);
    }

    static long integer(Object v) {
        if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return ((Number) v).longValue();
        }
        if (v instanceof BigInteger big) {
            try {
                return big.longValueExact();
            } catch (ArithmeticException e) {
                throw new JazminValidationException(big + " is outside the 64-bit int range", e);
            }
        }
        throw wrongType("a Long", v);
    }

    static double floating(Object v) {
        if (v instanceof Double || v instanceof Float) {
            return ((Number) v).doubleValue();
        }
        throw wrongType("a Double", v);
    }

    static BigDecimal decimal(Object v) {
        if (v instanceof BigDecimal d) {
            return d;
        }
        if (v instanceof BigInteger big) {
            return new BigDecimal(big);
        }
        if (v instanceof Long || v instanceof Integer) {
            return BigDecimal.valueOf(((Number) v).longValue());
        }
        throw wrongType("a BigDecimal", v);
    }

    static String string(Object v) {
        if (v instanceof String s) {
            return s;
        }
        throw wrongType("a String", v);
    }

    static Instant instant(Object v) {
        if (v instanceof Instant i) {
            return i;
        }
        throw wrongType("an Instant", v);
    }

    static byte[] bytes(Object v) {
        if (v instanceof byte[] b) {
            return b;
        }
        throw wrongType("a byte[]", v);
    }

    static JsonText json(Object v) {
        if (v instanceof JsonText j) {
            return j;
        }
        throw wrongType("a JsonText", v);
    }

    static List<?> list(Object v) {
        if (v instanceof List<?> l) {
            return l;
        }
        throw wrongType("a List", v);
    }

    static Map<?, ?> object(Object v) {
        if (v instanceof Map<?, ?> m) {
            return m;
        }
        throw wrongType("a Map", v);
    }

    private static JazminValidationException wrongType(String expected, Object v) {
        return new JazminValidationException("expected " + expected + ", got " + v.getClass().getSimpleName());
    }
}
