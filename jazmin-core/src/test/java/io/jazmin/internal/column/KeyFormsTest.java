package io.jazmin.internal.column;

import static io.jazmin.internal.column.Streams.hex;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.schema.ColumnType;
import io.jazmin.error.JazminFormatException;
import io.jazmin.error.JazminValidationException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class KeyFormsTest {

    @Test
    void bytesPerType() {
        assertThat(hex(KeyForms.encode(ColumnType.BOOL, true))).isEqualTo("01");
        assertThat(hex(KeyForms.encode(ColumnType.INT, -1L))).isEqualTo("01");
        assertThat(hex(KeyForms.encode(ColumnType.DATETIME, Instant.ofEpochMilli(1000)))).isEqualTo("D0 0F");
        assertThat(hex(KeyForms.encode(ColumnType.FLOAT, -0.0))).isEqualTo("00 00 00 00 00 00 00 00");
        assertThat(hex(KeyForms.encode(ColumnType.FLOAT, 1.0))).isEqualTo("00 00 00 00 00 00 F0 3F");
        assertThat(hex(KeyForms.encode(ColumnType.DECIMAL, new BigDecimal("1.50"))))
                .isEqualTo(hex(KeyForms.encode(ColumnType.DECIMAL, new BigDecimal("1.5")))).isEqualTo("01 1E");
        assertThat(hex(KeyForms.encode(ColumnType.DECIMAL, new BigDecimal("100")))).isEqualTo("00 C8 01");
        assertThat(hex(KeyForms.encode(ColumnType.STRING, "é"))).isEqualTo("C3 A9");
    }

    @Test
    void decodeRoundTrips() {
        assertThat(KeyForms.decode(ColumnType.BOOL, new byte[] {0})).isEqualTo(false);
        assertThat(KeyForms.decode(ColumnType.INT, KeyForms.encode(ColumnType.INT, Long.MIN_VALUE)))
                .isEqualTo(Long.MIN_VALUE);
        assertThat(KeyForms.decode(ColumnType.FLOAT, KeyForms.encode(ColumnType.FLOAT, -2.5))).isEqualTo(-2.5);
        assertThat(KeyForms.decode(ColumnType.DECIMAL, KeyForms.encode(ColumnType.DECIMAL, new BigDecimal("-3.10"))))
                .isEqualTo(new BigDecimal("-3.1"));
        assertThat(KeyForms.decode(ColumnType.STRING, KeyForms.encode(ColumnType.STRING, "a\uD83D\uDE00")))
                .isEqualTo("a\uD83D\uDE00");
        assertThat(KeyForms.decode(ColumnType.STRING, new byte[0])).isEqualTo("");
    }

    @Test
    void rejectsBadKeys() {
        assertThatThrownBy(() -> KeyForms.encode(ColumnType.FLOAT, Double.NaN))
                .isInstanceOf(JazminValidationException.class);
        assertThatThrownBy(() -> KeyForms.encode(ColumnType.FLOAT, Double.POSITIVE_INFINITY))
                .isInstanceOf(JazminValidationException.class);
        assertThatThrownBy(() -> KeyForms.encode(ColumnType.BINARY, new byte[0]))
                .isInstanceOf(JazminValidationException.class);
        for (Object[] bad : new Object[][] {{ColumnType.BOOL, "02"}, {ColumnType.BOOL, "01 00"}, {ColumnType.INT, ""},
                {ColumnType.INT, "80"}, {ColumnType.FLOAT, "00 00 00 00 00 00 F0 7F"}, {ColumnType.FLOAT, "00"},
                {ColumnType.STRING, "FF"}, {ColumnType.DECIMAL, "80 02 00"},
                {ColumnType.DATETIME, hex(KeyForms.encode(ColumnType.INT, DatetimeRange.MAX_MS + 1))}}) {
            byte[] bytes = Streams.bytes((String) bad[1]);
            assertThatThrownBy(() -> KeyForms.decode((ColumnType) bad[0], bytes))
                    .as("%s %s", bad[0], bad[1]).isInstanceOf(JazminFormatException.class);
        }
    }

    @Test
    void ordering() {
        List<Object> strings = new ArrayList<>(List.of("\uFF61", "\uD83D\uDE00", "b", "a"));
        strings.sort(KeyForms.comparator(ColumnType.STRING));
        // UTF-16 order puts the surrogate pair (D83D) before U+FF61, unlike code point or UTF-8 order
        assertThat(strings).containsExactly("a", "b", "\uD83D\uDE00", "\uFF61");
        assertThat(KeyForms.comparator(ColumnType.DECIMAL).compare(new BigDecimal("1.50"), new BigDecimal("1.5")))
                .isZero();
        assertThat(KeyForms.comparator(ColumnType.DECIMAL).compare(new BigDecimal("-10"), new BigDecimal("9.99")))
                .isNegative();
        assertThat(KeyForms.comparator(ColumnType.BOOL).compare(false, true)).isNegative();
        assertThat(KeyForms.keyOf(ColumnType.FLOAT, Double.NaN)).isNull();
        assertThat(KeyForms.keyOf(ColumnType.FLOAT, -0.0)).isEqualTo(0.0);
    }
}
