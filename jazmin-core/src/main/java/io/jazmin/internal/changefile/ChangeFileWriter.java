package io.jazmin.internal.changefile;

import static io.jazmin.internal.changefile.ChangeFileFormat.BEFORE;
import static io.jazmin.internal.changefile.ChangeFileFormat.JSON;
import static io.jazmin.internal.changefile.ChangeFileFormat.OP;
import static io.jazmin.internal.changefile.ChangeFileFormat.SET;

import io.jazmin.error.JazminValidationException;
import io.jazmin.internal.reader.OpenedFile;
import io.jazmin.internal.reader.TableReader;
import io.jazmin.internal.table.SectionIds;
import io.jazmin.internal.wire.Preamble;
import io.jazmin.internal.writer.FullFileWriter;
import io.jazmin.key.JazminKey;
import io.jazmin.key.Secret;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.JsonText;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.node.ObjectNode;

/**
 * Writes a sender's change file (the engine of {@code ChangeFiles.writeChanges}, whose
 * documentation is the contract): the changes checked as far as the sender can, one row each with
 * the values the sender saw, sealed as the file requires.
 */
public final class ChangeFileWriter {
    /** A change of a call: its operation, its key and the values it sets. */
    private record Change(String op, Map<String, Object> key, Map<String, Object> values) {
    }

    private final OpenedFile source;
    private final TableReader table;
    private final EditSettings edit;
    private final Map<String, Column> columns = new LinkedHashMap<>();
    private final List<String> editable;

    private ChangeFileWriter(OpenedFile source, TableReader table, EditSettings edit) {
        this.source = source;
        this.table = table;
        this.edit = edit;
        table.columns().forEach(c -> columns.put(c.name(), c));
        for (String k : edit.key()) {
            if (!columns.containsKey(k)) {
                throw new JazminValidationException("The key column '" + k + "' isn't visible with this key");
            }
        }
        this.editable = edit.columns().stream().filter(columns::containsKey).toList();
    }

    /**
     * Writes at {@code out} the change file of {@code byOp}'s changes (rows by operation: {@code add},
     * {@code update}, {@code delete}) to the file {@code source}, opened with {@code tables} and
     * holding the package {@code packageJson} ({@code ""} when none), sealed as {@code seal} and the
     * file say.
     */
    public static void write(OpenedFile source, List<TableReader> tables, String packageJson,
                             Map<String, List<? extends Map<String, ?>>> byOp, Path out, WriteOptions seal) {
        EditSettings edit = EditSettings.of(packageJson).orElseThrow(() -> new JazminValidationException(
                "This file's document doesn't allow changes (it has no package.edit)"));
        WriteOptions sealing = sealing(source, seal);
        new ChangeFileWriter(source, edit.tableOf(tables), edit).write(byOp, out, sealing);
    }

    /** The file id of {@code file} as 32 lower-case hex digits. */
    static String fileId(OpenedFile file) {
        return HexFormat.of().formatHex(file.version().preamble().fileId());
    }

    private void write(Map<String, List<? extends Map<String, ?>>> byOp, Path out, WriteOptions sealing) {
        List<Change> list = changeList(byOp);
        if (source.version().preamble().has(Preamble.ACCESS) && !table.partitionBy().isEmpty()) {
            list.stream().filter(c -> c.op().equals("add")).forEach(this::checkPartition);
        }
        List<Map<String, Object>> rows = rows(list);
        WriteOptions options = sealing.withTableName(ChangeFileFormat.TABLE).withSortedBy(List.of())
                .withMetadata(metadata());
        try (FullFileWriter w = new FullFileWriter(out, options)) {
            w.startTable(options.tableName(), definitions(), options);
            rows.forEach(w::add);
            w.finish();
        }
    }

    /** What seals the change file: a shared file's submission key, else the file's own key or password. */
    private static WriteOptions sealing(OpenedFile source, WriteOptions seal) {
        WriteOptions given = seal == null ? WriteOptions.defaults() : seal;
        if (!source.version().preamble().has(Preamble.ACCESS)) {
            if (source.version().preamble().has(Preamble.ENCRYPTED) && given.key() == null && given.password() == null) {
                throw new JazminValidationException("Give the key or password the file opens with, to seal its changes with");
            }
            return given;
        }
        if (source.grant() != null && source.grant().owner()) {
            throw new JazminValidationException("The owner changes a shared file directly: change files are sent by "
                    + "holders of access keys");
        }
        JazminKey submission = source.grant() == null ? null : source.grant().submission();
        if (submission == null) {
            throw new JazminValidationException("The grant of access key " + accessKeyId(source) + " carries no "
                    + "submission key, so its holder cannot send changes");
        }
        return given.withAccess(null).withPassword((Secret) null).withKey(submission);
    }

