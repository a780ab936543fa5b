package io.jazmin.convert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.error.JazminValidationException;
import io.jazmin.testing.SharedFiles;
import java.io.ByteArrayInputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SchemaFileTest {

    @Test
    void readsTheMixedTypesSchema() throws Exception {
        Schema schema = SchemaFile.read(SharedFiles.conformanceCase("mixed-types").resolve("schema.json"));
        List<Column> columns = schema.columns();
        assertThat(columns).extracting(Column::name)
                .containsExactly("id", "name", "active", "score", "balance", "joined", "avatar", "tags", "profile");
        assertThat(columns.get(0)).isEqualTo(Column.required("id", ColumnType.INT).withDescription("Primary key"));
        assertThat(columns.get(8).attributes()).isEqualTo("{\"note\":\"nested objects and arrays stored as JSON\"}");
        assertThat(schema.indexes()).isEmpty();
    }

    @Test
    void readsIndexDeclarationsAsOneKindOrSeveral() throws Exception {
        Schema schema = SchemaFile.read(SharedFiles.conformanceCase("sorted-indexed").resolve("schema.json"));
        assertThat(schema.indexes()).containsEntry("id", List.of("sorted"))
                .containsEntry("email", List.of("sorted", "trigram"))
                .doesNotContainKey("balance");
    }

    @Test
    void readsNestedColumnsWithDefaultItemNamesAndNullability() throws Exception {
        Schema schema = SchemaFile.read(SharedFiles.conformanceCase("nested-columns").resolve("schema.json"));
        Column lines = schema.columns().get(4);
        assertThat(lines.type()).isEqualTo(ColumnType.LIST);
        assertThat(lines.item().name()).isEqualTo("item");
        assertThat(lines.item().nullable()).isTrue();
        assertThat(lines.item().fields()).extracting(Column::name, Column::type).containsExactly(
                org.assertj.core.groups.Tuple.tuple("sku", ColumnType.STRING),
                org.assertj.core.groups.Tuple.tuple("qty", ColumnType.INT),
                org.assertj.core.groups.Tuple.tuple("price", ColumnType.DECIMAL));
    }

    @Test
    void writesWhatItReads() throws Exception {
        for (String name : List.of("mixed-types", "sorted-indexed", "nested-columns")) {
            Schema schema = SchemaFile.read(SharedFiles.conformanceCase(name).resolve("schema.json"));
            StringWriter out = new StringWriter();
            SchemaFile.write(out, schema);
            assertThat(read(out.toString())).as(name).isEqualTo(schema);
        }
    }

    @Test
    void refusesUnknownMembersTypesAndRepeatedNames() {
        assertThatThrownBy(() -> read("[{\"name\":\"a\",\"type\":\"text\"}]"))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("text");
        assertThatThrownBy(() -> read("[{\"name\":\"a\",\"type\":\"int\",\"colour\":1}]"))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("colour");
        assertThatThrownBy(() -> read("[{\"name\":\"a\",\"name\":\"b\",\"type\":\"int\"}]"))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("duplicate");
        assertThatThrownBy(() -> read("{}")).isInstanceOf(JazminValidationException.class);
    }

    @Test
    void defaultsToNullableWithoutDescription() {
        Schema schema = read("[{\"name\":\"a\",\"type\":\"string\"}]");
        assertThat(schema).isEqualTo(new Schema(List.of(Column.of("a", ColumnType.STRING)), Map.of()));
    }

    private static Schema read(String json) {
        return SchemaFile.read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
    }
}
