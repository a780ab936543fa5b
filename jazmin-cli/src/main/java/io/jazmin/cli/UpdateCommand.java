package io.jazmin.cli;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.change.UpdateChanges;
import io.jazmin.change.UpdateResult;
import io.jazmin.convert.CanonicalValues;
import io.jazmin.data.Filter;
import io.jazmin.error.JazminValidationException;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code jazmin update FILE --changes CHANGES.json}: the reference's full update in one rewrite. */
@Command(name = "update",
        description = {
            "Update a table of a .jzm file in one full rewrite, as the reference's update(): --changes names a JSON "
                    + "object {\"table\": T, \"delete\": FILTER, \"keyColumns\": [cols], \"upsert\": [rows], "
                    + "\"insert\": [rows], \"metadata\": {...}}, every member optional. The rows matching delete are "
                    + "removed, each upsert row replaces the rows with its keyColumns' values (or is added), insert "
                    + "rows are added and metadata's members replace the file's. Values are in the canonical "
                    + "interop form append reads.",
            "A table kept in sortedBy order stays sorted (new rows go into place); the file is compacted on the way "
                    + "and everything else it holds is kept. All or nothing: a change that does not fit leaves the "
                    + "file unchanged.",
            "Prints {\"rowCount\",\"inserted\",\"updated\",\"deleted\",\"rewritten\":true} as JSON."})
final class UpdateCommand extends ChangeCommand {
    /** The changes are one JSON document held in memory: a bound keeps a huge one from filling the heap. */
    static final long MAX_CHANGES_BYTES = 64L << 20;
    private static final Set<String> MEMBERS = Set.of("table", "delete", "keyColumns", "upsert", "insert", "metadata");

    @Option(names = "--changes", required = true, paramLabel = "CHANGES.json",
            description = "the changes, a JSON object (at most 64 MiB)")
    private Path changes;

    @Override
    public Integer call() throws IOException {
        WriteOptions options = writeOptions(); // an access key is refused before any input is read
        if (Files.size(changes) > MAX_CHANGES_BYTES) {
            throw Usage.error(spec, "--changes: " + changes + " is larger than " + MAX_CHANGES_BYTES + " bytes");
        }
        JsonNode json = parse(Files.readString(changes));
        UpdateChanges update;
        try (JazminReader reader = open()) {
            JazminTable t = Usage.table(spec, reader, json.has("table") ? text(json, "table") : null);
            update = changes(json, t);
        }
        return print(result(JazminFile.update(file, update, options)));
    }

    /** The JSON of an update's result. */
    static ObjectNode result(UpdateResult result) {
        ObjectNode node = JSON.createObjectNode();
        node.put("rowCount", result.rowCount());
        node.put("inserted", result.inserted());
        node.put("updated", result.updated());
        node.put("deleted", result.deleted());
        node.put("rewritten", true);
        return node;
    }

    private JsonNode parse(String text) {
        JsonNode json;
        try {
            json = JSON.readTree(text);
        } catch (JacksonException e) {
            throw Usage.error(spec, "--changes: not JSON: " + e.getOriginalMessage());
        }
        if (!json.isObject()) {
            throw Usage.error(spec, "--changes: expected a JSON object, not " + json.getNodeType());
        }
        for (String name : json.propertyNames()) {
            if (!MEMBERS.contains(name)) {
                throw Usage.error(spec, "--changes: unknown member \"" + name + "\" (expected " + MEMBERS + ")");
            }
        }
        return json;
    }

    private UpdateChanges changes(JsonNode json, JazminTable t) {
        Filter delete = null;
        if (json.has("delete") && !json.get("delete").isNull()) {
            try {
                delete = Filter.parse(json.get("delete").toString());
            } catch (JazminValidationException e) {
                throw Usage.error(spec, "--changes: delete: " + e.getMessage());
            }
            Filter checked = delete;
            Usage.query(spec, () -> t.explain(checked));
        }
        List<String> keyColumns = new ArrayList<>();
        for (JsonNode name : array(json, "keyColumns")) {
            if (!name.isString()) {
                throw Usage.error(spec, "--changes: keyColumns must be an array of column names");
            }
            keyColumns.add(name.asString());
        }
        Usage.requireColumns(spec, "--changes: keyColumns", keyColumns, t.columns());
        List<Map<String, Object>> upsert = rows(json, "upsert", t);
        if (!upsert.isEmpty() && keyColumns.isEmpty()) {
            throw Usage.error(spec, "--changes: upsert needs keyColumns");
        }
        String metadata = "";
        if (json.has("metadata") && !json.get("metadata").isNull()) {
            if (!json.get("metadata").isObject()) {
                throw Usage.error(spec, "--changes: metadata must be a JSON object");
            }
            metadata = json.get("metadata").toString();
        }
        return new UpdateChanges(t.name(), delete, keyColumns, upsert, rows(json, "insert", t), metadata);
    }

    /** The rows of array member {@code member}, their values converted to the table's columns. */
    private List<Map<String, Object>> rows(JsonNode json, String member, JazminTable t) {
        List<Map<String, Object>> rows = new ArrayList<>();
        int index = 0;
        for (JsonNode row : array(json, member)) {
            String where = "--changes: " + member + "[" + index++ + "]";
            if (!row.isObject()) {
                throw Usage.error(spec, where + ": a row must be a JSON object");
            }
            Map<String, Object> values = new LinkedHashMap<>();
            for (String name : row.propertyNames()) {
                Usage.requireColumns(spec, where, List.of(name), t.columns());
                Column column = t.column(name);
                try {
                    values.put(name, CanonicalValues.fromJson(column, row.get(name).toString()));
                } catch (JazminValidationException e) {
                    throw Usage.error(spec, where + ": column '" + name + "': " + e.getMessage());
                }
            }
            rows.add(values);
        }
        return rows;
    }

    private JsonNode array(JsonNode json, String member) {
        JsonNode node = json.path(member);
        if (node.isMissingNode() || node.isNull()) {
            return JSON.createArrayNode();
        }
        if (!node.isArray()) {
            throw Usage.error(spec, "--changes: " + member + " must be a JSON array");
        }
        return node;
    }

    private String text(JsonNode json, String member) {
        if (!json.get(member).isString()) {
            throw Usage.error(spec, "--changes: " + member + " must be a string");
        }
        return json.get(member).asString();
    }
}
