package io.jazmin.internal.column;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link ExactSum}: the exact sum of what was added, rounded once, whatever the order or the grouping. */
class ExactSumTest {
    /** The exact sum of {@code values} rounded once: what every answer of {@link ExactSum} must equal. */
    private static double reference(double[] values) {
        BigDecimal exact = BigDecimal.ZERO;
        for (double v : values) {
            exact = exact.add(new BigDecimal(v));
        }
        return Double.parseDouble(exact.toString());
    }

    private static double sum(double[] values) {
        ExactSum s = new ExactSum();
        for (double v : values) {
            s.addDouble(v);
        }
        return s.toDouble();
    }

    @Test
    void randomDoublesOfEveryMagnitudeSumToTheExactValueRoundedOnce() {
        Random random = new Random(33);
        for (int round = 0; round < 300; round++) {
            double[] values = new double[1 + random.nextInt(200)];
            for (int i = 0; i < values.length; i++) {
                values[i] = switch (random.nextInt(6)) {
                    case 0 -> Double.longBitsToDouble(random.nextLong() & 0x7FEF_FFFF_FFFF_FFFFL)
                            * (random.nextBoolean() ? 1 : -1); // any finite exponent
                    case 1 -> Double.longBitsToDouble(random.nextLong() & 0x000F_FFFF_FFFF_FFFFL); // subnormal
                    case 2 -> Math.round(random.nextGaussian() * 1e8) / 100.0; // a balance
                    case 3 -> -values[Math.max(0, i - 1)]; // cancellation
                    case 4 -> random.nextDouble() * 1e-300;
                    default -> random.nextGaussian() * Math.pow(2, random.nextInt(120) - 60);
                };
            }
            double want = reference(values);
            assertThat(sum(values)).as("round %d", round).isEqualTo(want);
            // Split anywhere and merged: the same answer (chunks summed on other threads).
            int cut = random.nextInt(values.length + 1);
            ExactSum a = new ExactSum();
            ExactSum b = new ExactSum();
            for (int i = 0; i < values.length; i++) {
                (i < cut ? a : b).addDouble(values[i]);
            }
            b.addAll(a);
            assertThat(b.toDouble()).isEqualTo(want);
        }
    }

    @Test
    void whereAddingOneByOneLosesTheSmallValuesTheExactSumKeepsThem() {
        double[] values = {1e16, 1.0, 1.0, 1.0, 1.0, -1e16};
        double naive = 0;
        for (double v : values) {
            naive += v;
        }
        assertThat(naive).isEqualTo(0.0);
        assertThat(sum(values)).isEqualTo(4.0);
        assertThat(sum(new double[] {0.1, 0.2})).isEqualTo(reference(new double[] {0.1, 0.2}));
    }

    @Test
    void sumsPastTheLargestDoubleRoundToInfinityAndBackWithinRange() {
        assertThat(sum(new double[] {Double.MAX_VALUE, Double.MAX_VALUE})).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(sum(new double[] {-Double.MAX_VALUE, -Double.MAX_VALUE})).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(sum(new double[] {Double.MAX_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE}))
                .isEqualTo(Double.MAX_VALUE);
        assertThat(sum(new double[] {Double.MIN_VALUE, Double.MIN_VALUE})).isEqualTo(2 * Double.MIN_VALUE);
        assertThat(sum(new double[] {-0.0, 0.0})).isEqualTo(0.0);
        assertThat(sum(new double[0])).isEqualTo(0.0);
    }

    @Test
    void nanAndInfinitiesFollowIeeeAddition() {
        assertThat(sum(new double[] {1, Double.NaN})).isNaN();
        assertThat(sum(new double[] {1, Double.POSITIVE_INFINITY})).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(sum(new double[] {Double.NEGATIVE_INFINITY, 1})).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(sum(new double[] {Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY})).isNaN();
    }

    @Test
    void integersBeyondALongAndDecimalsAreExactToo() {
        ExactSum s = new ExactSum();
        BigInteger want = BigInteger.ZERO;
        Random random = new Random(7);
        for (int i = 0; i < 1000; i++) {
            long v = random.nextBoolean() ? Long.MAX_VALUE - random.nextInt(1000) : random.nextLong();
            s.addLong(v);
            want = want.add(BigInteger.valueOf(v));
        }
        assertThat(want.bitLength()).isGreaterThan(63);
        assertThat(s.toDouble()).isEqualTo(want.doubleValue());

        ExactSum d = new ExactSum();
        d.addDecimal(new BigDecimal("0.1"));
        d.addDecimal(new BigDecimal("0.2"));
        d.addDecimal(new BigDecimal("-12345678901234567890.123"));
        assertThat(d.toDouble()).isEqualTo(Double.parseDouble("-12345678901234567889.823"));
    }
}
