package io.jazmin.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.jazmin.schema.Column;
import io.jazmin.schema.IndexInfo;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.testing.CanonicalJson;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Compares what our reader reports about a table with a view's {@code reference} block (what the
 * reference reader reported). Members absent from a reference block are not checked.
 */
final class ReferenceChecks {
    private ReferenceChecks() {
    }

    /** Counts, sort order, metadata and columns; {@code appendCount} and indexes only when {@code withIndexes}. */
    static void check(JazminReader reader, JazminTable table, JsonNode reference, boolean withIndexes) {
        assertEquals(reference.path("rowCount").asLong(), table.rowCount(), "rowCount");
        if (reference.has("deletedRowCount")) {
            assertEquals(reference.get("deletedRowCount").asLong(), table.deletedRowCount(), "deletedRowCount");
        }
        if (reference.has("hiddenRowCount")) {
            assertEquals(reference.get("hiddenRowCount").asLong(), table.hiddenRowCount(), "hiddenRowCount");
        }
        if (reference.has("chunkCount")) {
            assertEquals(reference.get("chunkCount").asInt(), table.chunkCount(), "chunkCount");
        }
        if (reference.has("encrypted")) {
            assertEquals(reference.get("encrypted").asBoolean(), reader.encrypted(), "encrypted");
        }
        assertEquals(strings(reference.path("sortedBy")), table.sortedBy(), "sortedBy");
        if (reference.has("metadata")) {
            String diff = CanonicalJson.diff(reference.get("metadata"), CanonicalJson.parse(reader.metadata()), "metadata");
            assertNull(diff, diff);
        }
        if (withIndexes) {
            if (reference.has("appendCount")) {
                assertEquals(reference.get("appendCount").asLong(), reader.appendCount(), "appendCount");
            }
            assertEquals(referenceIndexes(reference), indexes(table), "indexes (column/kind)");
        }
        checkColumns(table.columns(), reference.path("columns"));
    }

    /** The reference lists each column+kind once, however many append segments it has. */
    private static List<String> referenceIndexes(JsonNode reference) {
        List<String> out = new ArrayList<>();
        for (JsonNode i : reference.path("indexes")) {
            out.add(i.path("column").asString() + "/" + i.path("kind").asString());
        }
        return out;
    }

    /** Our indexes as column+kind in order of first appearance (segments of one index merged). */
    static List<String> indexes(JazminTable table) {
        Set<String> out = new LinkedHashSet<>();
        for (IndexInfo i : table.indexes()) {
            out.add(i.column() + "/" + i.kind());
        }
        return List.copyOf(out);
    }

    /**
     * Name and type always; nullable, description and attributes when the reference lists
     * {@code nullable} (its full column listing, where an absent description means none).
     */
    private static void checkColumns(List<Column> columns, JsonNode reference) {
        assertEquals(reference.size(), columns.size(), "number of columns");
        for (int i = 0; i < columns.size(); i++) {
            Column c = columns.get(i);
            JsonNode r = reference.get(i);
            String at = "column " + i + " (" + c.name() + ")";
            assertEquals(r.path("name").asString(), c.name(), at + " name");
            assertEquals(r.path("type").asString(), c.type().typeName(), at + " type");
            if (r.has("nullable")) {
                assertEquals(r.get("nullable").asBoolean(), c.nullable(), at + " nullable");
                assertEquals(r.path("description").asString(""), c.description(), at + " description");
                if (r.has("attributes")) {
                    assertThat(c.attributes()).as(at + " attributes").isNotEmpty();
                    String diff = CanonicalJson.diff(r.get("attributes"), CanonicalJson.parse(c.attributes()), at);
                    assertNull(diff, diff);
                } else {
                    assertThat(c.attributes()).as(at + " attributes").isIn("", "{}");
                }
            }
        }
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        for (JsonNode s : array) {
            out.add(s.asString());
        }
        return out;
    }
}
