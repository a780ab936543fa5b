package io.jazmin;

import static io.jazmin.ChangeFiles.BEFORE;
import static io.jazmin.ChangeFiles.META;
import static io.jazmin.ChangeFiles.OP;
import static io.jazmin.ChangeFiles.SET;

import io.jazmin.ChangeFiles.ColumnConflict;
import io.jazmin.ChangeFiles.Conflict;
import io.jazmin.ChangeFiles.Refusal;
import io.jazmin.ChangeFiles.Result;
import io.jazmin.data.Row;
import io.jazmin.error.JazminValidationException;
import io.jazmin.internal.table.SectionIds;
import io.jazmin.schema.Column;
import io.jazmin.schema.JsonText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Stream;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * What applying a change file does (spec §1.22): each change, in order, checked against the file's
 * current {@code edit} and rows, is refused, held as a conflict, or applied to the rows as they
 * stand after the changes before it (several changes of one key apply in turn).
 */
final class ChangePlanner {
    /**
     * The plan: the rows to write (replacing those of the same key) and the rows whose key the
     * append replaces or deletes, and the result.
     */
    record Plan(List<Map<String, Object>> upsert, List<Map<String, Object>> touched, Result result) {
    }

    private final EditSettings edit;
    private final SenderScope scope;
    private final Map<String, Column> columns = new LinkedHashMap<>();
    private final Set<String> changeColumns = new LinkedHashSet<>();
    private final boolean overwrite;
    private final List<Conflict> conflicts = new ArrayList<>();
    private final List<Refusal> refused = new ArrayList<>();
    private long updated;
    private long added;
    private long deleted;

    private ChangePlanner(EditSettings edit, SenderScope scope, List<Column> tableColumns, boolean overwrite) {
        this.edit = edit;
        this.scope = scope;
        this.overwrite = overwrite;
        tableColumns.forEach(c -> columns.put(c.name(), c));
    }

    /**
     * The plan of applying {@code changes} to {@code table}; {@code scope} limits the rows and
     * columns a shared file's sender may change ({@code null} for other files).
     */
    static Plan plan(JazminReader target, JazminTable table, JazminReader changes, EditSettings edit,
                     SenderScope scope, boolean overwrite) {
        JsonNode meta = metadata(changes);
        String sender = meta.path("sender").isString() ? meta.path("sender").asString() : null;
        if (scope != null && !scope.keyId().equals(sender)) {
            throw new JazminValidationException("The change file names sender " + sender + " but is sealed with the "
                    + "submission key of access key " + scope.keyId());
        }
        List<String> key = EditSettings.strings(meta.get("key"));
        if (!meta.path("table").asString("").equals(table.name()) || !key.equals(edit.key())) {
            throw new JazminValidationException("The change file is for table '" + meta.path("table").asString("")
                    + "' by " + key + "; this file's document changes '" + table.name() + "' by " + edit.key());
        }
        ChangePlanner planner = new ChangePlanner(edit, scope, table.columns(), overwrite);
        JazminTable rows = changes.table();
        planner.checkColumns(rows.columns());
        List<Map<String, Object>> list;
        try (Stream<Row> stream = rows.rows()) {
            list = stream.map(EditSettings::values).toList();
        }
        Map<List<Object>, Map<String, Object>> current = edit.find(table, list);
        Map<List<Object>, Map<String, Object>> state = new LinkedHashMap<>(current);
        Set<List<Object>> touched = new LinkedHashSet<>();
        for (Map<String, Object> row : list) {
            planner.change(row, state, touched);
        }
        List<Map<String, Object>> upsert = new ArrayList<>();
        List<Map<String, Object>> replaced = new ArrayList<>();
        for (List<Object> id : touched) {
            Map<String, Object> row = state.get(id);
            if (row != null) {
                upsert.add(row);
                replaced.add(row);
            } else if (current.containsKey(id)) {
                replaced.add(current.get(id));
            }
        }
        Result result = new Result(scope == null ? null : scope.keyId(), !meta.path("file").asString("").equals(target.fileId()), planner.updated,
                planner.added, planner.deleted, planner.conflicts, planner.refused);
        return new Plan(upsert, replaced, result);
    }

    private static JsonNode metadata(JazminReader changes) {
        JsonNode meta;
        try {
            String text = changes.metadata();
            meta = text == null || text.isEmpty() ? null : EditSettings.JSON.readTree(text).get(META);
        } catch (JacksonException e) {
            meta = null;
        }
        if (meta == null || meta.path("version").asInt(0) != ChangeFiles.VERSION) {
            throw new JazminValidationException("This is not a change file (version 1)");
        }
        return meta;
    }

    /** Every column of the change file is the file's (or its {@code before}), of the same type. */
    private void checkColumns(List<Column> changeFile) {
        for (Column c : changeFile) {
            changeColumns.add(c.name());
            if (c.name().equals(OP) || c.name().equals(SET)) {
                continue;
            }
            String base = c.name().startsWith(BEFORE) ? c.name().substring(BEFORE.length()) : c.name();
            Column mine = columns.get(base);
            if (mine == null) {
                throw new JazminValidationException("The change file has a column '" + base + "' this file doesn't have");
            }
            if (!sameType(mine, c)) {
                throw new JazminValidationException("Column '" + base + "' is " + c.type().name().toLowerCase(Locale.ROOT)
                        + " in the change file, " + mine.type().name().toLowerCase(Locale.ROOT) + " in this file");
            }
        }
    }

