package io.jazmin.cli;

import io.jazmin.schema.Column;
import io.jazmin.schema.IndexInfo;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.convert.DateTimeText;
import java.time.Instant;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Builds the JSON description {@code jazmin inspect} prints: file flags and dates, metadata, tables and columns. */
final class InspectReport {
    private final JsonMapper mapper = JsonMapper.builder().build();

    /** The report of {@code reader} covering the given tables. */
    String describe(JazminReader reader, List<JazminTable> tables) {
        ObjectNode root = mapper.createObjectNode();
        ObjectNode flags = root.putObject("flags");
        flags.put("encrypted", reader.encrypted());
        flags.put("password", reader.passwordProtected());
        flags.put("access", reader.accessControlled());
        flags.put("appended", reader.appended());
        flags.put("recovered", reader.recovered());
        root.put("fileId", reader.fileId());
        root.put("created", time(reader.createdAt()));
        root.put("modified", time(reader.modifiedAt()));
        root.put("appendCount", reader.appendCount());
        strings(root.putArray("readerFeatures"), reader.readerFeatures());
        strings(root.putArray("writerFeatures"), reader.writerFeatures());
        root.set("metadata", json(reader.metadata()));
        ArrayNode list = root.putArray("tables");
        for (JazminTable t : tables) {
            list.add(table(t));
        }
        return mapper.writerWithDefaultPrettyPrinter().writeValueAsString(root);
    }

    private ObjectNode table(JazminTable t) {
        ObjectNode node = mapper.createObjectNode();
        node.put("name", t.name());
        node.put("rowCount", t.rowCount());
        node.put("deletedRowCount", t.deletedRowCount());
        node.put("chunkCount", t.chunkCount());
        strings(node.putArray("sortedBy"), t.sortedBy());
        ArrayNode indexes = node.putArray("indexes");
        for (IndexInfo index : t.indexes()) {
            indexes.addObject().put("column", index.column()).put("kind", index.kind());
        }
        ArrayNode columns = node.putArray("columns");
        for (Column c : t.columns()) {
            columns.add(column(c, true));
        }
        return node;
    }

    private ObjectNode column(Column c, boolean named) {
        ObjectNode node = mapper.createObjectNode();
        if (named) {
            node.put("name", c.name());
        }
        node.put("type", c.type().typeName());
        node.put("nullable", c.nullable());
        if (!c.description().isEmpty()) {
            node.put("description", c.description());
        }
        if (!c.attributes().isEmpty()) {
            node.set("attributes", json(c.attributes()));
        }
        if (c.item() != null) {
            node.set("item", column(c.item(), false));
        }
        if (!c.fields().isEmpty()) {
            ArrayNode fields = node.putArray("fields");
            for (Column f : c.fields()) {
                fields.add(column(f, true));
            }
        }
        return node;
    }

    private JsonNode json(String text) {
        return mapper.readTree(text);
    }

    private static String time(Instant instant) {
        return instant == null ? null : DateTimeText.format(instant);
    }

    private static void strings(ArrayNode array, List<String> values) {
        values.forEach(array::add);
    }
}
