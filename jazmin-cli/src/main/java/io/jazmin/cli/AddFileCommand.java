package io.jazmin.cli;

import io.jazmin.files.FileChanges;
import io.jazmin.files.FileInput;
import io.jazmin.JazminFile;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code jazmin add-file FILE PATH=LOCALFILE...}: stores local files in a .jzm file. */
@Command(name = "add-file", mixinStandardHelpOptions = true,
        description = {"Store local files as embedded files of a .jzm file, by an append (a file already at PATH "
                + "is replaced; identical bytes are stored once). The media type follows PATH's extension unless "
                + "--type is given.",
            "Prints {\"appendCount\",\"rowsAppended\",\"rowsDeleted\",\"rowCount\"} as JSON."})
final class AddFileCommand extends ChangeCommand {
    @Parameters(index = "1..*", arity = "1..*", paramLabel = "PATH=LOCALFILE", converter = FileArgument.Converter.class,
            description = "the path inside the .jzm file and the local file to store there")
    private List<FileArgument> files;

    @Option(names = "--type", paramLabel = "MEDIA/TYPE", description = "the media type of every file added")
    private String type;

    @Option(names = "--group", paramLabel = "G", description = "a file group that sees the files (repeatable; "
            + "default *: everyone)")
    private List<String> groups = List.of();

    @Option(names = "--actions", paramLabel = "JSON", description = "what viewers may do with the files, e.g. "
            + "{\"print\":false}")
    private String actions;

    @Option(names = "--package", paramLabel = "JSON", description = "also set the file's package, e.g. "
            + "{\"entry\":\"index.html\",\"title\":\"Report\"}")
    private String packageJson;

    @Override
    public Integer call() {
        FileArgument.requireReadable(spec, files);
        List<FileInput> inputs = new ArrayList<>();
        for (FileArgument f : files) {
            inputs.add(f.input(type, groups).withActions(actions));
        }
        return report(JazminFile.changeFiles(file, new FileChanges(inputs, List.of(), packageJson), writeOptions()));
    }
}
