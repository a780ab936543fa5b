package io.jazmin.cli;

import io.jazmin.files.FileChanges;
import io.jazmin.JazminFile;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code jazmin remove-file FILE PATH...}: drops embedded files. */
@Command(name = "remove-file", mixinStandardHelpOptions = true,
        description = {"Remove embedded files from a .jzm file, by an append (their bytes stay until the file is "
                + "compacted). A PATH the file does not hold exits with 3 and changes nothing.",
            "Prints {\"appendCount\",\"rowsAppended\",\"rowsDeleted\",\"rowCount\"} as JSON."})
final class RemoveFileCommand extends ChangeCommand {
    @Parameters(index = "1..*", arity = "1..*", paramLabel = "PATH", description = "the embedded files to remove")
    private List<String> paths;

    @Override
    public Integer call() {
        return report(JazminFile.changeFiles(file, new FileChanges(List.of(), paths, null), writeOptions()));
    }
}
