package io.jazmin.internal.column;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * The exact sum of a column's numbers, added in any order, rounded once at the end: the same answer
 * whatever the order, the chunking or the threads. Floats go into a fixed-point accumulator covering
 * every double (bit p of the sum weighs 2^(p - 1074)), 32 bits per word with the carries left in each
 * long until they could overflow, so adding one costs a few shifts and three additions (a block of
 * them, {@link #addDoubles}, one addition each into a long per exponent first); integers go
 * into a long (moved into a {@link BigInteger} before it would overflow), decimals into a
 * {@link BigDecimal}. NaN and infinities are only flagged.
 */
public final class ExactSum {
    private static final int WORDS = 68; // 2046 + 53 bit positions, 32 a word, plus room for the carries
    /** Additions of values below 2^32 a word takes before its carries must be moved on (well below 2^31). */
    private static final int ADDS_BEFORE_CARRY = 1 << 30;

    /** Values {@link #addDoubles} sums in a long per exponent before they go into the words. */
    private static final int BATCH = 1 << 10;
    private static final long FRACTION = 0xF_FFFF_FFFF_FFFFL;
    private static final long HIDDEN_BIT = 1L << 52;

    private final long[] words = new long[WORDS];
    /** {@link #addDoubles}'s sums per biased exponent, all 0 between calls; allocated on first use. */
    private long[] byExponent;
    private int addsSinceCarry;
    private long ints;
    private BigInteger intsSpilled = BigInteger.ZERO;
    private BigDecimal decimals = BigDecimal.ZERO;
    private boolean nan;
    private boolean positiveInfinity;
    private boolean negativeInfinity;

    /** Adds the float {@code v} exactly (NaN and infinities are flagged). */
    public void addDouble(double v) {
        long bits = Double.doubleToRawLongBits(v);
        int exponent = (int) (bits >>> 52) & 0x7FF;
        if (exponent == 0x7FF) {
            flagNonFinite(v);
            return;
        }
        long mantissa = bits & FRACTION;
        if (mantissa == 0 && exponent == 0) {
            return; // ±0
        }
        addUnits(exponent == 0 ? mantissa : mantissa | HIDDEN_BIT, bits < 0, exponent);
    }

    /**
     * Adds {@code values[0..n)} exactly, as {@link #addDouble} would one by one. Values are added by
     * exponent first: a double is ±m · 2^(e - 1075) (m below 2^53), so up to {@link #BATCH} of them
     * with the same biased exponent e sum exactly in one long, which then goes into the words once.
     * That is one addition per value where {@link #addDouble} makes three.
     */
    public void addDoubles(double[] values, int n) {
        long[] byExp = byExponent;
        if (byExp == null) {
            byExp = byExponent = new long[0x800];
        }
        for (int from = 0; from < n; from += BATCH) {
            int to = Math.min(n, from + BATCH);
            int lowest = 0x7FF;
            int highest = 0;
            for (int i = from; i < to; i++) {
                long bits = Double.doubleToRawLongBits(values[i]);
                int exponent = (int) (bits >>> 52) & 0x7FF;
                if (exponent == 0x7FF) {
                    flagNonFinite(values[i]);
                    continue;
                }
                // A subnormal (exponent 0) has no hidden bit; ±0 adds nothing.
                long m = (bits & FRACTION) | (exponent == 0 ? 0 : HIDDEN_BIT);
                byExp[exponent] += bits < 0 ? -m : m;
                lowest = Math.min(lowest, exponent);
                highest = Math.max(highest, exponent);
            }
            for (int exponent = lowest; exponent <= highest; exponent++) {
                long total = byExp[exponent];
                if (total != 0) {
                    byExp[exponent] = 0;
                    // Below 2^63 in magnitude: at most BATCH values below 2^53 each.
                    addUnits(Math.abs(total), total < 0, exponent);
                }
            }
        }
    }

    /**
     * Adds ±{@code m} (below 2^63) · 2^(p - 1074) to the words, where p is where a double of biased
     * exponent {@code exponent} has its lowest bit: 0 for a subnormal, exponent - 1 for a normal one.
     */
    private void addUnits(long m, boolean negative, int exponent) {
        int p = Math.max(exponent - 1, 0);
        int word = p >>> 5;
        int shift = p & 31;
        long low = (m << shift) & 0xFFFF_FFFFL;
        long mid = (m >>> (32 - shift)) & 0xFFFF_FFFFL; // shift 0: m >>> 32
        long high = shift == 0 ? 0 : m >>> (64 - shift); // below 2^31: m has at most 63 bits
        if (negative) {
            words[word] -= low;
            words[word + 1] -= mid;
            words[word + 2] -= high;
        } else {
            words[word] += low;
            words[word + 1] += mid;
            words[word + 2] += high;
        }
        if (++addsSinceCarry == ADDS_BEFORE_CARRY) {
            carry();
        }
    }

    private void flagNonFinite(double v) {
        if (Double.isNaN(v)) {
            nan = true;
        } else if (v > 0) {
            positiveInfinity = true;
        } else {
            negativeInfinity = true;
        }
    }

    /** Moves each word's bits past 32 into the next word (the value is unchanged). */
    private void carry() {
        for (int i = 0; i < WORDS - 1; i++) {
            long c = words[i] >> 32;
            words[i] -= c << 32;
            words[i + 1] += c;
        }
        addsSinceCarry = 0;
    }

    /** Adds the integer {@code v}. */
    public void addLong(long v) {
        long sum = ints + v;
        if (((ints ^ sum) & (v ^ sum)) < 0) { // overflow: keep the long's value exactly, start again
            intsSpilled = intsSpilled.add(BigInteger.valueOf(ints));
            sum = v;
        }
        ints = sum;
    }

    /** Adds the decimal {@code v}. */
    public void addDecimal(BigDecimal v) {
        decimals = decimals.add(v);
    }

    /** Adds everything {@code other} holds. */
    public void addAll(ExactSum other) {
        other.carry();
        carry();
        for (int i = 0; i < WORDS; i++) {
            words[i] += other.words[i];
        }
        addsSinceCarry = 2;
        addLong(other.ints);
        intsSpilled = intsSpilled.add(other.intsSpilled);
        decimals = decimals.add(other.decimals);
        nan |= other.nan;
        positiveInfinity |= other.positiveInfinity;
        negativeInfinity |= other.negativeInfinity;
    }

    /** The floats' exact sum in units of 2^-1074. */
    private BigInteger floatUnits() {
        carry();
        BigInteger total = BigInteger.ZERO;
        for (int i = WORDS - 1; i >= 0; i--) {
            total = total.shiftLeft(32).add(BigInteger.valueOf(words[i]));
        }
        return total;
    }

    /**
     * The exact sum rounded once to the nearest double (ties to even), ±∞ past the largest double;
     * NaN, +∞ or −∞ as IEEE addition gives them when such values were added (NaN for both infinities).
     */
    public double toDouble() {
        if (nan || (positiveInfinity && negativeInfinity)) {
            return Double.NaN;
        }
        if (positiveInfinity) {
            return Double.POSITIVE_INFINITY;
        }
        if (negativeInfinity) {
            return Double.NEGATIVE_INFINITY;
        }
        BigInteger units = floatUnits();
        BigInteger integers = intsSpilled.add(BigInteger.valueOf(ints));
        if (integers.signum() == 0 && decimals.signum() == 0) {
            return roundUnits(units);
        }
        if (units.signum() == 0 && decimals.signum() == 0) {
            return roundUnits(integers.shiftLeft(1074));
        }
        // A mix (never one column's values): exactly, in decimal; 2^-1074 is 5^1074 / 10^1074.
        BigDecimal exact = new BigDecimal(units.multiply(BigInteger.valueOf(5).pow(1074)), 1074)
                .add(new BigDecimal(integers)).add(decimals);
        return Double.parseDouble(exact.toString()); // parsing rounds correctly, once
    }

    /** {@code units · 2^-1074} rounded once. */
    private static double roundUnits(BigInteger units) {
        int sign = units.signum();
        BigInteger magnitude = units.abs();
        int length = magnitude.bitLength();
        if (length <= 62) {
            // A long converts rounding once; below 2^53 it is exact and so is the scaling (a multiple
            // of 2^-1074), above it the result is a normal double and scaling is exact too.
            return Math.scalb((double) (sign * magnitude.longValue()), -1074);
        }
        int dropped = length - 62;
        long top = magnitude.shiftRight(dropped).longValue();
        if (magnitude.getLowestSetBit() < dropped) {
            top |= 1; // a sticky bit: the dropped bits are not zero (62 bits keep the rounding bit apart)
        }
        return Math.scalb((double) (sign * top), dropped - 1074);
    }
}
