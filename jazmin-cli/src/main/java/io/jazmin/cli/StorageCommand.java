package io.jazmin.cli;

import io.jazmin.JazminFile;
import io.jazmin.schema.Storage;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code jazmin storage FILE}: how the file's bytes are used, as JSON, to decide when to compact. */
@Command(name = "storage", mixinStandardHelpOptions = true,
        description = {
            "Print how a .jzm file's bytes are used by its current version, as JSON: fileBytes, versionBytes "
                    + "(end of the current version), liveBytes, deadBytes (left behind by appends and "
                    + "interrupted appends; compact drops them), hiddenBytes (with an access key: the "
                    + "partitions, column groups and owner sections it cannot see, superseded bytes among them; "
                    + "only an interrupted append's tail is dead to it), deadRatio, appendCount, appended, "
                    + "recovered, deletedRows, chunks, and per table rowCount, deletedRows, chunks, "
                    + "directorySegments, indexSegments and chunkBytes (an access key's share only)."})
final class StorageCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the .jzm file")
    private Path file;

    @Mixin
    private FileOptions secrets;

    @Override
    public Integer call() {
        Storage s = JazminFile.storage(file, secrets.readOptions(file));
        ObjectNode root = ChangeCommand.JSON.createObjectNode();
        root.put("fileBytes", s.fileBytes());
        root.put("versionBytes", s.versionBytes());
        root.put("liveBytes", s.liveBytes());
        root.put("deadBytes", s.deadBytes());
        root.put("hiddenBytes", s.hiddenBytes());
        root.put("deadRatio", Math.round(s.deadRatio() * 10_000) / 10_000.0);
        root.put("appendCount", s.appendCount());
        root.put("appended", s.appended());
        root.put("recovered", s.recovered());
        root.put("deletedRows", s.deletedRows());
        root.put("chunks", s.chunks());
        ArrayNode tables = root.putArray("tables");
        for (Storage.Table t : s.tables()) {
            tables.addObject().put("name", t.name()).put("rowCount", t.rowCount()).put("deletedRows", t.deletedRows())
                    .put("chunks", t.chunks()).put("directorySegments", t.directorySegments())
                    .put("indexSegments", t.indexSegments()).put("chunkBytes", t.chunkBytes());
        }
        spec.commandLine().getOut().println(ChangeCommand.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root));
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
