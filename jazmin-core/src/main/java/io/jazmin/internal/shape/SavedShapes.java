package io.jazmin.internal.shape;

import io.jazmin.export.ExportShape;
import io.jazmin.export.SavedShape;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads the {@code shapes} member of an embedded-file directory (spec §1.23). Readers must ignore
 * malformed entries: one without a name of 1 to 200 characters or without an object shape, a
 * repeated name, a description over 2,000 characters, a table or groups of the wrong type.
 */
public final class SavedShapes {
    /** Longest name. */
    public static final int MAX_NAME = 200;
    /** Longest description. */
    public static final int MAX_DESCRIPTION = 2_000;
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private SavedShapes() {
    }

    /** The well-formed entries of {@code shapesJson} (a JSON array text, or {@code null}: none), in order. */
    public static List<SavedShape> parse(String shapesJson) {
        if (shapesJson == null) {
            return List.of();
        }
        JsonNode array;
        try {
            array = JSON.readTree(shapesJson);
        } catch (JacksonException e) {
            return List.of();
        }
        List<SavedShape> out = new ArrayList<>();
        Set<String> names = new HashSet<>();
        if (array == null || !array.isArray()) {
            return out;
        }
        for (JsonNode entry : array) {
            SavedShape shape = entry(entry);
            if (shape != null && names.add(shape.name())) {
                out.add(shape);
            }
        }
        return out;
    }

    private static SavedShape entry(JsonNode e) {
        if (!e.isObject()) {
            return null;
        }
        JsonNode name = e.get("name");
        JsonNode shape = e.get("shape");
        JsonNode description = e.get("description");
        JsonNode isDefault = e.get("default");
        JsonNode table = e.get("table");
        JsonNode groups = e.get("groups");
        if (name == null || !name.isString() || name.asString().isEmpty() || name.asString().length() > MAX_NAME
                || shape == null || !shape.isObject()
                || description != null && (!description.isString() || description.asString().length() > MAX_DESCRIPTION)
                || isDefault != null && !isDefault.isBoolean()
                || table != null && !table.isString()
                || groups != null && !groups.isArray()) {
            return null;
        }
        List<String> groupNames = new ArrayList<>();
        if (groups != null) {
            for (JsonNode g : groups) {
                if (!g.isString()) {
                    return null;
                }
                groupNames.add(g.asString());
            }
        }
        return new SavedShape(name.asString(), description == null ? "" : description.asString(),
                isDefault != null && isDefault.asBoolean(), table == null ? null : table.asString(), groupNames,
                ExportShape.of(shape));
    }
}
