package io.jazmin.convert;

import static io.jazmin.convert.RowSourcesTest.readAll;
import static io.jazmin.convert.RowSourcesTest.stream;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.error.InvalidRowException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.schema.JsonText;
import io.jazmin.testing.SharedFiles;
import java.io.StringReader;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import io.jazmin.error.InputSyntaxException;

class CsvTest {

    @Test
    void splitsQuotedFieldsWithCommasQuotesAndLineBreaks() {
        String text = "\uFEFFa,b,c\r\n\"x,1\",\"say \"\"hi\"\"\",\"two\r\nlines\"\n,\"\",plain\rlast,,\n";
        List<List<String>> records = new ArrayList<>();
        try (CsvReader reader = new CsvReader(new StringReader(text), TextLimits.defaults())) {
            for (List<String> r = reader.next(); r != null; r = reader.next()) {
                records.add(r);
            }
        }
        assertThat(records).containsExactly(
                List.of("a", "b", "c"),
                List.of("x,1", "say \"hi\"", "two\r\nlines"),
                Arrays.asList(null, "", "plain"),
                Arrays.asList("last", null, null));
    }

    @Test
    void reportsUnclosedQuotesAndTextAfterQuotes() {
        assertThatThrownBy(() -> records("a\n\"open\n"))
                .isInstanceOf(InputSyntaxException.class).hasMessageContaining("line 2");
        assertThatThrownBy(() -> records("a\n\"x\"y\n"))
                .isInstanceOf(InputSyntaxException.class).hasMessageContaining("closing quote");
    }

    @Test
    void mixedTypesSurviveACsvRoundTrip() throws Exception {
        var dir = SharedFiles.conformanceCase("mixed-types");
        List<Column> columns = SchemaFile.read(dir.resolve("schema.json")).columns();
        List<Map<String, Object>> original = readAll(RowSources.open(dir.resolve("input.jsonl"), columns));

        StringWriter csv = new StringWriter();
        try (RowSink sink = RowSinks.open(csv, RowFormat.CSV, columns, JsonStyle.HUMAN)) {
            original.forEach(sink::writeRow);
        }
        List<Map<String, Object>> back = readAll(RowSources.open(stream(csv.toString()), RowFormat.CSV, columns));

        assertThat(back).hasSameSizeAs(original);
        for (int i = 0; i < original.size(); i++) {
            for (Column c : columns) {
                assertThat(CanonicalValues.toJson(c, back.get(i).get(c.name())))
                        .as("row %d column %s", i, c.name())
                        .isEqualTo(CanonicalValues.toJson(c, original.get(i).get(c.name())));
            }
        }
    }

    @Test
    void writesHumanTextAndQuotesOnlyWhenNeeded() {
        List<Column> columns = List.of(Column.of("s", ColumnType.STRING), Column.of("f", ColumnType.FLOAT),
                Column.of("d", ColumnType.DECIMAL), Column.of("j", ColumnType.JSON));
        StringWriter out = new StringWriter();
        try (RowSink sink = RowSinks.open(out, RowFormat.CSV, columns, JsonStyle.HUMAN)) {
            sink.write(List.of("a,b", 1e21, new BigDecimal("1.50"), JsonText.of("{\"k\":\"v\"}")));
            sink.write(Arrays.asList("", Double.NaN, null, null));
        }
        assertThat(out.toString()).isEqualTo(
                "s,f,d,j\r\n\"a,b\",1e+21,1.50,\"{\"\"k\"\":\"\"v\"\"}\"\r\n\"\",NaN,,\r\n");
    }

    @Test
    void headerMayListColumnsInAnyOrderButOnlyKnownOnes() {
        List<Column> columns = List.of(Column.of("a", ColumnType.INT), Column.of("b", ColumnType.BOOL));
        List<Map<String, Object>> rows = readAll(RowSources.open(stream("b,a\ntrue,7\n"), RowFormat.CSV, columns));
        assertThat(rows.get(0)).containsExactly(Map.entry("a", 7L), Map.entry("b", true));
        assertThatThrownBy(() -> RowSources.open(stream("a,z\n"), RowFormat.CSV, columns))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("'z'");
        assertThatThrownBy(() -> RowSources.open(stream("a,a\n"), RowFormat.CSV, columns))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("duplicate");
        assertThatThrownBy(() -> readAll(RowSources.open(stream("a,b\n1\n"), RowFormat.CSV, columns)))
                .isInstanceOf(InvalidRowException.class).hasMessageContaining("1 fields");
        assertThatThrownBy(() -> readAll(RowSources.open(stream("a,b\nx,true\n"), RowFormat.CSV, columns)))
                .isInstanceOfSatisfying(InvalidRowException.class, e -> assertThat(e.column()).isEqualTo("a"));
    }

    private static List<List<String>> records(String text) {
        List<List<String>> records = new ArrayList<>();
        try (CsvReader reader = new CsvReader(new StringReader(text), TextLimits.defaults())) {
            for (List<String> r = reader.next(); r != null; r = reader.next()) {
                records.add(r);
            }
        }
        return records;
    }
}
