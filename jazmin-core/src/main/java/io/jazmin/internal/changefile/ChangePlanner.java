package io.jazmin.internal.changefile;

import static io.jazmin.internal.changefile.ChangeFileFormat.BEFORE;
import static io.jazmin.internal.changefile.ChangeFileFormat.OP;
import static io.jazmin.internal.changefile.ChangeFileFormat.SET;

import io.jazmin.data.Row;
import io.jazmin.error.JazminValidationException;
import io.jazmin.internal.changefile.ChangeOutcome.ColumnConflict;
import io.jazmin.internal.changefile.ChangeOutcome.Conflict;
import io.jazmin.internal.changefile.ChangeOutcome.Refusal;
import io.jazmin.internal.reader.TableReader;
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
     * append replaces or deletes, and the outcome.
     */
    record Plan(List<Map<String, Object>> upsert, List<Map<String, Object>> touched, ChangeOutcome outcome) {
    }

    /** One change of the change file: its operation, key, identity, and the columns it sets. */
    private record Change(String op, Map<String, Object> key, List<Object> id, Map<String, Object> row,
                          List<String> set) {
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
     * The plan of applying {@code changes} to {@code table} of the file whose id is {@code fileId};
     * {@code scope} limits the rows and columns a shared file's sender may change ({@code null} for
     * other files).
     */
    static Plan plan(String fileId, TableReader table, ChangeFile changes, EditSettings edit, SenderScope scope,
                     boolean overwrite) {
        JsonNode meta = changes.description();
        checkMadeFor(meta, table, edit, scope);
        ChangePlanner planner = new ChangePlanner(edit, scope, table.columns(), overwrite);
        planner.checkColumns(changes.table().columns());
        List<Map<String, Object>> list;
        try (Stream<Row> stream = changes.table().rows()) {
            list = stream.map(EditSettings::values).toList();
        }
        KeyedRows rows = new KeyedRows(edit.find(table, list));
        list.forEach(row -> planner.change(row, rows));
        ChangeOutcome outcome = new ChangeOutcome(scope == null ? null : scope.keyId(),
                !meta.path("file").asString("").equals(fileId), planner.updated, planner.added, planner.deleted,
                planner.conflicts, planner.refused);
        return new Plan(rows.upserted(), rows.replaced(), outcome);
    }

    /** The change file was sent by the sender its seal names, for this table and key. */
    private static void checkMadeFor(JsonNode meta, TableReader table, EditSettings edit, SenderScope scope) {
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

    /** Plans one change of the change file: refused, held, or applied to {@code rows}. */
    private void change(Map<String, Object> row, KeyedRows rows) {
        String op = String.valueOf(row.get(OP));
        Map<String, Object> key = edit.keyOf(row);
        List<String> set = ChangeFileFormat.OPS.contains(op) && !op.equals("delete") ? sets(row.get(SET)) : List.of();
        String refusal = refusal(op, key, set);
        if (refusal != null) {
            refuse(op, key, refusal);
            return;
        }
        Change change = new Change(op, key, edit.identity(row), row, set);
        Map<String, Object> now = rows.get(change.id());
        if (now != null && !inSendersPartitions(now)) {
            refuse(op, key, "the row is outside the sender's partitions");
        } else if (op.equals("delete")) {
            delete(change, now, rows);
        } else if (now != null) {
            update(change, now, rows);
        } else if (op.equals("add")) {
            add(change, rows);
        } else {
            conflicts.add(new Conflict(op, key, "missing", List.of()));
        }
    }

    /**
     * Why the document or the sender's grant never lets this change be made, or {@code null} when
     * they do; {@code set} is {@code null} when the change lists no columns it sets.
     */
    private String refusal(String op, Map<String, Object> key, List<String> set) {
        if (!ChangeFileFormat.OPS.contains(op)) {
            return "unknown operation '" + op + "'";
        }
        if (key.containsValue(null)) {
            return "no key";
        }
        if (op.equals("add") && !edit.add()) {
            return "the document doesn't allow adding rows";
        }
        if (op.equals("delete") && !edit.delete()) {
            return "the document doesn't allow deleting rows";
        }
        if (set == null) {
            return "no list of the columns it sets";
        }
        for (String n : set) {
            if (!edit.columns().contains(n) || !changeColumns.contains(n) || scope != null && !scope.seesColumn(n)) {
                return "column '" + n + "' can't be changed by this sender";
            }
        }
        return null;
    }

    private boolean inSendersPartitions(Map<String, Object> row) {
        return scope == null || !scope.partitioned() || scope.seesPartition(row.get(scope.partitionBy()));
    }

    /** An update, or an add of a key that is there (a conflict unless overwriting), sets its columns. */
    private void update(Change change, Map<String, Object> now, KeyedRows rows) {
        if (change.op().equals("add") && !overwrite) {
            conflicts.add(new Conflict(change.op(), change.key(), "exists", List.of()));
            return;
        }
        if (change.op().equals("update") && held(change, now, change.set())) {
            return;
        }
        Map<String, Object> next = new LinkedHashMap<>(now);
        change.set().forEach(n -> next.put(n, change.row().get(n)));
        rows.put(change.id(), next);
        updated++;
    }

    /** An add of a new key: a row of its key and the columns it sets, in the sender's partition. */
    private void add(Change change, KeyedRows rows) {
        Map<String, Object> next = new LinkedHashMap<>();
        columns.keySet().forEach(n -> next.put(n, null));
        next.putAll(change.key());
        change.set().forEach(n -> next.put(n, change.row().get(n)));
        if (scope != null && scope.partitioned() && !placed(change, next)) {
            return;
        }
        for (Column c : columns.values()) {
            if (!c.nullable() && next.get(c.name()) == null) {
                refuse(change.op(), change.key(), "column '" + c.name() + "' can't be empty");
                return;
            }
        }
        rows.put(change.id(), next);
        added++;
    }

    /** A delete of a row still there, held when an editable column differs from what the sender saw. */
    private void delete(Change change, Map<String, Object> now, KeyedRows rows) {
        if (now == null) {
            conflicts.add(new Conflict(change.op(), change.key(), "missing", List.of()));
            return;
        }
        List<String> seen = edit.columns().stream().filter(n -> changeColumns.contains(BEFORE + n)).toList();
        if (held(change, now, seen)) {
            return;
        }
        rows.put(change.id(), null);
        deleted++;
    }

    /**
     * Puts an added row of a shared file in a partition of the sender's: the one it names, or the
     * grant's only partition when it names none; refuses it otherwise.
     */
    private boolean placed(Change change, Map<String, Object> row) {
        String column = scope.partitionBy();
        if (row.get(column) == null) {
            if (scope.onlyPartition() == null) {
                refuse(change.op(), change.key(), "the row names no partition ('" + column
                        + "') and the sender's grant has several");
                return false;
            }
            boolean isInt = columns.get(column).type().isInteger();
            row.put(column, SenderScope.partitionValue(scope.onlyPartition(), isInt));
        }
        if (!scope.seesPartition(row.get(column))) {
            refuse(change.op(), change.key(), "partition '" + SectionIds.partitionName(row.get(column))
                    + "' is outside the sender's grant");
            return false;
        }
        return true;
    }

    /** Holds the change when a column of {@code names} now differs from what the sender saw (unless overwriting). */
    private boolean held(Change change, Map<String, Object> now, List<String> names) {
        List<ColumnConflict> changed = new ArrayList<>();
        for (String n : names) {
            Object saw = change.row().get(BEFORE + n);
            if (!Objects.deepEquals(now.get(n), saw)) {
                changed.add(new ColumnConflict(n, saw, change.op().equals("delete") ? null : change.row().get(n), now.get(n)));
            }
        }
        if (changed.isEmpty() || overwrite) {
            return false;
        }
        conflicts.add(new Conflict(change.op(), change.key(), "changed", changed));
        return true;
    }

    /** The column names of {@code jazmin.set}, or {@code null} when it is not a list of names. */
    private static List<String> sets(Object value) {
        if (!(value instanceof JsonText json)) {
            return null;
        }
        JsonNode node;
        try {
            node = ChangeFileFormat.JSON.readTree(json.text());
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
