package io.jazmin;

import io.jazmin.error.JazminKeyException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.internal.table.SectionIds;
import io.jazmin.internal.writer.Appender;
import io.jazmin.internal.writer.Updater;
import io.jazmin.internal.writer.WriterLock;
import io.jazmin.change.UpdateChanges;
import io.jazmin.data.Filter;
import io.jazmin.key.JazminKey;
import io.jazmin.key.Secret;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.JsonText;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.node.ObjectNode;

/**
 * Change files (spec §1.22): the changes a file's document allows ({@code package.edit}) written by
 * a sender as a small JAZMIN file ({@link #writeChanges}), and applied by the file's owner
 * ({@link #applyChanges}), every change checked again against the current {@code edit}; rows changed
 * since the sender's copy are held as conflicts. Plain, key and password files, and shared
 * (access-controlled) files: a holder's change file is sealed with its grant's submission key
 * (spec §1.21), by which the owner knows the sender and what its grant lets it change.
 */
public final class ChangeFiles {
    static final int VERSION = 1;
    static final String TABLE = "changes";
    static final String OP = "jazmin.op";
    static final String SET = "jazmin.set";
    static final String BEFORE = "jazmin.before.";
    static final String META = "jazmin.changes";
    /** The order a call's changes are made in. */
    static final List<String> OPS = List.of("add", "update", "delete");

    private ChangeFiles() {
    }

    /**
     * Changes a sender makes: rows to update (the key and the columns that change), rows to add,
     * and rows to delete (by their key only).
     */
    public record Changes(List<? extends Map<String, ?>> update, List<? extends Map<String, ?>> add,
                          List<? extends Map<String, ?>> delete) {
        public Changes {
            update = update == null ? List.of() : List.copyOf(update);
            add = add == null ? List.of() : List.copyOf(add);
            delete = delete == null ? List.of() : List.copyOf(delete);
        }

        List<? extends Map<String, ?>> of(String op) {
            return switch (op) {
                case "add" -> add;
                case "update" -> update;
                default -> delete;
            };
        }
    }

    /** One column of a held change: the value the sender saw, the one wanted ({@code null} for a delete), and the current. */
    public record ColumnConflict(String name, Object before, Object wanted, Object now) {
    }

    /**
     * A change held, not applied (unless with overwrite): {@code changed} (a value now differs from
     * what the sender saw), {@code exists} (an added key is there already), {@code missing} (the row
     * updated or deleted is gone).
     */
    public record Conflict(String op, Map<String, Object> key, String kind, List<ColumnConflict> columns) {
        public Conflict {
            columns = List.copyOf(columns);
        }
    }

    /** A change never applied: the document (or the sender's grant) does not allow it. */
    public record Refusal(String op, Map<String, Object> key, String reason) {
    }

    /**
     * What applying a change file did (or, on a dry run, would do).
     *
     * @param sender      the access key id of the sender, or {@code null} (files that are not shared)
     * @param fileChanged whether the file was rewritten since the sender's copy (its file id differs; informative)
     */
    public record Result(String sender, boolean fileChanged, long updated, long added, long deleted,
                         List<Conflict> conflicts, List<Refusal> refused) {
        public Result {
            conflicts = List.copyOf(conflicts);
            refused = List.copyOf(refused);
        }
    }

