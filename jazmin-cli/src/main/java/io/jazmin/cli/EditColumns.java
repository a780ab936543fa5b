package io.jazmin.cli;

import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.convert.CanonicalValues;
import io.jazmin.error.JazminValidationException;
import io.jazmin.schema.Column;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The columns of the table a file's document lets senders change ({@code package.edit.table}, the
 * first table by default, spec §1.22), to convert the values of change commands to and from their
 * canonical JSON form. Whether the document allows changes at all is the core's to say.
 */
final class EditColumns {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final String table;
    private final Map<String, Column> byName = new LinkedHashMap<>();

    private EditColumns(JazminTable table) {
        this.table = table.name();
        table.columns().forEach(c -> byName.put(c.name(), c));
    }

    /** The edit table's columns, or the first table's when the document names none (or has no {@code edit}). */
    static EditColumns of(JazminReader reader) {
        String name = reader.packageJson()
                .map(json -> JSON.readTree(json).path("edit").path("table"))
                .filter(JsonNode::isString).map(JsonNode::asString).orElse(null);
        return new EditColumns(name == null || !reader.tableNames().contains(name) ? reader.table() : reader.table(name));
    }

    /**
     * The Java value of {@code json} for column {@code name}, as {@code append} takes it.
     *
     * @throws JazminValidationException when the table has no such column or the value does not fit it
     */
    Object fromJson(String where, String name, JsonNode json) {
        Column column = byName.get(name);
        if (column == null) {
            throw new JazminValidationException(where + ": table '" + table + "' has no column '" + name
                    + "' (columns: " + byName.keySet() + ")");
        }
        try {
            return CanonicalValues.fromJson(column, json.toString());
        } catch (JazminValidationException e) {
            throw new JazminValidationException(where + ": column '" + name + "': " + e.getMessage(), e);
        }
    }

    /** The canonical JSON of a value of column {@code name}, as {@code rows --canonical} prints it. */
    JsonNode toJson(String name, Object value) {
        Column column = byName.get(name);
        if (column == null) {
            throw new JazminValidationException("table '" + table + "' has no column '" + name + "'");
        }
        return JSON.readTree(CanonicalValues.toJson(column, value));
    }
}
