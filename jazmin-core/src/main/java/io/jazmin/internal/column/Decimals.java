package io.jazmin.internal.column;

import io.jazmin.error.JazminFormatException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.internal.wire.ByteReader;
import io.jazmin.internal.wire.ByteWriter;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Decimal values on disk (spec §1.7): varint scale, then the big zigzag varint of the unscaled
 * value m; value = m × 10^−scale. The scale is preserved ({@code 12.50} stays {@code 12.50}).
 */
public final class Decimals {
    /** Most digits after the point. */
    public static final int MAX_SCALE = 255;
    /** Most digits of the unscaled value. */
    public static final int MAX_DIGITS = 256;
    /** 256 digits need 122 varint bytes; the reference reader allows up to 132 before giving up. */
    private static final int MAX_MANTISSA_BYTES = 132;
    /** Every integer of at most this many bits has at most 256 digits (2^850 < 10^256). */
    private static final int SAFE_BITS = 850;

    private Decimals() {
    }

    /**
     * The value as it will be stored. A negative scale ({@code 1E+3}) is widened to scale 0 because
     * the text form has no exponent.
     *
     * @throws JazminValidationException when the scale exceeds 255 or the unscaled value has more
     *                                   than 256 digits
     */
    public static BigDecimal normalize(BigDecimal value) {
        // Judged on scale and precision alone: 1e-999999999 or 1e999999999 must never be expanded to digits.
        if (value.scale() > MAX_SCALE) {
            throw new JazminValidationException("decimal has " + value.scale() + " digits after the point, more than "
                    + MAX_SCALE);
        }
        long digits = value.signum() == 0 || value.scale() >= 0
                ? value.precision() : (long) value.precision() - value.scale();
        if (digits > MAX_DIGITS) {
            throw new JazminValidationException("decimal has " + digits + " significant digits, more than "
                    + MAX_DIGITS);
        }
        return value.scale() < 0 ? value.setScale(0) : value;
    }

    /**
     * Canonical text: no exponent, no leading zeros, the scale's digits after the point, no sign on
     * zero ({@link BigDecimal} has no negative zero, so {@code -0.00} is already {@code 0.00}).
     */
    public static String toText(BigDecimal value) {
        return normalize(value).toPlainString();
    }

    /** Writes scale and mantissa of {@code value} after {@link #normalize(BigDecimal)}. */
    public static void write(BigDecimal value, ByteWriter out) {
        writeNormalized(normalize(value), out);
    }

    /** Writes a value already returned by {@link #normalize(BigDecimal)}. */
    static void writeNormalized(BigDecimal v, ByteWriter out) {
        out.varint(v.scale());
        out.bigZigzag(v.unscaledValue());
    }

    /**
     * Reads one decimal.
     *
     * @throws JazminFormatException when the scale exceeds 255 or the mantissa has more than 256
     *                               digits or is truncated
     */
    public static BigDecimal read(ByteReader in) {
        long scale = in.varint();
        if (scale < 0 || scale > MAX_SCALE) {
            throw new JazminFormatException("decimal scale " + Long.toUnsignedString(scale) + " exceeds " + MAX_SCALE);
        }
        BigInteger m = in.bigZigzag(MAX_MANTISSA_BYTES);
        if (m.bitLength() > SAFE_BITS && m.abs().toString().length() > MAX_DIGITS) {
            throw new JazminFormatException("decimal mantissa has more than " + MAX_DIGITS + " digits");
        }
        return new BigDecimal(m, (int) scale);
    }

    /**
     * The key form (spec §1.8): trailing zeros of m stripped while the scale is positive, so
     * {@code 1.50} and {@code 1.5} share the key (15, 1) while {@code 100} stays (100, 0).
     */
    public static BigDecimal reduce(BigDecimal value) {
        BigDecimal v = normalize(value);
        if (v.scale() == 0) {
            return v;
        }
        BigDecimal stripped = v.stripTrailingZeros();
        return stripped.scale() < 0 ? stripped.setScale(0) : stripped;
    }
}
