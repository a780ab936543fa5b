package io.jazmin.cli;

import io.jazmin.schema.Column;
import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.convert.RowSource;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code jazmin append FILE --from INPUT}: appends the rows of a JSON, JSON Lines, CSV or XML file. */
@Command(name = "append", mixinStandardHelpOptions = true,
        description = {
            "Append the rows of a .json (array of objects), .jsonl, .csv or .xml file to a table of a .jzm file, "
                    + "as a new version at its end (the file is not rewritten; see compact).",
            "Values are converted to the table's columns (the canonical interop form is accepted); rows that do "
                    + "not fit, or break the table's sort order, exit with 3 and leave the file unchanged.",
            "Prints {\"appendCount\",\"rowsAppended\",\"rowsDeleted\",\"rowCount\"} as JSON. One writer at a time: "
                    + "FILE.lock is held while appending (the next writer takes over one a killed writer left)."})
final class AppendCommand extends ChangeCommand {
    @Option(names = "--from", required = true, paramLabel = "INPUT",
            description = "the rows to append (.json, .jsonl, .ndjson, .csv or .xml)")
    private Path from;

    @Option(names = "--table", paramLabel = "T", description = "the table to append to (default: the first)")
    private String table;

    @Mixin
    private TextInputOptions input;

    @Override
    public Integer call() throws IOException {
        List<Column> columns;
        String name;
        try (JazminReader reader = open()) {
            var t = Usage.table(spec, reader, table);
            columns = t.columns();
            name = t.name();
        }
        try (RowSource rows = InputRows.open(spec, from, columns, input)) {
            return report(JazminFile.append(file, name, rows, writeOptions()));
        }
    }
}
