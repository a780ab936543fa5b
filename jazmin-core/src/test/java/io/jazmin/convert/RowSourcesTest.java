package io.jazmin.convert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.error.InvalidRowException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.schema.JsonText;
import io.jazmin.testing.SharedFiles;
import java.io.ByteArrayInputStream;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import io.jazmin.error.InputSyntaxException;

class RowSourcesTest {

    @Test
    void readsMixedTypesIntoJavaValues() throws Exception {
        Path dir = SharedFiles.conformanceCase("mixed-types");
        List<Column> columns = SchemaFile.read(dir.resolve("schema.json")).columns();
        List<Map<String, Object>> rows = readAll(RowSources.open(dir.resolve("input.jsonl"), columns));

        assertThat(rows).hasSize(12);
        Map<String, Object> first = rows.get(0);
        assertThat(first.keySet()).containsExactly(columns.stream().map(Column::name).toArray(String[]::new));
        assertThat(first).containsEntry("id", 1L).containsEntry("name", "Ann").containsEntry("active", true)
                .containsEntry("score", 9.5).containsEntry("balance", new BigDecimal("1234.50"))
                .containsEntry("joined", Instant.parse("2024-01-02T03:04:05.678Z"))
                .containsEntry("tags", JsonText.of("[\"a\",{\"b\":1}]"));
        assertThat((byte[]) first.get("avatar")).containsExactly(1, 2, 3);
        assertThat(rows.get(2)).containsEntry("id", 4611686018427387904L).containsEntry("name", "Zoë 👋");
        assertThat((byte[]) rows.get(2).get("avatar")).isEmpty();
        assertThat(rows.get(3)).containsEntry("id", -9007199254740993L).containsEntry("balance", new BigDecimal("0.000"))
                .containsEntry("joined", Instant.ofEpochMilli(-1));
        assertThat((Double) rows.get(4).get("score")).isNaN();
        assertThat(rows.get(5)).containsEntry("score", Double.POSITIVE_INFINITY);
        assertThat(Double.doubleToRawLongBits((Double) rows.get(7).get("score")))
                .isEqualTo(Double.doubleToRawLongBits(-0.0));
        assertThat(rows.get(7)).containsEntry("tags", JsonText.of("\"just a string\""))
                .containsEntry("profile", JsonText.of("42"));
        assertThat(rows.get(10)).containsEntry("balance", new BigDecimal("3.14159265358979323846264338327950288"));
        assertThat(rows.get(11)).containsEntry("id", 12L);
        assertThat(rows.get(11).values()).filteredOn(v -> v != null).hasSize(1);
    }

    @Test
    void canonicalJsonLinesOutputEqualsTheExpectedRowsByteForByte() throws Exception {
        for (String name : List.of("mixed-types", "nested-columns")) {
            Path dir = SharedFiles.conformanceCase(name);
            List<Column> columns = SchemaFile.read(dir.resolve("schema.json")).columns();
            StringWriter out = new StringWriter();
            try (RowSource source = RowSources.open(dir.resolve("input.jsonl"), columns);
                 RowSink sink = RowSinks.open(out, RowFormat.JSON_LINES, columns, JsonStyle.CANONICAL)) {
                source.forEachRemaining(sink::writeRow);
            }
            assertThat(out.toString()).as(name).isEqualTo(Files.readString(dir.resolve("expected.default.jsonl")));
        }
    }

    @Test
    void jsonArraysRoundTripThroughTheArraySink() {
        List<Column> columns = List.of(Column.of("a", ColumnType.INT), Column.of("b", ColumnType.STRING));
        StringWriter out = new StringWriter();
        try (RowSink sink = RowSinks.open(out, RowFormat.JSON, columns, JsonStyle.HUMAN)) {
            sink.write(List.of(1L, "x"));
            sink.writeRow(Map.of("a", 2L));
        }
        assertThat(out.toString()).isEqualTo("[\n{\"a\":1,\"b\":\"x\"},\n{\"a\":2,\"b\":null}\n]\n");
        List<Map<String, Object>> rows = readAll(RowSources.open(stream(out.toString()), RowFormat.JSON, columns));
        assertThat(rows).extracting(r -> r.get("a")).containsExactly(1L, 2L);

        StringWriter empty = new StringWriter();
        RowSinks.open(empty, RowFormat.JSON, columns, JsonStyle.HUMAN).close();
        assertThat(empty.toString()).isEqualTo("[]\n");
        assertThat(readAll(RowSources.open(stream(empty.toString()), RowFormat.JSON, columns))).isEmpty();
    }

    @Test
    void badValuesNameTheRowAndColumn() {
        List<Column> columns = List.of(Column.of("a", ColumnType.INT), Column.of("b", ColumnType.DATETIME));
        String input = "{\"a\":\"1\"}\n{\"a\":\"2\",\"b\":\"yesterday\"}\n";
        RowSource source = RowSources.open(stream(input), RowFormat.JSON_LINES, columns);
        source.next();
        assertThatThrownBy(source::next).isInstanceOfSatisfying(InvalidRowException.class, e -> {
            assertThat(e.row()).isEqualTo(1);
            assertThat(e.column()).isEqualTo("b");
            assertThat(e.getMessage()).contains("yesterday");
        });
        assertThatThrownBy(() -> readAll(RowSources.open(stream("{\"c\":1}"), RowFormat.JSON_LINES, columns)))
                .isInstanceOf(InvalidRowException.class).hasMessageContaining("'c'");
        assertThatThrownBy(() -> readAll(RowSources.open(stream("{\"a\":1,\"a\":2}"), RowFormat.JSON_LINES, columns)))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("duplicate member name 'a'");
    }

    @Test
    void malformedJsonIsASyntaxError() {
        List<Column> columns = List.of(Column.of("a", ColumnType.INT));
        assertThatThrownBy(() -> readAll(RowSources.open(stream("{\"a\":1}\n{\"a\":"), RowFormat.JSON_LINES, columns)))
                .isInstanceOf(InputSyntaxException.class).hasMessageContaining("line 2");
        assertThatThrownBy(() -> readAll(RowSources.open(stream("[{\"a\":1}"), RowFormat.JSON, columns)))
                .isInstanceOf(InputSyntaxException.class);
        assertThatThrownBy(() -> readAll(RowSources.open(stream("{\"a\":1}"), RowFormat.JSON, columns)))
                .isInstanceOf(InputSyntaxException.class).hasMessageContaining("array");
    }

    @Test
    void infersColumnsWhenNoneAreGiven(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("rows.jsonl");
        Files.writeString(file, "{\"n\":1,\"when\":\"2024-01-01T00:00:00Z\"}\n{\"n\":2.5,\"extra\":[1]}\n");
        try (RowSource source = RowSources.open(file, null)) {
            assertThat(source.columns()).containsExactly(Column.of("n", ColumnType.FLOAT),
                    Column.of("when", ColumnType.DATETIME), Column.of("extra", ColumnType.JSON));
            assertThat(readAll(source)).extracting(r -> r.get("n")).containsExactly(1.0, 2.5);
        }
    }

    static List<Map<String, Object>> readAll(RowSource source) {
        List<Map<String, Object>> rows = new ArrayList<>();
        try (source) {
            source.forEachRemaining(rows::add);
        }
        return rows;
    }

    static ByteArrayInputStream stream(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }
}
