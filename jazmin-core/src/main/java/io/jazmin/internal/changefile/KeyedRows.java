package io.jazmin.internal.changefile;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The rows of the keys a change file changes, by identity ({@link EditSettings#identity}): as the
 * file holds them, and as the changes planned so far leave them ({@code null} once deleted).
 */
final class KeyedRows {
    private final Map<List<Object>, Map<String, Object>> current;
    private final Map<List<Object>, Map<String, Object>> changed;
    private final Set<List<Object>> touched = new LinkedHashSet<>();

    /** @param current the rows the file holds now, by identity */
    KeyedRows(Map<List<Object>, Map<String, Object>> current) {
        this.current = current;
        this.changed = new LinkedHashMap<>(current);
    }

    /** The row of {@code id} as the changes so far leave it, or {@code null} when there is none. */
    Map<String, Object> get(List<Object> id) {
        return changed.get(id);
    }

    /** Sets the row of {@code id} ({@code null}: deleted). */
    void put(List<Object> id, Map<String, Object> row) {
        changed.put(id, row);
        touched.add(id);
    }

    /** The rows to write, for every key changed and not deleted, in the order first changed. */
    List<Map<String, Object>> upserted() {
        List<Map<String, Object>> out = new ArrayList<>();
        for (List<Object> id : touched) {
            if (changed.get(id) != null) {
                out.add(changed.get(id));
            }
        }
        return out;
    }

    /** A row of every key changed that is written or was there (the keys the write replaces or deletes). */
    List<Map<String, Object>> replaced() {
        List<Map<String, Object>> out = new ArrayList<>();
        for (List<Object> id : touched) {
            Map<String, Object> row = changed.get(id);
            if (row != null) {
                out.add(row);
            } else if (current.containsKey(id)) {
                out.add(current.get(id));
            }
        }
        return out;
    }
}
