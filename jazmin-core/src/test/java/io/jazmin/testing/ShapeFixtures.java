package io.jazmin.testing;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.JazminWriter;
import io.jazmin.options.WriteOptions;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** A small file of transaction lines and a grouped shape over it, shared by the export-shape tests. */
public final class ShapeFixtures {
    public static final List<Column> COLUMNS = List.of(Column.required("client", ColumnType.STRING),
            Column.required("line", ColumnType.INT), Column.of("amount", ColumnType.DECIMAL),
            Column.of("qty", ColumnType.INT), Column.of("at", ColumnType.DATETIME), Column.of("rate", ColumnType.FLOAT));

    private ShapeFixtures() {
    }

    /** Six transaction lines of three clients, in the order given (file order), in chunks of two rows. */
    public static Path lines(Path file, boolean sortedByClient) {
        Object[][] rows = {
            {"B", 1L, "10.5", Long.MAX_VALUE, "2025-01-03T00:00:00Z", 0.5},
            {"A", 2L, "1.25", Long.MAX_VALUE, "2025-01-01T00:00:00Z", null},
            {"B", 3L, "2.00", 1L, "2025-01-05T00:00:00Z", 1.5},
            {"C", 4L, "7", 1L, null, 2.0},
            {"A", 5L, "3.5", 1L, "2025-01-02T00:00:00Z", Double.NaN},
            {"B", 6L, "-1.10", 1L, "2025-01-04T00:00:00Z", 3.0},
        };
        List<Object[]> order = new ArrayList<>(List.of(rows));
        if (sortedByClient) {
            order.sort((a, b) -> ((String) a[0]).compareTo((String) b[0]));
        }
        WriteOptions options = WriteOptions.defaults().withChunkRows(2).withMetadata("{\"title\":\"March\"}")
                .withSortedBy(sortedByClient ? List.of("client", "line") : List.of());
        try (JazminWriter w = JazminWriter.create(file, COLUMNS, options)) {
            for (Object[] r : order) {
                w.writeValues(r[0], r[1], new BigDecimal((String) r[2]), r[3],
                        r[4] == null ? null : Instant.parse((String) r[4]), r[5]);
            }
            w.finish();
        }
        return file;
    }

    public static final String CLIENTS = "{\"clients\":{\"$rows\":{\"client\":\"client\",\"n\":{\"$count\":true},"
            + "\"total\":{\"$sum\":\"amount\"},\"lines\":{\"$rows\":{\"line\":\"line\",\"amount\":\"amount\"},"
            + "\"$sort\":[\"-line\"],\"$limit\":2},\"big\":{\"$rows\":{\"line\":\"line\"},"
            + "\"$filter\":{\"amount\":{\"gt\":2}}}},\"$groupBy\":\"client\"%s}}";
    public static final String CLIENTS_OUTPUT = "{\"clients\":["
            + "{\"client\":\"A\",\"n\":2,\"total\":4.75,\"lines\":[{\"line\":5,\"amount\":3.5},{\"line\":2,\"amount\":1.25}],"
            + "\"big\":[{\"line\":5}]},"
            + "{\"client\":\"B\",\"n\":3,\"total\":11.40,\"lines\":[{\"line\":6,\"amount\":-1.10},{\"line\":3,\"amount\":2.00}],"
            + "\"big\":[{\"line\":1}]},"
            + "{\"client\":\"C\",\"n\":1,\"total\":7,\"lines\":[{\"line\":4,\"amount\":7}],\"big\":[{\"line\":4}]}]}";

}