    private static String accessKeyId(OpenedFile source) {
        return source.grant() == null ? null : source.grant().keyId();
    }

    /** A call's changes, checked against what the document allows, in the order of {@link ChangeFileFormat#OPS}. */
    private List<Change> changeList(Map<String, List<? extends Map<String, ?>>> byOp) {
        List<Change> out = new ArrayList<>();
        Set<List<Object>> seen = new HashSet<>();
        Set<String> editableSet = Set.copyOf(editable);
        for (String op : ChangeFileFormat.OPS) {
            List<? extends Map<String, ?>> list = byOp.getOrDefault(op, List.of());
            if (!list.isEmpty() && op.equals("add") && !edit.add()) {
                throw new JazminValidationException("This document doesn't allow adding rows");
            }
            if (!list.isEmpty() && op.equals("delete") && !edit.delete()) {
                throw new JazminValidationException("This document doesn't allow deleting rows");
            }
            for (Map<String, ?> row : list) {
                Change change = change(op, row, editableSet);
                if (!seen.add(edit.identity(row))) {
                    throw new JazminValidationException("Changes: " + edit.show(row) + " appears twice: one change per row");
                }
                out.add(change);
            }
        }
        if (out.isEmpty()) {
            throw new JazminValidationException("No changes to save");
        }
        return out;
    }

    /** One change of a call: its key given, and only editable columns set (a delete sets none). */
    private Change change(String op, Map<String, ?> row, Set<String> editableSet) {
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
            if (!editableSet.contains(e.getKey())) {
                throw new JazminValidationException("Column '" + e.getKey() + "' can't be changed through this document");
            }
            values.put(e.getKey(), e.getValue());
        }
        if (op.equals("update") && values.isEmpty()) {
            throw new JazminValidationException("Changes: the update of " + edit.show(row) + " changes nothing");
        }
        return new Change(op, edit.keyOf(row), values);
    }

    /** An added row goes to a partition the sender sees: the one it names, or the key's only one. */
    private void checkPartition(Change add) {
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

    /** The change file's rows: each change with the values the sender saw, checked against the rows there now. */
    private List<Map<String, Object>> rows(List<Change> list) {
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
            row.put(SET, c.op().equals("delete") ? null : JsonText.of(JSON.writeValueAsString(c.values().keySet())));
            row.putAll(c.key());
            for (String n : editable) {
                row.put(n, c.values().get(n));
                boolean saw = c.op().equals("delete") || c.op().equals("update") && c.values().containsKey(n);
                row.put(BEFORE + n, saw ? now.get(n) : null);
            }
            rows.add(row);
        }
        return rows;
    }

    /** The change file's columns: operation, set list, key, the editable columns and what the sender saw of them. */
    private List<Column> definitions() {
        List<Column> definitions = new ArrayList<>();
        definitions.add(Column.required(OP, ColumnType.STRING));
        definitions.add(Column.of(SET, ColumnType.JSON));
        edit.key().forEach(k -> definitions.add(columns.get(k)));
        editable.forEach(n -> definitions.add(renamed(columns.get(n), n)));
        editable.forEach(n -> definitions.add(renamed(columns.get(n), BEFORE + n)));
        return definitions;
    }

    private static Column renamed(Column c, String name) {
        return new Column(name, c.type(), true, c.description(), c.attributes(), c.item(), c.fields());
    }

    /** The change file's description ({@link ChangeFileFormat#META}): version, file, table, key, columns, sender, base. */
    private String metadata() {
        ObjectNode meta = JSON.createObjectNode();
        meta.put("version", ChangeFileFormat.VERSION);
        meta.put("file", fileId(source));
        meta.put("table", table.name());
        edit.key().forEach(meta.putArray("key")::add);
        editable.forEach(meta.putArray("columns")::add);
        String sender = accessKeyId(source);
        if (sender == null) {
            meta.putNull("sender");
        } else {
            meta.put("sender", sender);
        }
        long modified = source.header().modified();
        Instant written = Instant.ofEpochMilli(modified == 0 ? source.header().created() : modified);
        meta.putObject("based").put("writtenAt", written.toString()).put("appendCount", source.header().appendCount());
        ObjectNode root = JSON.createObjectNode();
        root.set(ChangeFileFormat.META, meta);
        return JSON.writeValueAsString(root);
    }
}
