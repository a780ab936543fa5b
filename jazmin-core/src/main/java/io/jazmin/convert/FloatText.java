package io.jazmin.convert;

import io.jazmin.error.JazminValidationException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.regex.Pattern;
import tools.jackson.core.io.NumberOutput;

/**
 * Text form of {@code float} values, as JavaScript's {@code Number#toString} writes them (shortest
 * round-trip digits, {@code 1e+21}, {@code 1e-7}) so output matches the reference library byte for byte.
 * The special values are {@code NaN}, {@code Infinity}, {@code -Infinity} and {@code -0}.
 */
public final class FloatText {
    /** Decimal numbers with an optional sign, point and exponent; no hex, no type suffixes. */
    private static final Pattern NUMBER = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    private FloatText() {
    }

    /** Whether {@code v} needs one of the string forms ({@code NaN}, {@code ±Infinity}, {@code -0}) in canonical JSON. */
    public static boolean isSpecial(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) || isNegativeZero(v);
    }

    /** Whether {@code v} is {@code -0.0}. */
    public static boolean isNegativeZero(double v) {
        return v == 0 && Double.doubleToRawLongBits(v) != 0;
    }

    /** The text of {@code v}: a JSON number for finite values, else {@code NaN}/{@code Infinity}/{@code -Infinity}; {@code -0} for −0. */
    public static String format(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "Infinity" : "-Infinity";
        }
        if (v == 0) {
            return isNegativeZero(v) ? "-0" : "0";
        }
        return javaScriptText(shortestDigits(v));
    }

    /** The shortest decimal that reads back as {@code v}. */
    private static BigDecimal shortestDigits(double v) {
        // Jackson's Schubfach writer is shortest except that, like Double.toString, it never gives
        // fewer than two digits (4.9E-324 where 5E-324 suffices), so one digit is tried as well.
        BigDecimal digits = new BigDecimal(NumberOutput.toString(v, true)).stripTrailingZeros();
        if (digits.precision() == 2) {
            BigDecimal one = digits.round(new MathContext(1, RoundingMode.HALF_EVEN));
            if (Double.parseDouble(one.toString()) == v) {
                return one.stripTrailingZeros();
            }
        }
        return digits;
    }

    /** Lays out digits like ECMAScript Number::toString: plain between 1e-7 and 1e21, else d.ddde±n. */
    private static String javaScriptText(BigDecimal value) {
        String digits = value.unscaledValue().abs().toString();
        int k = digits.length();
        int n = k - value.scale(); // value = 0.digits × 10^n
        StringBuilder sb = new StringBuilder(k + 8);
        if (value.signum() < 0) {
            sb.append('-');
        }
        if (k <= n && n <= 21) {
            sb.append(digits).append("0".repeat(n - k));
        } else if (0 < n && n <= 21) {
            sb.append(digits, 0, n).append('.').append(digits, n, k);
        } else if (-6 < n && n <= 0) {
            sb.append("0.").append("0".repeat(-n)).append(digits);
        } else {
            int e = n - 1;
            sb.append(digits.charAt(0));
            if (k > 1) {
                sb.append('.').append(digits, 1, k);
            }
            sb.append('e').append(e < 0 ? '-' : '+').append(Math.abs(e));
        }
        return sb.toString();
    }

    /**
     * Parses a float text: a decimal number (optionally signed, with exponent) or one of
     * {@code NaN}, {@code Infinity}, {@code -Infinity}, {@code -0}. A number beyond the double
     * range ({@code 1e400}) is refused; see {@link #parse(String, FloatOverflow)}.
     *
     * @throws JazminValidationException when the text is none of these
     */
    public static double parse(String text) {
        return parse(text, FloatOverflow.REFUSE);
    }

    /**
     * Parses a float text as {@link #parse(String)} does, with {@code overflow} deciding what a
     * number beyond the double range becomes.
     *
     * @throws JazminValidationException when the text is not a float, or overflows and that is refused
     */
    public static double parse(String text, FloatOverflow overflow) {
        switch (text) {
            case "NaN":
                return Double.NaN;
            case "Infinity":
            case "+Infinity":
                return Double.POSITIVE_INFINITY;
            case "-Infinity":
                return Double.NEGATIVE_INFINITY;
            default:
                if (!NUMBER.matcher(text).matches()) {
                    throw new JazminValidationException("'" + Abbrev.of(text) + "' is not a float");
                }
                return parseNumber(text, overflow);
        }
    }

    /** Parses a decimal number text (already checked to be one), refusing overflow unless allowed. */
    static double parseNumber(String text, FloatOverflow overflow) {
        double v = Double.parseDouble(text);
        if (Double.isInfinite(v) && overflow == FloatOverflow.REFUSE) {
            throw new JazminValidationException("'" + Abbrev.of(text) + "' is beyond the float range (about ±1.8e308);"
                    + " write \"Infinity\" for an infinite value");
        }
        return v;
    }
}