    /** The same type at any depth (names of object fields included; nullability aside). */
    private static boolean sameType(Column a, Column b) {
        if (a.type() != b.type() || (a.item() == null) != (b.item() == null) || a.fields().size() != b.fields().size()) {
            return false;
        }
        if (a.item() != null && !sameType(a.item(), b.item())) {
            return false;
        }
        for (int i = 0; i < a.fields().size(); i++) {
            if (!a.fields().get(i).name().equals(b.fields().get(i).name()) || !sameType(a.fields().get(i), b.fields().get(i))) {
                return false;
            }
        }
        return true;
    }

    private void change(Map<String, Object> row, Map<List<Object>, Map<String, Object>> state, Set<List<Object>> touched) {
        String op = String.valueOf(row.get(OP));
        Map<String, Object> key = edit.keyOf(row);
        if (!ChangeFiles.OPS.contains(op)) {
            refuse(op, key, "unknown operation '" + op + "'");
            return;
        }
        if (key.containsValue(null)) {
            refuse(op, key, "no key");
            return;
        }
        if (op.equals("add") && !edit.add()) {
            refuse(op, key, "the document doesn't allow adding rows");
            return;
        }
        if (op.equals("delete") && !edit.delete()) {
            refuse(op, key, "the document doesn't allow deleting rows");
            return;
        }
        List<String> set = op.equals("delete") ? List.of() : sets(row.get(SET));
        if (set == null) {
            refuse(op, key, "no list of the columns it sets");
            return;
        }
        for (String n : set) {
            if (!edit.columns().contains(n) || !changeColumns.contains(n) || scope != null && !scope.seesColumn(n)) {
                refuse(op, key, "column '" + n + "' can't be changed by this sender");
                return;
            }
        }
        List<Object> id = edit.identity(row);
        Map<String, Object> now = state.get(id);
        if (scope != null && scope.partitioned() && now != null && !scope.seesPartition(now.get(scope.partitionBy()))) {
            refuse(op, key, "the row is outside the sender's partitions");
            return;
        }
        if (op.equals("update") || op.equals("add") && now != null) {
            if (now == null) {
                conflicts.add(new Conflict(op, key, "missing", List.of()));
                return;
            }
            if (op.equals("add") && !overwrite) {
                conflicts.add(new Conflict(op, key, "exists", List.of()));
                return;
            }
            if (op.equals("update") && held(op, key, row, now, set)) {
                return;
            }
            Map<String, Object> next = new LinkedHashMap<>(now);
            set.forEach(n -> next.put(n, row.get(n)));
            state.put(id, next);
            touched.add(id);
            updated++;
        } else if (op.equals("add")) {
            Map<String, Object> next = new LinkedHashMap<>();
            columns.keySet().forEach(n -> next.put(n, null));
            next.putAll(key);
            set.forEach(n -> next.put(n, row.get(n)));
            if (scope != null && scope.partitioned() && !placed(op, key, next)) {
                return;
            }
            for (Column c : columns.values()) {
                if (!c.nullable() && next.get(c.name()) == null) {
                    refuse(op, key, "column '" + c.name() + "' can't be empty");
                    return;
                }
            }
            state.put(id, next);
            touched.add(id);
            added++;
        } else {
            if (now == null) {
                conflicts.add(new Conflict(op, key, "missing", List.of()));
                return;
            }
            List<String> seen = edit.columns().stream().filter(n -> changeColumns.contains(BEFORE + n)).toList();
            if (held(op, key, row, now, seen)) {
                return;
            }
            state.put(id, null);
            touched.add(id);
            deleted++;
        }
    }

    /**
     * Puts an added row of a shared file in a partition of the sender's: the one it names, or the
     * grant's only partition when it names none; refuses it otherwise.
     */
    private boolean placed(String op, Map<String, Object> key, Map<String, Object> row) {
        String column = scope.partitionBy();
        if (row.get(column) == null) {
            if (scope.onlyPartition() == null) {
                refuse(op, key, "the row names no partition ('" + column + "') and the sender's grant has several");
                return false;
            }
            boolean isInt = columns.get(column).type().isInteger();
            row.put(column, SenderScope.partitionValue(scope.onlyPartition(), isInt));
        }
        if (!scope.seesPartition(row.get(column))) {
            refuse(op, key, "partition '" + SectionIds.partitionName(row.get(column)) + "' is outside the sender's grant");
            return false;
        }
        return true;
    }

    /** Holds the change when a column of {@code names} now differs from what the sender saw (unless overwriting). */
    private boolean held(String op, Map<String, Object> key, Map<String, Object> row, Map<String, Object> now,
                         List<String> names) {
        List<ColumnConflict> changed = new ArrayList<>();
        for (String n : names) {
            if (!Objects.deepEquals(now.get(n), row.get(BEFORE + n))) {
                changed.add(new ColumnConflict(n, row.get(BEFORE + n), op.equals("delete") ? null : row.get(n), now.get(n)));
            }
        }
        if (changed.isEmpty() || overwrite) {
            return false;
        }
        conflicts.add(new Conflict(op, key, "changed", changed));
        return true;
    }

    /** The column names of {@code jazmin.set}, or {@code null} when it is not a list of names. */
    private static List<String> sets(Object value) {
        if (!(value instanceof JsonText json)) {
            return null;
        }
        JsonNode node;
        try {
            node = EditSettings.JSON.readTree(json.text());
        } catch (JacksonException e) {
            return null;
        }
        if (!node.isArray()) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (JsonNode n : node) {
            if (!n.isString()) {
                return null;
            }
            out.add(n.asString());
        }
        return out;
    }

    private void refuse(String op, Map<String, Object> key, String reason) {
        refused.add(new Refusal(op, key, reason));
    }
}
