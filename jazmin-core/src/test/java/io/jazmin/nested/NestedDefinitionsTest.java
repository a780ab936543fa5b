package io.jazmin.nested;

import static io.jazmin.nested.Nested.items;
import static io.jazmin.nested.Nested.list;
import static io.jazmin.nested.Nested.obj;
import static io.jazmin.nested.Nested.object;
import static io.jazmin.nested.Nested.required;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.error.InvalidRowException;
import io.jazmin.error.JazminFormatException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.JazminWriter;
import io.jazmin.options.WriteOptions;
import io.jazmin.internal.catalog.CatalogColumn;
import io.jazmin.internal.column.NestedDefinitions;
import io.jazmin.internal.wire.ByteReader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The rules for list and object definitions and values, as the writer and the catalog reader apply them. */
class NestedDefinitionsTest {
    private static final Column TAGS = list("tags", required(Column.of("item", ColumnType.STRING)));
    private static final Column ADDRESS = object("address", Column.of("city", ColumnType.STRING),
            required(Column.of("zip", ColumnType.INT)));

    @Test
    void badDefinitionsAreNamed() {
        assertThat(NestedDefinitions.problem(new Column("l", ColumnType.LIST, true, "", "", null, List.of())))
                .contains("one item");
        assertThat(NestedDefinitions.problem(new Column("o", ColumnType.OBJECT, true, "", "", null, List.of())))
                .contains("at least one field");
        assertThat(NestedDefinitions.problem(object("o", Column.of("a", ColumnType.INT), Column.of("a", ColumnType.INT))))
                .contains("repeated field name 'a'");
        assertThat(NestedDefinitions.problem(new Column("i", ColumnType.INT, true, "", "", Column.of("x", ColumnType.INT),
                List.of()))).contains("only lists have an item");
        assertThat(NestedDefinitions.problem(deep(64))).isNull();
        assertThat(NestedDefinitions.problem(deep(65))).contains("more than 64 levels");
    }

    @Test
    void writerRefusesBadDefinitions(@TempDir Path dir) {
        assertThatThrownBy(() -> JazminWriter.create(dir.resolve("deep.jzm"), List.of(deep(65)), WriteOptions.defaults()))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("64 levels");
    }

    @Test
    void catalogNestedDeeperThan64LevelsIsRefused() {
        byte[] bytes = CatalogColumn.of(deep(65), 0).encode();
        assertThatThrownBy(() -> CatalogColumn.decode(new ByteReader(bytes)))
                .isInstanceOf(JazminFormatException.class).hasMessageContaining("64");
    }

    @Test
    void writerRefusesValuesThatDoNotFit(@TempDir Path dir) {
        try (JazminWriter w = JazminWriter.create(dir.resolve("v.jzm"), List.of(TAGS, ADDRESS), WriteOptions.defaults())) {
            assertRefused(w, items("a", null), obj("zip", 1L), "tags[]: null");
            assertRefused(w, items("a", 2L), null, "tags[]");
            assertRefused(w, "a", null, "not a list");
            assertRefused(w, null, obj("zip", null), "address.zip: null");
            assertRefused(w, null, obj("zip", 1L, "street", "x"), "unknown field 'street'");
            assertRefused(w, null, obj("zip", "1"), "address.zip");
            w.writeValues(items("a"), obj("zip", 1)); // an Integer widens to the int it is
            assertThat(w.rowCount()).isEqualTo(1);
        }
    }

    private static void assertRefused(JazminWriter w, Object tags, Object address, String message) {
        assertThatThrownBy(() -> w.writeValues(tags, address)).isInstanceOf(InvalidRowException.class)
                .hasMessageContaining(message);
    }

    /** A list of lists {@code levels} deep below the column. */
    private static Column deep(int levels) {
        Column c = Column.of("leaf", ColumnType.INT);
        for (int i = 0; i < levels; i++) {
            c = list("l", c);
        }
        return c;
    }
}
