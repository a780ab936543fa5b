package io.jazmin.cli;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.options.WriteOptions;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Base of the commands that change a .jzm file in place ({@code FILE} plus its key or password):
 * they take the file's writer lock, add a new version at the end (or rewrite it) and print what
 * they did as one JSON object.
 */
abstract class ChangeCommand implements Callable<Integer> {
    static final JsonMapper JSON = JsonMapper.builder().build();

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the .jzm file to change")
    Path file;

    @Mixin
    FileOptions secrets;

    /** The options of the change: the file's secret; columns, sort order and indexes come from the file. */
    final WriteOptions writeOptions() {
        return secrets.applyTo(WriteOptions.defaults(), file);
    }

    /** Opens the file to read it (its columns and tables) with the given secret. */
    final JazminReader open() {
        return JazminReader.open(file, secrets.readOptions(file));
    }

    /** Prints a change's result: {@code {"appendCount", "rowsAppended", "rowsDeleted", "rowCount"}}. */
    final Integer report(JazminFile.ChangeResult result) {
        return print(result(result));
    }

    /** A change's result as JSON, for commands that add members before printing it. */
    static ObjectNode result(JazminFile.ChangeResult result) {
        ObjectNode node = JSON.createObjectNode();
        node.put("appendCount", result.appendCount());
        node.put("rowsAppended", result.rowsAppended());
        node.put("rowsDeleted", result.rowsDeleted());
        node.put("rowCount", result.rowCount());
        return node;
    }

    final Integer print(ObjectNode node) {
        spec.commandLine().getOut().println(JSON.writeValueAsString(node));
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
