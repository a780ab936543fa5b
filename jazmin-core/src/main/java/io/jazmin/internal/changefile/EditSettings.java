package io.jazmin.internal.changefile;

import io.jazmin.data.Row;
import io.jazmin.internal.reader.TableReader;
import io.jazmin.internal.writer.Updater;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;

/**
 * A file's {@code package.edit} (spec §1.22; writers checked its form): the table changed (or
 * {@code null} for the first), the key columns, the editable columns, and whether rows may be
 * added or deleted. Also how rows are identified by their key.
 */
record EditSettings(String table, List<String> key, List<String> columns, boolean add, boolean delete) {
    /** The {@code edit} of a {@code package} JSON text ({@code ""} when the file has none), or empty when it has none. */
    static Optional<EditSettings> of(String packageJson) {
        if (packageJson.isEmpty()) {
            return Optional.empty();
        }
        JsonNode edit = ChangeFileFormat.JSON.readTree(packageJson).get("edit");
        if (edit == null || !edit.isObject()) {
            return Optional.empty();
        }
        return Optional.of(new EditSettings(edit.has("table") ? edit.get("table").asString() : null,
                strings(edit.get("key")), strings(edit.get("columns")), edit.path("add").asBoolean(false),
                edit.path("delete").asBoolean(false)));
    }

    static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        if (array != null && array.isArray()) {
            array.forEach(n -> out.add(n.asString()));
        }
        return out;
    }

    /** The table changed, among a file's {@code tables}. */
    TableReader tableOf(List<TableReader> tables) {
        return table == null ? tables.get(0) : TableReader.named(tables, table);
    }

    /** A row's key values, as given (key column → value), in key order. */
    Map<String, Object> keyOf(Map<String, ?> row) {
        Map<String, Object> out = new LinkedHashMap<>();
        key.forEach(k -> out.put(k, row.get(k)));
        return out;
    }

    /** A row's identity by its key: equal for equal values whatever their Java number types or decimal scale. */
    List<Object> identity(Map<String, ?> row) {
        List<Object> out = new ArrayList<>();
        for (String k : key) {
            Object v = row.get(k);
            if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
                v = ((Number) v).longValue();
            } else if (v instanceof BigDecimal d) {
                v = d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
            }
            out.add(v);
        }
        return out;
    }

    /** A key for messages: "claim C-104, year 2025". */
    String show(Map<String, ?> row) {
        List<String> parts = new ArrayList<>();
        key.forEach(k -> parts.add(k + " " + row.get(k)));
        return String.join(", ", parts);
    }

    /** The current rows of {@code rows}' keys, by identity, found with one key filter. */
    Map<List<Object>, Map<String, Object>> find(TableReader table, List<? extends Map<String, ?>> rows) {
        Map<List<Object>, Map<String, Object>> found = new LinkedHashMap<>();
        if (rows.isEmpty()) {
            return found;
        }
        List<Map<String, Object>> keys = rows.stream().map(this::keyOf).toList();
        try (Stream<Row> stream = table.find(Updater.keyFilter(key, keys))) {
            stream.forEach(r -> {
                Map<String, Object> row = values(r);
                found.put(identity(row), row);
            });
        }
        return found;
    }

    /** A row's values by column name. */
    static Map<String, Object> values(Row row) {
        Map<String, Object> out = new LinkedHashMap<>();
        row.columns().forEach(c -> out.put(c.name(), row.get(c.name())));
        return out;
    }
}
