package io.jazmin.viewer;

import io.jazmin.schema.Column;
import io.jazmin.schema.IndexInfo;
import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.convert.DateTimeText;
import io.jazmin.export.SavedShape;
import io.jazmin.schema.FileFacts;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Builds the JSON description {@code jazmin inspect} prints and the viewer shows: file flags and
 * dates, metadata, saved shapes, tables and columns, and for a shared file what the key sees of its
 * partitions, groups and grants. It holds no secret: only what the reader shows to its key.
 */
public final class InspectReport {
    private final JsonMapper mapper = JsonMapper.builder().build();

    /** A report builder. */
    public InspectReport() {
    }

    /**
     * The report of {@code reader} covering the given tables, pretty-printed JSON.
     *
     * @param facts  what the file's preamble and trailer show ({@code JazminFile.facts})
     * @param grants a shared file's grants, for its owner; {@code null} otherwise
     */
    public String describe(JazminReader reader, FileFacts facts, List<JazminTable> tables, List<JazminFile.GrantInfo> grants) {
        ObjectNode root = mapper.createObjectNode();
        facts(root, facts);
        root.put("fileId", reader.fileId());
        root.put("created", time(reader.createdAt()));
        root.put("modified", time(reader.modifiedAt()));
        root.put("appendCount", reader.appendCount());
        strings(root.putArray("readerFeatures"), reader.readerFeatures());
        strings(root.putArray("writerFeatures"), reader.writerFeatures());
        root.set("metadata", json(reader.metadata()));
        root.put("fileCount", reader.files().size());
        ArrayNode shapes = root.putArray("shapes");
        for (SavedShape s : reader.shapes()) {
            ObjectNode node = shapes.addObject().put("name", s.name()).put("description", s.description())
                    .put("default", s.isDefault()).put("table", s.table());
            strings(node.putArray("groups"), s.groups());
        }
        if (reader.accessControlled()) {
            root.set("access", access(reader, grants));
        }
        ArrayNode list = root.putArray("tables");
        for (JazminTable t : tables) {
            ObjectNode node = table(t);
            if (reader.accessControlled()) {
                shared(node, t);
            }
            list.add(node);
        }
        return mapper.writerWithDefaultPrettyPrinter().writeValueAsString(root);
    }

    /**
     * The report of an encrypted file opened without its secret: what its preamble and trailer show
     * to anyone (spec §1.1), and what to give to see the rest.
     */
    public String describeKeyless(Path file, FileFacts facts) {
        ObjectNode root = mapper.createObjectNode();
        root.put("file", file.getFileName().toString());
        root.put("bytes", facts.fileBytes());
        facts(root, facts);
        if (facts.password()) {
            root.put("kdfIterations", facts.kdfIterations());
        }
        root.put("note", switch (facts.encryption()) {
            case KEY -> "encrypted with a key: give it (--key-file, --key-env or JAZMIN_KEY) to see the tables";
            case PASSWORD -> "encrypted with a password: give it (--password-file, --password-env or JAZMIN_PASSWORD) "
                    + "to see the tables";
            case SHARED -> "a shared file: give the owner key or an access key (--key-file, --key-env or JAZMIN_KEY) "
                    + "to see the tables";
            case NONE -> "not encrypted";
        });
        return mapper.writerWithDefaultPrettyPrinter().writeValueAsString(root);
    }

    /** What every report starts with: the format version, the preamble's flags and how the file is encrypted. */
    private static void facts(ObjectNode root, FileFacts facts) {
        root.put("formatVersion", facts.formatVersion());
        ObjectNode flags = root.putObject("flags");
        flags.put("encrypted", facts.encrypted());
        flags.put("password", facts.password());
        flags.put("access", facts.access());
        flags.put("appended", facts.appended());
        flags.put("recovered", facts.recovered());
        root.put("encryption", facts.encryption().text());
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

    /**
     * What the key sees of a shared file: the owner all partitions, file groups and grants (with the
     * file groups each names), a holder its own view (the file groups it can name).
     */
    private ObjectNode access(JazminReader reader, List<JazminFile.GrantInfo> grants) {
        ObjectNode node = mapper.createObjectNode();
        node.put("owner", reader.ownerKey());
        node.put("keyId", reader.accessKeyId());
        strings(node.putArray("partitions"), reader.visiblePartitions());
        strings(node.putArray("fileGroups"), reader.visibleFileGroups());
        if (!reader.ownerKey()) {
            strings(node.putArray("columnGroups"), reader.visibleColumnGroups());
            node.put("expires", time(reader.accessExpires()));
            node.put("hiddenRowCount", reader.hiddenRowCount());
            return node;
        }
        ArrayNode list = node.putArray("grants");
        for (JazminFile.GrantInfo g : grants) {
            ObjectNode e = list.addObject();
            e.put("keyId", g.keyId());
            names(e, "rows", g.rows());
            names(e, "columns", g.columns());
            names(e, "files", g.files());
            e.put("label", g.label());
            e.put("expires", time(g.expires()));
            e.put("mode", g.mode().text());
        }
        return node;
    }

    /** A shared table's partition column, groups (with their columns where visible) and hidden rows. */
    private void shared(ObjectNode node, JazminTable t) {
        node.put("partitionBy", t.partitionBy());
        ObjectNode groups = node.putObject("columnGroups");
        t.columnGroupColumns().forEach((g, cols) -> strings(groups.putArray(g), cols));
        strings(node.putArray("hiddenColumnGroups"), t.hiddenColumnGroups());
        node.put("hiddenRowCount", t.hiddenRowCount());
    }

    /** The string "*" for all, else the names. */
    private static void names(ObjectNode node, String field, List<String> names) {
        if (names == null) {
            node.put(field, "*");
        } else {
            strings(node.putArray(field), names);
        }
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