    /**
     * Writes a change file at {@code out} for {@code changes} to {@code source}, whose document must
     * allow them ({@code package.edit}). They are checked as far as the sender can: what the document
     * allows, rows that exist (or not, for added ones), one change per key; the values the sender saw
     * are taken from {@code source}. An encrypted file's changes are sealed with its own key or
     * password, given in {@code seal}; a plain file's are not encrypted. A shared file's are sealed
     * with the submission key of the access key that opened {@code source} (whatever key
     * {@code seal} gives), and an added row must go to one of that key's partitions.
     *
     * @throws JazminValidationException when a change is not allowed or the file takes none, or a
     *                                   shared file was opened with its owner key (the owner
     *                                   changes it directly) or with a key whose grant carries no
     *                                   submission key
     */
    public static void writeChanges(JazminReader source, Changes changes, Path out, WriteOptions seal) {
        EditSettings edit = EditSettings.of(source.packageJson()).orElseThrow(() -> new JazminValidationException(
                "This file's document doesn't allow changes (it has no package.edit)"));
        WriteOptions sealing = sealing(source, seal);
        JazminTable table = edit.tableOf(source);
        Map<String, Column> columns = new LinkedHashMap<>();
        table.columns().forEach(c -> columns.put(c.name(), c));
        for (String k : edit.key()) {
            if (!columns.containsKey(k)) {
                throw new JazminValidationException("The key column '" + k + "' isn't visible with this key");
            }
        }
        List<String> editable = edit.columns().stream().filter(columns::containsKey).toList();
        List<Change> list = changeList(changes, edit, Set.copyOf(editable));
        if (source.accessControlled() && !table.partitionBy().isEmpty()) {
            list.stream().filter(c -> c.op().equals("add")).forEach(c -> checkPartition(source, table, c));
        }
        Map<List<Object>, Map<String, Object>> current = edit.find(table, list.stream().map(Change::key).toList());
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Change c : list) {
            Map<String, Object> now = current.get(edit.identity(c.key()));
            if (c.op().equals("add") && now != null) {
                throw new JazminValidationException("A row with " + edit.show(c.key()) + " is already there: change it instead");
            }
            if (!c.op().equals("add") && now == null) {
                throw new JazminValidationException("No row with " + edit.show(c.key()) + " is visible with this key");
            }
            Map<String, Object> row = new LinkedHashMap<>();
            row.put(OP, c.op());
            row.put(SET, c.op().equals("delete") ? null : JsonText.of(EditSettings.JSON.writeValueAsString(c.values().keySet())));
            row.putAll(c.key());
            for (String n : editable) {
                row.put(n, c.values().get(n));
                boolean saw = c.op().equals("delete") || c.op().equals("update") && c.values().containsKey(n);
                row.put(BEFORE + n, saw ? now.get(n) : null);
            }
            rows.add(row);
        }
        List<Column> definitions = new ArrayList<>();
        definitions.add(Column.required(OP, ColumnType.STRING));
        definitions.add(Column.of(SET, ColumnType.JSON));
        edit.key().forEach(k -> definitions.add(columns.get(k)));
        editable.forEach(n -> definitions.add(renamed(columns.get(n), n)));
        editable.forEach(n -> definitions.add(renamed(columns.get(n), BEFORE + n)));
        try (JazminWriter w = JazminWriter.create(out, definitions,
                sealing.withTableName(TABLE).withSortedBy(List.of()).withMetadata(metadata(source, table, edit, editable)))) {
            rows.forEach(w::writeRow);
            w.finish();
        }
    }

    /** What seals the change file: a shared file's submission key, else the file's own key or password. */
    private static WriteOptions sealing(JazminReader source, WriteOptions seal) {
        WriteOptions given = seal == null ? WriteOptions.defaults() : seal;
        if (!source.accessControlled()) {
            if (source.encrypted() && given.key() == null && given.password() == null) {
                throw new JazminValidationException("Give the key or password the file opens with, to seal its changes with");
            }
            return given;
        }
        if (source.ownerKey()) {
            throw new JazminValidationException("The owner changes a shared file directly: change files are sent by "
                    + "holders of access keys");
        }
        JazminKey submission = source.submissionKey();
        if (submission == null) {
            throw new JazminValidationException("The grant of access key " + source.accessKeyId() + " carries no "
                    + "submission key, so its holder cannot send changes");
        }
        return given.withAccess(null).withPassword((Secret) null).withKey(submission);
    }

    /** An added row goes to a partition the sender sees: the one it names, or the key's only one. */
    private static void checkPartition(JazminReader source, JazminTable table, Change add) {
        String column = table.partitionBy();
        List<String> visible = source.visiblePartitions();
        if (!add.key().containsKey(column) && !add.values().containsKey(column)) {
            if (visible.size() != 1) {
                throw new JazminValidationException("Changes: the row to add " + add.key() + " names no partition ('"
                        + column + "') and this key sees " + visible.size() + " partitions");
            }
            return;
        }
        Object value = add.key().containsKey(column) ? add.key().get(column) : add.values().get(column);
        String partition = SectionIds.partitionName(value);
        if (!visible.contains(partition)) {
            throw new JazminValidationException("Changes: the row to add " + add.key() + " would go to partition '"
                    + partition + "', which this key doesn't see");
        }
    }

    /** A change of a call: its operation, its key and the values it sets. */
    record Change(String op, Map<String, Object> key, Map<String, Object> values) {
    }

    /** A call's changes, checked against what the document allows. */
    private static List<Change> changeList(Changes changes, EditSettings edit, Set<String> editable) {
        List<Change> out = new ArrayList<>();
        Set<List<Object>> seen = new HashSet<>();
        for (String op : OPS) {
            List<? extends Map<String, ?>> list = changes.of(op);
            if (!list.isEmpty() && op.equals("add") && !edit.add()) {
                throw new JazminValidationException("This document doesn't allow adding rows");
            }
            if (!list.isEmpty() && op.equals("delete") && !edit.delete()) {
                throw new JazminValidationException("This document doesn't allow deleting rows");
            }
            for (Map<String, ?> row : list) {
                for (String k : edit.key()) {
                    if (row.get(k) == null) {
                        throw new JazminValidationException("Changes: a row to " + op + " without its key column '" + k + "'");
                    }
                }
                Map<String, Object> values = new LinkedHashMap<>();
                for (Map.Entry<String, ?> e : row.entrySet()) {
                    if (edit.key().contains(e.getKey())) {
                        continue;
                    }
                    if (op.equals("delete")) {
                        throw new JazminValidationException("Changes: give the rows to delete by their key only ('"
                                + e.getKey() + "' isn't a key column)");
                    }
                    if (!editable.contains(e.getKey())) {
                        throw new JazminValidationException("Column '" + e.getKey() + "' can't be changed through this document");
                    }
                    values.put(e.getKey(), e.getValue());
                }
                if (op.equals("update") && values.isEmpty()) {
                    throw new JazminValidationException("Changes: the update of " + edit.show(row) + " changes nothing");
                }
                if (!seen.add(edit.identity(row))) {
                    throw new JazminValidationException("Changes: " + edit.show(row) + " appears twice: one change per row");
                }
                out.add(new Change(op, edit.keyOf(row), values));
            }
        }
        if (out.isEmpty()) {
            throw new JazminValidationException("No changes to save");
        }
        return out;
    }

    private static Column renamed(Column c, String name) {
        return new Column(name, c.type(), true, c.description(), c.attributes(), c.item(), c.fields());
    }

    private static String metadata(JazminReader source, JazminTable table, EditSettings edit, List<String> editable) {
        ObjectNode meta = EditSettings.JSON.createObjectNode();
        meta.put("version", VERSION);
        meta.put("file", source.fileId());
        meta.put("table", table.name());
        edit.key().forEach(meta.putArray("key")::add);
        editable.forEach(meta.putArray("columns")::add);
        if (source.accessKeyId() == null) {
            meta.putNull("sender");
        } else {
            meta.put("sender", source.accessKeyId());
        }
        Instant written = source.modifiedAt() == null ? source.createdAt() : source.modifiedAt();
        meta.putObject("based").put("writtenAt", written.toString()).put("appendCount", source.appendCount());
        ObjectNode root = EditSettings.JSON.createObjectNode();
        root.set(META, meta);
        return EditSettings.JSON.writeValueAsString(root);
    }

    /**
     * Applies the change file {@code change} to the file at {@code path}, as its document allows
     * changes now ({@code package.edit}): refused changes are never applied, conflicting ones are held
     * (applied too with {@code overwrite}), the others are written as one new version (none when
     * {@code dryRun}): an append, or, when the table is kept in {@code sortedBy} order and rows are
     * added or changed, a rewrite that merges them into place ({@link JazminFile#update}, keeping
     * everything else the file holds), as the reference libraries' updates do. The plan is made and
     * written under the file's writer lock, so no other writer changes the rows it was checked
     * against; all or nothing. The change file opens with the target's own key or password
     * ({@code read}); for a shared file, {@code read} holds the owner key, and the sender is the
     * grant whose submission key opens the change file: a revoked or expired grant's changes are
     * refused, and so is each change outside the grant's partitions or column groups ({@code write}'s
     * {@code now}, when set, is the time of receipt).
     *
     * @throws JazminValidationException when the file takes no changes, the change file is not one,
     *                                   was made for another table, key or column types, does not
     *                                   open with the file's key, or comes from no current grant
     * @throws JazminKeyException        when a shared file is opened with an access key (only its
     *                                   owner applies changes)
     */
    public static Result applyChanges(Path path, Path change, ReadOptions read, WriteOptions write, boolean overwrite,
                                      boolean dryRun) {
        if (dryRun) {
            return plan(path, change, read, write, overwrite).plan().result();
        }
        try (WriterLock lock = WriterLock.acquire(path)) {
            Planned planned = plan(path, change, read, write, overwrite);
            ChangePlanner.Plan plan = planned.plan();
            if (!plan.touched().isEmpty()) {
                Filter touched = Updater.keyFilter(planned.key(), plan.touched());
                if (planned.sortedBy().isEmpty() || plan.upsert().isEmpty()) {
                    // Unsorted, or deletes only (which never break the order): one append.
                    Appender.append(lock, path, write, planned.table(), plan.upsert().iterator(), touched);
                } else {
                    // Appended rows must sort after the last one: merged into place by a rewrite instead.
                    Updater.update(lock, path, write, new UpdateChanges(planned.table(), touched, List.of(), List.of(),
                            plan.upsert(), ""));
                }
            }
            return plan.result();
        }
    }

    /** What applying a change file would do, to the table {@code table} identified by {@code key}. */
    private record Planned(ChangePlanner.Plan plan, String table, List<String> key, List<String> sortedBy) {
    }

    private static Planned plan(Path path, Path change, ReadOptions read, WriteOptions write, boolean overwrite) {
        try (JazminReader target = JazminReader.open(path, read)) {
            EditSettings edit = EditSettings.of(target.packageJson()).orElseThrow(() -> new JazminValidationException(
                    "The file doesn't take changes: its document has no package.edit"));
            JazminTable table = edit.tableOf(target);
            ChangePlanner.Plan plan;
            if (target.accessControlled()) {
                if (!target.ownerKey()) {
                    throw new JazminKeyException("Only the owner key of a shared file applies change files, not access key "
                            + target.accessKeyId());
                }
                Instant now = write.now() == null ? Instant.now() : write.now();
                Sender sender = Sender.identify(target, change, read.key(), table, now);
                try (JazminReader changes = sender.changes()) {
                    plan = ChangePlanner.plan(target, table, changes, edit, sender.scope(), overwrite);
                }
            } else {
                try (JazminReader changes = openChangeFile(change, read)) {
                    plan = ChangePlanner.plan(target, table, changes, edit, null, overwrite);
                }
            }
            return new Planned(plan, table.name(), edit.key(), table.sortedBy());
        }
    }

    private static JazminReader openChangeFile(Path change, ReadOptions read) {
        try {
            return JazminReader.open(change, read);
        } catch (JazminKeyException e) {
            throw new JazminValidationException("The change file doesn't open with this file's key: it was made for "
                    + "another file", e);
        }
    }
}
