package io.jazmin.cli;

import io.jazmin.JazminFile;
import io.jazmin.schema.Storage;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tools.jackson.databind.node.ObjectNode;

/** {@code jazmin compact FILE}: rewrites the file without deleted rows and dead bytes. */
@Command(name = "compact", mixinStandardHelpOptions = true,
        description = {
            "Rewrite a .jzm file without its deleted rows and the dead bytes appends left behind, merging its "
                    + "segments; columns, sort order, indexes, metadata and file permissions are kept, the append "
                    + "count returns to 0. The new file replaces the old atomically.",
            "With --regroup, a shared file (opened with its owner key) gets each partition's rows written "
                    + "contiguously, merging the small chunks appends leave.",
            "Prints {\"bytesBefore\",\"bytesAfter\",\"deletedRowsDropped\",\"rowCount\"} as JSON."})
final class CompactCommand extends ChangeCommand {
    @Option(names = "--regroup", description = "shared file: write each partition's rows contiguously")
    boolean regroup;

    @Override
    public Integer call() {
        Storage before = JazminFile.storage(file, secrets.readOptions(file));
        JazminFile.compact(file, writeOptions(), regroup);
        Storage after = JazminFile.storage(file, secrets.readOptions(file));
        ObjectNode node = JSON.createObjectNode();
        node.put("bytesBefore", before.fileBytes());
        node.put("bytesAfter", after.fileBytes());
        node.put("deletedRowsDropped", before.deletedRows());
        node.put("rowCount", after.tables().stream().mapToLong(Storage.Table::rowCount).sum());
        return print(node);
    }
}
