package io.jazmin.changes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jazmin.schema.Column;
import io.jazmin.data.Filter;
import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.data.Row;
import io.jazmin.options.WriteOptions;
import io.jazmin.testing.CanonicalJson;
import io.jazmin.testing.ConformanceCase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Files the reference library appended to can be appended to again by us: their rows stay exactly
 * the reference rows, ours follow, and their indexes find both.
 */
class ConformanceAppendTest {
    private static final long ID_BASE = 1_000_000;
    private static final int OURS = 25;

    @ParameterizedTest
    @ValueSource(strings = {"js-appended", "appended-insert"})
    void appendToReferenceAppendedFile(String name, @org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        ConformanceCase c = ConformanceCase.named(name);
        ConformanceCase.View view = c.views().get(0);
        Path file = dir.resolve("data.jzm");
        Files.copy(c.dataFile(), file);
        long referenceRows;
        long appendCount;
        long deleted;
        List<Map<String, Object>> ours = new ArrayList<>();
        List<String> oursText = new ArrayList<>();
        try (JazminReader reader = JazminReader.open(file, view.readOptions())) {
            assertTrue(reader.appended());
            JazminTable t = reader.table();
            referenceRows = t.rowCount();
            appendCount = reader.appendCount();
            deleted = t.deletedRowCount();
            Iterator<Row> it = t.rows().iterator();
            for (int i = 0; i < OURS; i++) {
                Row r = it.next();
                Map<String, Object> m = new LinkedHashMap<>();
                for (Column col : r.columns()) {
                    m.put(col.name(), r.get(col.name()));
                }
                m.put("id", ID_BASE + i);
                ours.add(m);
                oursText.add(withId(CanonicalJson.rowText(r), ID_BASE + i));
            }
        }
        JazminFile.ChangeResult result = JazminFile.append(file, ours.iterator(), WriteOptions.defaults());
        assertEquals(appendCount + 1, result.appendCount());
        assertEquals(referenceRows + OURS, result.rowCount());

        try (JazminReader reader = JazminReader.open(file, view.readOptions())) {
            assertFalse(reader.recovered());
            assertEquals(appendCount + 1, reader.appendCount());
            JazminTable t = reader.table();
            assertEquals(referenceRows + OURS, t.rowCount());
            assertEquals(deleted, t.deletedRowCount());
            Iterator<Row> all = t.rows().iterator();
            Iterator<Row> reference = new Iterator<>() {
                long left = referenceRows;

                @Override
                public boolean hasNext() {
                    return left > 0 && all.hasNext();
                }

                @Override
                public Row next() {
                    left--;
                    return all.next();
                }
            };
            assertEquals(referenceRows, CanonicalJson.assertRowsMatch(reference, view.expectedFile()));
            for (int i = 0; i < OURS; i++) {
                assertTrue(all.hasNext(), "our row " + i);
                assertEquals(CanonicalJson.parse(oursText.get(i)), CanonicalJson.parse(CanonicalJson.rowText(all.next())),
                        "our row " + i);
            }
            assertFalse(all.hasNext());
            // The id index (reference segments and ours) finds old and new rows.
            assertEquals(1, t.count(Filter.eq("id", ID_BASE + 3)));
            assertEquals(OURS, t.count(Filter.gte("id", ID_BASE).and(Filter.lt("id", ID_BASE + OURS))));
            assertEquals("index", t.explain(Filter.eq("id", ID_BASE + 3)).strategy());
            long firstId = ((Number) t.rows().findFirst().orElseThrow().get("id")).longValue();
            assertEquals(1, t.count(Filter.eq("id", firstId)));
        }
        // Deleting and compacting the mixed file keeps every remaining row.
        JazminFile.delete(file, Filter.gte("id", ID_BASE + 20).and(Filter.lt("id", ID_BASE + OURS)),
                WriteOptions.defaults());
        JazminFile.compact(file, WriteOptions.defaults());
        try (JazminReader reader = JazminReader.open(file, view.readOptions())) {
            assertEquals(0, reader.appendCount());
            assertEquals(referenceRows + 20, reader.table().rowCount());
            assertEquals(0, reader.table().deletedRowCount());
        }
    }

    private static String withId(String rowText, long id) {
        JsonNode node = CanonicalJson.parse(rowText);
        ((ObjectNode) node).put("id", Long.toString(id));
        return node.toString();
    }
}
