package io.jazmin.changes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.IndexKind;
import io.jazmin.JazminTable;
import io.jazmin.JazminWriter;
import io.jazmin.data.Row;
import io.jazmin.options.WriteOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;

/**
 * Generated rows for the change tests: row {@code i} has {@code id = i} and values derived from
 * {@code i}, so any row read back can be checked on its own.
 */
final class Rows {
    static final String[] COUNTRIES = {"ZA", "NA", "BW", "LS", "MZ"};
    static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("name", ColumnType.STRING), Column.of("country", ColumnType.STRING),
            Column.of("score", ColumnType.FLOAT), Column.of("note", ColumnType.STRING));

    private Rows() {
    }

    /** Row {@code i}; {@code version} changes the non-key values (upserts). */
    static Map<String, Object> row(long i, int version) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", i);
        row.put("name", "Person " + i + (version == 0 ? "" : " v" + version));
        row.put("country", COUNTRIES[(int) (i % COUNTRIES.length)]);
        row.put("score", i * 0.5 + version);
        row.put("note", i % 7 == 0 ? null : "n" + i);
        return row;
    }

    static Map<String, Object> row(long i) {
        return row(i, 0);
    }

    static Iterator<Map<String, Object>> range(long from, long to) {
        return LongStream.range(from, to).mapToObj(Rows::row).iterator();
    }

    /** Options with the test indexes: id sorted, name trigram, country sorted. */
    static WriteOptions indexed(WriteOptions base) {
        return base.withIndex("id", IndexKind.SORTED).withIndex("name", IndexKind.TRIGRAM)
                .withIndex("country", IndexKind.SORTED);
    }

    static void write(Path path, WriteOptions options, long from, long to) {
        JazminWriter.write(path, COLUMNS, options, range(from, to));
    }

    /** The row's values by column name, as read. */
    static Map<String, Object> values(Row row) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Column c : row.columns()) {
            m.put(c.name(), row.get(c.name()));
        }
        return m;
    }

    /** Asserts the table holds exactly {@code expected}, in order (all rows, every value). */
    static void assertTable(JazminTable table, List<Map<String, Object>> expected) {
        List<Map<String, Object>> got = new ArrayList<>();
        table.rows().forEach(r -> got.add(values(r)));
        assertEquals(expected.size(), got.size(), "row count");
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i), got.get(i), "row " + i);
        }
        assertEquals(expected.size(), table.rowCount(), "rowCount()");
    }

    /** Asserts the table holds exactly rows 0..n-1 of version 0, in order, and returns n. */
    static long assertPrefix(JazminTable table) {
        long n = 0;
        Iterator<Row> it = table.rows().iterator();
        while (it.hasNext()) {
            Row r = it.next();
            assertEquals(row(n), values(r), "row " + n);
            assertTrue(r.rowId() == n, "row id " + r.rowId() + " at position " + n);
            n++;
        }
        assertEquals(n, table.rowCount(), "rowCount()");
        return n;
    }
}
