package io.jazmin.internal.writer;

import io.jazmin.error.JazminValidationException;
import io.jazmin.error.ShapeException;
import io.jazmin.export.SavedShape;
import io.jazmin.internal.catalog.EmbeddedDirectory;
import io.jazmin.internal.shape.SavedShapes;
import io.jazmin.internal.shape.ShapeCompiler;
import io.jazmin.options.AccessGrant;
import io.jazmin.schema.Column;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Saved export shapes in a shared file (spec §1.23): each is listed, without {@code groups}, in the
 * directory of every file group it is saved for, and a writer refuses a shape that some key seeing
 * it could not run, because the key does not see every column it uses.
 */
final class SharedShapes {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final List<String> EVERYONE = List.of("*");

    private SharedShapes() {
    }

    /**
     * The entries of the {@code shapes} array text {@code shapesJson} ({@code null}: none) by file
     * group name, in name order, each without its {@code groups}; an entry without groups goes to {@code *}.
     */
    static Map<String, ArrayNode> byGroup(String shapesJson) {
        Map<String, ArrayNode> out = new TreeMap<>();
        if (shapesJson == null) {
            return out;
        }
        JsonNode array;
        try {
            array = JSON.readTree(shapesJson);
        } catch (JacksonException e) {
            return out; // a malformed member lists no shape a reader could use
        }
        if (array == null || !array.isArray()) {
            return out;
        }
        for (JsonNode entry : array) {
            List<String> groups = groupsOf(entry);
            JsonNode stored = entry;
            if (entry.isObject()) {
                ObjectNode copy = (ObjectNode) entry.deepCopy();
                copy.remove("groups");
                stored = copy;
            }
            for (String g : groups) {
                out.computeIfAbsent(g, k -> JSON.createArrayNode()).add(stored);
            }
        }
        return out;
    }

    private static List<String> groupsOf(JsonNode entry) {
        JsonNode groups = entry.isObject() ? entry.get("groups") : null;
        if (groups == null || !groups.isArray() || groups.isEmpty()) {
            return EVERYONE;
        }
        List<String> out = new ArrayList<>();
        groups.forEach(g -> {
            if (g.isString() && !out.contains(g.asString())) {
                out.add(g.asString());
            }
        });
        return out.isEmpty() ? EVERYONE : out;
    }

    /**
     * Refuses a saved shape that a grant sees (through one of its groups) but could not run: it
     * names a column in a column group the grant does not have.
     *
     * @param tables     each table's columns, in file order
     * @param groupOf    each table's column name → column group
     * @param partitions the partition names present in the version
     * @param now        when the version is written (grants expired by then are not written, nor checked)
     * @throws JazminValidationException naming the shape and the key
     */
    static void checkVisible(String shapesJson, List<AccessGrant> grants, Map<String, List<Column>> tables,
                             Map<String, Map<String, String>> groupOf, Collection<String> partitions, Instant now) {
        List<SavedShape> shapes = SavedShapes.parse(shapesJson);
        if (shapes.isEmpty() || tables.isEmpty()) {
            return;
        }
        String first = tables.keySet().iterator().next();
        for (AccessGrant g : grants) {
            Instant expires = g.expiresAt(now);
            if (expires != null && !expires.isAfter(now)) {
                continue;
            }
            Map<String, List<Column>> visible = visibleColumns(g, tables, groupOf);
            for (SavedShape s : shapes) {
                List<String> groups = s.groups().isEmpty() ? EVERYONE : s.groups();
                if (groups.stream().noneMatch(group -> g.seesFileGroup(group, partitions))) {
                    continue;
                }
                String table = s.table() == null ? first : s.table();
                try {
                    ShapeCompiler.check(s.shape(), table, visible);
                } catch (ShapeException e) {
                    throw new JazminValidationException("saved shape '" + EmbeddedDirectory.abbreviate(s.name())
                            + "' is seen by key " + g.key().keyId() + ", which cannot see every column it uses ("
                            + e.getMessage() + "): save it for other file groups or grant the key those columns", e);
                }
            }
        }
    }

    /** Per table, the columns of the column groups {@code g} grants. */
    private static Map<String, List<Column>> visibleColumns(AccessGrant g, Map<String, List<Column>> tables,
                                                            Map<String, Map<String, String>> groupOf) {
        Map<String, List<Column>> out = new LinkedHashMap<>();
        tables.forEach((name, columns) -> {
            Map<String, String> groups = groupOf.getOrDefault(name, Map.of());
            out.put(name, columns.stream()
                    .filter(c -> g.allColumns() || g.columns().contains(groups.getOrDefault(c.name(), "*")))
                    .toList());
        });
        return out;
    }
}
