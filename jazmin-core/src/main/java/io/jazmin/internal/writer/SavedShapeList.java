package io.jazmin.internal.writer;

import io.jazmin.error.JazminValidationException;
import io.jazmin.error.ShapeException;
import io.jazmin.export.SavedShape;
import io.jazmin.internal.catalog.EmbeddedDirectory;
import io.jazmin.internal.shape.SavedShapes;
import io.jazmin.internal.shape.ShapeCompiler;
import io.jazmin.schema.Column;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code shapes} member of a new embedded-file directory (spec §1.23): the current entries,
 * kept as they are stored, with shapes saved (a name already saved is replaced in place) and
 * dropped, checked as writers must: names of 1 to 200 characters, unique; descriptions of at most
 * 2,000; at most one default per group; at most 1,000 shapes; each shape fits its table's columns.
 */
final class SavedShapeList {
    /** Most shapes a file keeps. */
    static final int MAX_SHAPES = 1_000;
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private SavedShapeList() {
    }

    /**
     * The new {@code shapes} JSON array text, or {@code null} for none.
     *
     * @param current the current member's text, or {@code null}
     * @param tables  the new version's tables and columns, in file order (the first is the default table)
     * @throws JazminValidationException when a saved shape or a removed name is not valid
     */
    static String apply(String current, List<SavedShape> add, List<String> remove, Map<String, List<Column>> tables) {
        if (add.isEmpty() && remove.isEmpty()) {
            return current;
        }
        Map<String, JsonNode> entries = new LinkedHashMap<>();
        List<JsonNode> unnamed = new ArrayList<>();
        for (JsonNode e : stored(current)) {
            JsonNode name = e.get("name");
            if (name != null && name.isString() && !entries.containsKey(name.asString())) {
                entries.put(name.asString(), e);
            } else {
                unnamed.add(e); // malformed: readers ignore it, and a rewrite keeps it as it is
            }
        }
        for (String name : remove) {
            if (entries.remove(name) == null) {
                throw new JazminValidationException("cannot remove saved shape '" + name + "': the file has none "
                        + "of that name");
            }
        }
        if (!add.isEmpty() && tables.isEmpty()) {
            throw new JazminValidationException("a saved shape needs a table to read: the file has none");
        }
        Set<String> added = new HashSet<>();
        String first = add.isEmpty() ? null : tables.keySet().iterator().next();
        for (SavedShape shape : add) {
            if (!added.add(shape.name())) {
                throw new JazminValidationException("saved shape '" + shape.name() + "' is given twice");
            }
            entries.put(shape.name(), encode(checked(shape, tables), first));
        }
        if (entries.size() + unnamed.size() > MAX_SHAPES) {
            throw new JazminValidationException("a file keeps at most " + MAX_SHAPES + " saved shapes, not "
                    + (entries.size() + unnamed.size()));
        }
        checkDefaults(SavedShapes.parse(JSON.writeValueAsString(entries.values())));
        if (entries.isEmpty() && unnamed.isEmpty()) {
            return null;
        }
        ArrayNode out = JSON.createArrayNode();
        entries.values().forEach(out::add);
        unnamed.forEach(out::add);
        return JSON.writeValueAsString(out);
    }

    private static List<JsonNode> stored(String current) {
        List<JsonNode> out = new ArrayList<>();
        if (current == null) {
            return out;
        }
        try {
            JsonNode array = JSON.readTree(current);
            if (array != null && array.isArray()) {
                array.forEach(out::add);
            }
        } catch (JacksonException e) {
            // A malformed member lists no shape a reader could use: the new member replaces it.
        }
        return out;
    }

    private static SavedShape checked(SavedShape s, Map<String, List<Column>> tables) {
        String what = "saved shape '" + EmbeddedDirectory.abbreviate(s.name()) + "'";
        if (s.name().isEmpty() || s.name().length() > SavedShapes.MAX_NAME) {
            throw new JazminValidationException(what + ": a name has 1 to " + SavedShapes.MAX_NAME + " characters, not "
                    + s.name().length());
        }
        if (s.description().length() > SavedShapes.MAX_DESCRIPTION) {
            throw new JazminValidationException(what + ": a description has at most " + SavedShapes.MAX_DESCRIPTION
                    + " characters, not " + s.description().length());
        }
        for (String group : s.groups()) {
            if (group.isEmpty()) {
                throw new JazminValidationException(what + ": a group name cannot be empty");
            }
        }
        String table = s.table() == null ? tables.keySet().iterator().next() : s.table();
        if (!tables.containsKey(table)) {
            throw new JazminValidationException(what + ": the file has no table '" + table + "'");
        }
        try {
            ShapeCompiler.check(s.shape(), table, tables);
        } catch (ShapeException e) {
            throw new JazminValidationException(what + ": " + e.getMessage(), e);
        }
        return s;
    }

    /** At most one default shape per group. */
    private static void checkDefaults(List<SavedShape> shapes) {
        Map<String, String> defaults = new HashMap<>();
        for (SavedShape s : shapes) {
            if (!s.isDefault()) {
                continue;
            }
            for (String group : groups(s)) {
                String other = defaults.putIfAbsent(group, s.name());
                if (other != null) {
                    throw new JazminValidationException("saved shapes '" + other + "' and '" + s.name()
                            + "' are both the default of group '" + group + "' (one default per group)");
                }
            }
        }
    }

    private static List<String> groups(SavedShape s) {
        return s.groups().isEmpty() ? List.of("*") : s.groups();
    }

    /** The stored entry: {@code table} left out for the first table, {@code description} and {@code default} when set. */
    private static JsonNode encode(SavedShape s, String firstTable) {
        ObjectNode e = JSON.createObjectNode();
        e.put("name", s.name());
        if (!s.description().isEmpty()) {
            e.put("description", s.description());
        }
        if (s.isDefault()) {
            e.put("default", true);
        }
        if (s.table() != null && !s.table().equals(firstTable)) {
            e.put("table", s.table());
        }
        ArrayNode groups = e.putArray("groups");
        groups(s).forEach(groups::add);
        e.set("shape", s.shape().tree());
        return e;
    }
}
