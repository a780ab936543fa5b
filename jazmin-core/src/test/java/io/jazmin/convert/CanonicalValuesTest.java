package io.jazmin.convert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.error.JazminValidationException;
import io.jazmin.schema.JsonText;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CanonicalValuesTest {
    private static final Column BOOL = Column.of("b", ColumnType.BOOL);
    private static final Column INT = Column.of("i", ColumnType.INT);
    private static final Column FLOAT = Column.of("f", ColumnType.FLOAT);
    private static final Column DECIMAL = Column.of("d", ColumnType.DECIMAL);
    private static final Column STRING = Column.of("s", ColumnType.STRING);
    private static final Column DATETIME = Column.of("t", ColumnType.DATETIME);
    private static final Column BINARY = Column.of("x", ColumnType.BINARY);
    private static final Column JSON = Column.of("j", ColumnType.JSON);

    @Test
    void intsAreDecimalTextAtTheEdgesOf64Bits() {
        assertRoundTrip(INT, Long.MAX_VALUE, "\"9223372036854775807\"");
        assertRoundTrip(INT, Long.MIN_VALUE, "\"-9223372036854775808\"");
        assertRoundTrip(INT, 42L, "\"42\"");
        assertThat(CanonicalValues.fromJson(INT, "42")).isEqualTo(42L);
        assertThat(CanonicalValues.fromJson(INT, "1e3")).isEqualTo(1000L);
        assertThatThrownBy(() -> CanonicalValues.fromJson(INT, "\"9223372036854775808\""))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("range");
        assertThatThrownBy(() -> CanonicalValues.fromJson(INT, "1.5"))
                .isInstanceOf(JazminValidationException.class);
    }

    @Test
    void floatSpecialValuesAreStrings() {
        assertRoundTrip(FLOAT, Double.NaN, "\"NaN\"");
        assertRoundTrip(FLOAT, Double.POSITIVE_INFINITY, "\"Infinity\"");
        assertRoundTrip(FLOAT, Double.NEGATIVE_INFINITY, "\"-Infinity\"");
        assertRoundTrip(FLOAT, -0.0, "\"-0\"");
        Object negativeZero = CanonicalValues.fromJson(FLOAT, "\"-0\"");
        assertThat(Double.doubleToRawLongBits((Double) negativeZero)).isEqualTo(Double.doubleToRawLongBits(-0.0));
    }

    @ParameterizedTest
    @CsvSource({"9.5,9.5", "3.0,3", "1e-300,1e-300", "-1e21,-1e+21", "1e20,100000000000000000000",
            "123456.789,123456.789", "0.000001,0.000001", "1e-7,1e-7", "0.1,0.1", "5e-324,5e-324",
            "1.7976931348623157e308,1.7976931348623157e+308", "-0.25,-0.25"})
    void floatsAreWrittenLikeJavaScript(double value, String expected) {
        assertRoundTrip(FLOAT, value, expected);
    }

    @Test
    void randomFloatsReadBackBitForBit() {
        java.util.Random random = new java.util.Random(20240102);
        for (int i = 0; i < 20_000; i++) {
            double v = Double.longBitsToDouble(random.nextLong());
            String text = FloatText.format(v);
            double back = FloatText.parse(text);
            assertThat(Double.doubleToLongBits(back)).as(text).isEqualTo(Double.doubleToLongBits(v));
        }
    }

    @Test
    void decimalsKeepTheirScale() {
        assertRoundTrip(DECIMAL, new BigDecimal("12.50"), "\"12.50\"");
        assertRoundTrip(DECIMAL, new BigDecimal("0.000"), "\"0.000\"");
        assertRoundTrip(DECIMAL, new BigDecimal("3.14159265358979323846264338327950288"),
                "\"3.14159265358979323846264338327950288\"");
        assertRoundTrip(DECIMAL, new BigDecimal("-123456789012345678901234567890123456"),
                "\"-123456789012345678901234567890123456\"");
        assertThat(CanonicalValues.fromJson(DECIMAL, "12.50")).isEqualTo(new BigDecimal("12.50"));
        assertThat(CanonicalValues.fromJson(DECIMAL, "1e2")).isEqualTo(new BigDecimal("100"));
        assertThatThrownBy(() -> CanonicalValues.fromJson(DECIMAL, "\"1e2\""))
                .isInstanceOf(JazminValidationException.class);
    }

    @Test
    void stringsKeepCharactersOutsideTheBasicPlane() {
        assertRoundTrip(STRING, "Zoë 👋 \"q\" \\ / \n\t", "\"Zoë 👋 \\\"q\\\" \\\\ / \\n\\t\"");
        assertRoundTrip(STRING, "", "\"\"");
    }

    @Test
    void datetimesHaveThreeFractionDigitsAndZ() {
        assertRoundTrip(DATETIME, Instant.ofEpochMilli(-1), "\"1969-12-31T23:59:59.999Z\"");
        assertRoundTrip(DATETIME, Instant.parse("1900-01-01T00:00:00Z"), "\"1900-01-01T00:00:00.000Z\"");
        assertRoundTrip(DATETIME, Instant.parse("+10000-01-01T00:00:00Z"), "\"+010000-01-01T00:00:00.000Z\"");
        assertRoundTrip(DATETIME, Instant.parse("-0001-01-01T00:00:00Z"), "\"-000001-01-01T00:00:00.000Z\"");
        assertThat(CanonicalValues.fromJson(DATETIME, "\"2024-01-02T05:04:05.678+02:00\""))
                .isEqualTo(Instant.parse("2024-01-02T03:04:05.678Z"));
        assertThat(CanonicalValues.fromJson(DATETIME, "\"2024-01-02T03:04:05.6789Z\""))
                .isEqualTo(Instant.parse("2024-01-02T03:04:05.678Z"));
        assertThat(CanonicalValues.fromJson(DATETIME, "0")).isEqualTo(Instant.EPOCH);
        assertThatThrownBy(() -> CanonicalValues.fromJson(DATETIME, "\"2024-01-02T03:04:05\""))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("offset");
    }

    @Test
    void binaryIsPaddedBase64() {
        assertThat(CanonicalValues.toJson(BINARY, new byte[0])).isEqualTo("\"\"");
        assertThat((byte[]) CanonicalValues.fromJson(BINARY, "\"\"")).isEmpty();
        assertThat(CanonicalValues.toJson(BINARY, new byte[] {0})).isEqualTo("\"AA==\"");
        assertThat((byte[]) CanonicalValues.fromJson(BINARY, "\"/wB/\"")).containsExactly(0xff, 0x00, 0x7f);
        assertThatThrownBy(() -> CanonicalValues.fromJson(BINARY, "\"*\""))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("base64");
    }

    @Test
    void jsonValuesAreEmbeddedAsThemselves() {
        assertRoundTrip(JSON, JsonText.of("{\"a\":[1,2.50,\"x\"]}"), "{\"a\":[1,2.50,\"x\"]}");
        assertRoundTrip(JSON, JsonText.of("\"just a string\""), "\"just a string\"");
        assertThat(CanonicalValues.toJson(JSON, JsonText.of("{\n \"a\": 1\n}"))).isEqualTo("{\"a\":1}");
        // Duplicate names inside a json value are the user's data, not a row problem.
        assertThat(CanonicalValues.fromJson(JSON, "{\"k\":1,\"k\":2}")).isEqualTo(JsonText.of("{\"k\":1,\"k\":2}"));
    }

    @Test
    void nullIsNullForEveryType() {
        for (Column c : List.of(BOOL, INT, FLOAT, DECIMAL, STRING, DATETIME, BINARY, JSON)) {
            assertRoundTrip(c, null, "null");
        }
    }

    @Test
    void boolsAreBooleans() {
        assertRoundTrip(BOOL, true, "true");
        assertRoundTrip(BOOL, false, "false");
    }

    @Test
    void nestedColumnsHoldListsAndObjects() {
        Column item = new Column("item", ColumnType.OBJECT, true, "", "", null,
                List.of(Column.of("sku", ColumnType.STRING), Column.of("qty", ColumnType.INT)));
        Column lines = new Column("lines", ColumnType.LIST, true, "", "", item, List.of());
        String json = "[{\"sku\":\"A\",\"qty\":\"1\"},null,{\"sku\":null,\"qty\":null}]";
        Object value = CanonicalValues.fromJson(lines, json);
        Map<String, Object> empty = new java.util.HashMap<>();
        empty.put("sku", null);
        empty.put("qty", null);
        assertThat(value).isEqualTo(Arrays.asList(Map.of("sku", "A", "qty", 1L), null, empty));
        assertThat(CanonicalValues.toJson(lines, value)).isEqualTo(json);
        assertThatThrownBy(() -> CanonicalValues.fromJson(lines, "[{\"sku\":\"A\",\"sku\":\"B\"}]"))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("duplicate");
    }

    @Test
    void humanStyleUsesNumbersWhereTheyAreExact() {
        assertThat(CanonicalValues.toJson(INT, 42L, JsonStyle.HUMAN)).isEqualTo("42");
        assertThat(CanonicalValues.toJson(INT, 1L << 53, JsonStyle.HUMAN)).isEqualTo("9007199254740992");
        assertThat(CanonicalValues.toJson(INT, (1L << 53) + 1, JsonStyle.HUMAN)).isEqualTo("\"9007199254740993\"");
        assertThat(CanonicalValues.toJson(FLOAT, -0.0, JsonStyle.HUMAN)).isEqualTo("-0");
        assertThat(CanonicalValues.toJson(FLOAT, Double.NaN, JsonStyle.HUMAN)).isEqualTo("\"NaN\"");
        assertThat(CanonicalValues.toJson(DECIMAL, new BigDecimal("1.50"), JsonStyle.HUMAN)).isEqualTo("\"1.50\"");
    }

    @Test
    void rowsAreObjectsInColumnOrder() {
        List<Column> columns = List.of(INT, STRING);
        assertThat(CanonicalValues.rowToJson(columns, Arrays.asList(7L, null), JsonStyle.CANONICAL))
                .isEqualTo("{\"i\":\"7\",\"s\":null}");
        assertThat(CanonicalValues.rowFromJson(columns, "{\"s\":\"x\"}")).containsExactly(
                entry("i", null), entry("s", "x"));
        assertThatThrownBy(() -> CanonicalValues.rowFromJson(columns, "{\"s\":\"x\",\"s\":\"y\"}"))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("duplicate member name 's'");
    }

    private static void assertRoundTrip(Column column, Object value, String json) {
        assertThat(CanonicalValues.toJson(column, value)).isEqualTo(json);
        Object back = CanonicalValues.fromJson(column, json);
        if (value instanceof Double d) {
            assertThat(Double.doubleToRawLongBits((Double) back)).isEqualTo(Double.doubleToRawLongBits(d));
        } else {
            assertThat(back).isEqualTo(value);
        }
    }
}
