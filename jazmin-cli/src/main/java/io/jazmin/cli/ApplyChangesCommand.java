package io.jazmin.cli;

import io.jazmin.ChangeFiles;
import io.jazmin.ChangeFiles.ColumnConflict;
import io.jazmin.ChangeFiles.Conflict;
import io.jazmin.ChangeFiles.Refusal;
import io.jazmin.ChangeFiles.Result;
import io.jazmin.JazminReader;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code jazmin apply-changes FILE C.jzm [--overwrite] [--dry-run]}: the owner applies a change file (spec §1.22). */
@Command(name = "apply-changes", mixinStandardHelpOptions = true,
        description = {
            "Apply a change file (written by write-changes) to FILE, as FILE's document allows changes now "
                    + "(package.edit): refused changes are never applied; changes to rows changed since the "
                    + "sender's copy are held (applied too with --overwrite); the rest is one append.",
            "The change file opens with FILE's own key or password; for a shared file give the owner key: the "
                    + "sender is the grant whose submission key opens the change file, and changes outside that "
                    + "grant's partitions or column groups are refused.",
            "Prints one JSON object: {\"dryRun\",\"sender\",\"fileChanged\",\"applied\":{\"updated\",\"added\","
                    + "\"deleted\"},\"held\":[{\"op\",\"key\",\"kind\",\"columns\":[{\"column\",\"before\",\"wanted\","
                    + "\"now\"}]}],\"refused\":[{\"op\",\"key\",\"reason\"}]}; kind is changed (a value differs "
                    + "from what the sender saw), exists (an added key is there already) or missing (the row is "
                    + "gone). Values are in the canonical interop form. Held and refused changes still exit 0."})
final class ApplyChangesCommand extends ChangeCommand {
    @Parameters(index = "1", paramLabel = "C.jzm", description = "the change file")
    private Path changes;

    @Option(names = "--overwrite", description = "apply held changes too (a missing row has nothing to overwrite)")
    private boolean overwrite;

    @Option(names = "--dry-run", description = "report what would be applied, held and refused; write nothing")
    private boolean dryRun;

    @Override
    public Integer call() {
        EditColumns columns;
        try (JazminReader reader = open()) {
            columns = EditColumns.of(reader);
        }
        Result result = ChangeFiles.applyChanges(file, changes, secrets.readOptions(file), writeOptions(), overwrite, dryRun);
        ObjectNode node = JSON.createObjectNode();
        node.put("dryRun", dryRun);
        node.put("sender", result.sender());
        node.put("fileChanged", result.fileChanged());
        node.putObject("applied").put("updated", result.updated()).put("added", result.added())
                .put("deleted", result.deleted());
        ArrayNode held = node.putArray("held");
        for (Conflict c : result.conflicts()) {
            ObjectNode h = held.addObject().put("op", c.op());
            h.set("key", key(columns, c.key()));
            h.put("kind", c.kind());
            ArrayNode values = h.putArray("columns");
            for (ColumnConflict cc : c.columns()) {
                ObjectNode v = values.addObject().put("column", cc.name());
                v.set("before", columns.toJson(cc.name(), cc.before()));
                v.set("wanted", columns.toJson(cc.name(), cc.wanted()));
                v.set("now", columns.toJson(cc.name(), cc.now()));
            }
        }
        ArrayNode refused = node.putArray("refused");
        for (Refusal r : result.refused()) {
            ObjectNode o = refused.addObject().put("op", r.op());
            o.set("key", key(columns, r.key()));
            o.put("reason", r.reason());
        }
        return print(node);
    }

    private static ObjectNode key(EditColumns columns, Map<String, Object> key) {
        ObjectNode node = JSON.createObjectNode();
        key.forEach((name, value) -> node.set(name, columns.toJson(name, value)));
        return node;
    }
}
