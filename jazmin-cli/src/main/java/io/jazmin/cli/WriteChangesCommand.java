package io.jazmin.cli;

import io.jazmin.ChangeFiles;
import io.jazmin.ChangeFiles.Changes;
import io.jazmin.JazminReader;
import io.jazmin.options.WriteOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import tools.jackson.databind.node.ObjectNode;

/** {@code jazmin write-changes FILE --changes CHANGES.jsonl --out C.jzm}: a sender's change file (spec §1.22). */
@Command(name = "write-changes", mixinStandardHelpOptions = true,
        description = {
            "Write a change file: the changes to FILE that its document allows (package.edit), to send to "
                    + "its owner, who applies them with apply-changes. FILE itself is not changed.",
            "CHANGES is JSON Lines, one change per line:",
            "  {\"op\":\"update\",\"key\":{\"claim\":\"C-104\"},\"set\":{\"status\":\"approved\"}}",
            "  {\"op\":\"add\",\"key\":{\"claim\":\"C-900\"},\"set\":{\"status\":\"open\"}}",
            "  {\"op\":\"delete\",\"key\":{\"claim\":\"C-017\"}}",
            "\"key\" holds every key column of package.edit, \"set\" the editable columns the change sets "
                    + "(update, add); values in the canonical interop form append takes. One change per key; "
                    + "the values FILE holds now are recorded as what the sender saw.",
            "An encrypted file's change file is sealed with its own key or password (give it as for reading); "
                    + "a plain file's is plain; a shared file's (opened with an access key, a jza1- text in "
                    + "--key-file) with that key's submission key.",
            "Prints {\"out\",\"update\",\"add\",\"delete\"} (the counts written) as JSON; a change the "
                    + "document does not allow, or a row that is not there, exits with 3 and writes nothing."})
final class WriteChangesCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the .jzm file the changes are to")
    private Path file;

    @Option(names = "--changes", required = true, paramLabel = "CHANGES.jsonl",
            description = "the changes, one JSON object per line (see above)")
    private Path changes;

    @Option(names = "--out", required = true, paramLabel = "C.jzm", description = "the change file to write")
    private Path out;

    @Mixin
    private FileOptions secrets;

    @Override
    public Integer call() throws IOException {
        OutputPath.requireWritable(spec, out);
        if (OutputPath.sameFile(file, out)) {
            throw Usage.error(spec, "--out '" + out + "' is FILE '" + file + "' itself: the change file would replace it;"
                    + " name another file");
        }
        try (JazminReader reader = JazminReader.open(file, secrets.readOptions(file))) {
            Changes list = ChangesInput.read(changes, EditColumns.of(reader));
            // A shared file's access key is no key to seal with: the core seals with its submission key.
            WriteOptions seal = reader.accessControlled() ? WriteOptions.defaults()
                    : secrets.applyTo(WriteOptions.defaults(), file);
            ChangeFiles.writeChanges(reader, list, out, seal);
            ObjectNode node = ChangeCommand.JSON.createObjectNode();
            node.put("out", out.toString());
            node.put("update", list.update().size());
            node.put("add", list.add().size());
            node.put("delete", list.delete().size());
            spec.commandLine().getOut().println(ChangeCommand.JSON.writeValueAsString(node));
            spec.commandLine().getOut().flush();
            return ExitCodes.OK;
        }
    }
}
