package io.jazmin.internal.column;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.error.JazminValidationException;
import io.jazmin.internal.wire.ByteReader;
import io.jazmin.internal.wire.ByteWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

class DecimalsTest {

    private static BigDecimal roundTrip(BigDecimal v) {
        ByteWriter w = new ByteWriter();
        Decimals.write(v, w);
        ByteReader r = new ByteReader(w.toByteArray());
        BigDecimal back = Decimals.read(r);
        r.expectEnd("decimal");
        return back;
    }

    @Test
    void keepsTheScale() {
        assertThat(roundTrip(new BigDecimal("12.50")).toPlainString()).isEqualTo("12.50");
        assertThat(roundTrip(new BigDecimal("-0.001")).toPlainString()).isEqualTo("-0.001");
    }

    @Test
    void canonicalText() {
        assertThat(Decimals.toText(new BigDecimal("-0.00"))).isEqualTo("0.00");
        assertThat(Decimals.toText(new BigDecimal("007.10"))).isEqualTo("7.10");
        assertThat(Decimals.toText(new BigDecimal("1E+3"))).isEqualTo("1000");
        assertThat(Decimals.toText(new BigDecimal("1E-3"))).isEqualTo("0.001");
    }

    @Test
    void limits() {
        BigInteger max = BigInteger.TEN.pow(256).subtract(BigInteger.ONE);
        BigDecimal widest = new BigDecimal(max.negate(), 255);
        assertThat(roundTrip(widest)).isEqualTo(widest);
        assertThatThrownBy(() -> Decimals.normalize(new BigDecimal(BigInteger.ONE, 256)))
                .isInstanceOf(JazminValidationException.class);
        assertThatThrownBy(() -> Decimals.normalize(new BigDecimal(max.add(BigInteger.ONE))))
                .isInstanceOf(JazminValidationException.class);
        assertThatThrownBy(() -> Decimals.normalize(new BigDecimal("1E+256")))
                .isInstanceOf(JazminValidationException.class);
    }

    @Test
    void reducedKeyForm() {
        assertThat(Decimals.reduce(new BigDecimal("1.50"))).isEqualTo(new BigDecimal("1.5"));
        assertThat(Decimals.reduce(new BigDecimal("100"))).isEqualTo(new BigDecimal("100"));
        assertThat(Decimals.reduce(new BigDecimal("100.00"))).isEqualTo(new BigDecimal("100"));
        assertThat(Decimals.reduce(new BigDecimal("0.000"))).isEqualTo(new BigDecimal("0"));
    }
}
