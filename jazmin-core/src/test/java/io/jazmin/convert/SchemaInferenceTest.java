package io.jazmin.convert;

import static io.jazmin.convert.RowSourcesTest.stream;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.error.JazminValidationException;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

class SchemaInferenceTest {

    @Test
    void infersJsonTypesInFirstAppearanceOrder() {
        String rows = """
                {"id":1,"ok":true,"score":1,"name":"a","at":"2024-01-01T00:00:00.000Z","meta":{"k":1},"none":null}
                {"id":2,"ok":false,"score":2.5,"name":"2024-01-01T00:00:00Z","big":123456789012345678901234,"at":null}
                {"id":3,"mixed":1,"late":"x"}
                {"mixed":"one","meta":[1]}
                """;
        List<Column> columns = SchemaInference.inferJson(stream(rows), RowFormat.JSON_LINES);
        assertThat(columns).containsExactly(
                Column.of("id", ColumnType.INT),
                Column.of("ok", ColumnType.BOOL),
                Column.of("score", ColumnType.FLOAT),
                Column.of("name", ColumnType.STRING),
                Column.of("at", ColumnType.DATETIME),
                Column.of("meta", ColumnType.JSON),
                Column.of("none", ColumnType.STRING),
                Column.of("big", ColumnType.DECIMAL),
                Column.of("mixed", ColumnType.JSON),
                Column.of("late", ColumnType.STRING));
    }

    @Test
    void onlyZonedIsoTextsAreDatetimes() {
        assertThat(DateTimeText.isDateTime("2024-01-01T00:00:00+02:00")).isTrue();
        assertThat(DateTimeText.isDateTime("2024-01-01T00:00:00")).isFalse();
        assertThat(DateTimeText.isDateTime("2024-01-01")).isFalse();
        assertThat(DateTimeText.isDateTime("2024-13-01T00:00:00Z")).isFalse();
    }

    @Test
    void infersCsvTypesFromText() {
        String csv = "id,zip,price,flag,when,note,empty\n"
                + "1,0800,1.5,true,2024-01-01T00:00:00Z,x,\n"
                + "2,8001,2,FALSE,2024-01-02T00:00:00Z,3,\n"
                + "3,,1e3,,,\"\",\n";
        assertThat(SchemaInference.inferCsv(new StringReader(csv))).containsExactly(
                Column.of("id", ColumnType.INT),
                Column.of("zip", ColumnType.STRING),
                Column.of("price", ColumnType.FLOAT),
                Column.of("flag", ColumnType.BOOL),
                Column.of("when", ColumnType.DATETIME),
                Column.of("note", ColumnType.STRING),
                Column.of("empty", ColumnType.STRING));
    }

    @Test
    void refusesRowsThatRepeatAName() {
        assertThatThrownBy(() -> SchemaInference.inferJson(stream("[{\"a\":1,\"a\":2}]"), RowFormat.JSON))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("row 0");
    }
}
