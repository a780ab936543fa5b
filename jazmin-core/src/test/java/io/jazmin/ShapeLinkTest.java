package io.jazmin;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.export.ExportShape;
import io.jazmin.error.ShapeException;
import io.jazmin.options.WriteOptions;

/** Cross-table shapes ({@code $from}/{@code $on}): lists and sets of linked rows, their filters and groups. */
class ShapeLinkTest {
    @TempDir
    Path dir;

    /** Orders (id, region) and their lines (order, product, qty); order 3 has no lines, line 5 no order. */
    private Path file() {
        Path file = dir.resolve("orders.jzm");
        try (JazminWriter w = JazminWriter.create(file, List.of(Column.required("id", ColumnType.INT),
                Column.of("region", ColumnType.STRING)), WriteOptions.defaults().withTableName("orders"))) {
            w.writeValues(1L, "north");
            w.writeValues(2L, "south");
            w.writeValues(3L, "north");
            w.writeValues(4L, null);
            w.startTable("lines", List.of(Column.of("order", ColumnType.INT), Column.of("product", ColumnType.STRING),
                    Column.of("qty", ColumnType.INT)), WriteOptions.defaults().withChunkRows(2));
            w.writeValues(2L, "pen", 5L);
            w.writeValues(1L, "ink", 2L);
            w.writeValues(2L, "cap", 1L);
            w.writeValues(1L, "pad", 7L);
            w.writeValues(null, "lost", 9L);
            w.finish();
        }
        return file;
    }

    private static String export(JazminReader reader, String shape) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        reader.export(ExportShape.parse(shape), out);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void eachRowListsItsLinkedRowsWithTheLinksFilterSortAndLimitAndTotalsThemAsOneSet() {
        try (JazminReader reader = JazminReader.open(file())) {
            String shape = "{\"orders\":{\"$rows\":{\"id\":\"id\",\"big\":{\"$from\":\"lines\",\"$on\":{\"order\":\"id\"},"
                    + "\"$filter\":{\"qty\":{\"gt\":1}},\"$rows\":{\"p\":\"product\"},\"$sort\":[\"-qty\"],\"$limit\":1},"
                    + "\"sum\":{\"$from\":\"lines\",\"$on\":{\"order\":\"id\"},\"$one\":{\"n\":{\"$count\":true},"
                    + "\"qty\":{\"$sum\":\"qty\"},\"first\":\"product\"}}}}}";
            assertEquals("{\"orders\":[{\"id\":1,\"big\":[{\"p\":\"pad\"}],\"sum\":{\"n\":2,\"qty\":9,\"first\":\"ink\"}},"
                    + "{\"id\":2,\"big\":[{\"p\":\"pen\"}],\"sum\":{\"n\":2,\"qty\":6,\"first\":\"pen\"}},"
                    + "{\"id\":3,\"big\":[],\"sum\":null},{\"id\":4,\"big\":[],\"sum\":null}]}", export(reader, shape));
        }
    }

    @Test
    void aGroupLinksThroughItsFirstRowAndLinkedRowsCanBeGroupedInTurn() {
        try (JazminReader reader = JazminReader.open(file())) {
            String shape = "{\"regions\":{\"$rows\":{\"region\":\"region\",\"n\":{\"$count\":true},"
                    + "\"firstOrderLines\":{\"$from\":\"lines\",\"$on\":{\"order\":\"id\"},\"$rows\":{\"qty\":\"qty\","
                    + "\"n\":{\"$count\":true}},\"$groupBy\":\"qty\",\"$sort\":[\"qty\"]}},\"$groupBy\":\"region\","
                    + "\"$sort\":[\"region\"]}}";
            // Nulls sort first; the south group's first order is 2 (lines qty 5 and 1), north's is 1 (2 and 7).
            assertEquals("{\"regions\":[{\"region\":null,\"n\":1,\"firstOrderLines\":[]},"
                    + "{\"region\":\"north\",\"n\":2,\"firstOrderLines\":[{\"qty\":2,\"n\":1},{\"qty\":7,\"n\":1}]},"
                    + "{\"region\":\"south\",\"n\":1,\"firstOrderLines\":[{\"qty\":1,\"n\":1},{\"qty\":5,\"n\":1}]}]}",
                    export(reader, shape));
        }
    }

    @Test
    void aLinkIsCheckedAgainstBothTablesBeforeAnyRowIsRead() {
        try (JazminReader reader = JazminReader.open(file())) {
            assertThatThrownBy(() -> export(reader, "{\"x\":{\"$from\":\"lines\",\"$on\":{\"product\":\"id\"},"
                    + "\"$rows\":{\"p\":\"product\"}}}")).isInstanceOf(ShapeException.class)
                    .hasMessage("Shape at x.$on.product: $on links string column 'product' to int column 'id': "
                            + "the types must match");
            assertThatThrownBy(() -> export(reader, "{\"x\":{\"$from\":\"lines\",\"$on\":{\"order\":\"id\"},"
                    + "\"$rows\":{\"p\":\"region\"}}}")).isInstanceOf(ShapeException.class)
                    .hasMessage("Shape at x[].p: unknown or hidden column 'region' in table 'lines'");
            assertThatThrownBy(() -> export(reader, "{\"x\":{\"$from\":\"lines\",\"$on\":{\"order\":\"id\"},"
                    + "\"$one\":{},\"$limit\":1}}")).isInstanceOf(ShapeException.class)
                    .hasMessage("Shape at x: unknown option '$limit' with $one");
        }
    }
}
