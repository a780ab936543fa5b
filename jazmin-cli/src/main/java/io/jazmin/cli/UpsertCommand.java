package io.jazmin.cli;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.change.UpdateChanges;
import io.jazmin.change.UpdateResult;
import io.jazmin.convert.RowSource;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
/** {@code jazmin upsert FILE --from INPUT --key-columns a,b}: replaces the rows with the same keys, adds the others. */
@Command(name = "upsert",
        description = {
            "Upsert the rows of a .json, .jsonl, .ndjson, .csv or .xml file into a table of a .jzm file: each row "
                    + "replaces the rows whose --key-columns hold the same values, or is added when none does "
                    + "(the reference's upsert with keyColumns). Values are read as append reads them.",
            "By an append (the replaced rows are deleted, the new ones added at the end); a table kept in "
                    + "sortedBy order, or --rewrite, is rewritten instead so that the rows stay in order (and the "
                    + "file is compacted on the way). Everything else the file holds is kept.",
            "Prints {\"appendCount\",\"rowsAppended\",\"rowsDeleted\",\"rowCount\"} after an append, "
                    + "{\"rowCount\",\"inserted\",\"updated\",\"deleted\",\"rewritten\":true} after a rewrite."})
final class UpsertCommand extends ChangeCommand {
    /** The input rows are held to match their keys: a bound keeps a huge input from filling the heap. */
    static final int MAX_ROWS = 1_000_000;

    @Option(names = "--from", required = true, paramLabel = "INPUT",
            description = "the rows to upsert (.json, .jsonl, .ndjson, .csv or .xml; at most " + MAX_ROWS + " rows)")
    private Path from;

    @Option(names = "--key-columns", required = true, split = ",", paramLabel = "a,b",
            description = "the columns identifying a row")
    private List<String> keyColumns;

    @Option(names = "--table", paramLabel = "T", description = "the table to upsert into (default: the first)")
    private String table;

    @Option(names = "--rewrite", description = "rewrite the file (keeping sort order, compacting) even when the "
            + "table is not sorted")
    private boolean rewrite;

    @Mixin
    private TextInputOptions input;

    @Override
    public Integer call() throws IOException {
        WriteOptions options = writeOptions(); // an access key is refused before any input is read
        List<Column> columns;
        String name;
        boolean sorted;
        try (JazminReader reader = open()) {
            JazminTable t = Usage.table(spec, reader, table);
            columns = t.columns();
            name = t.name();
            sorted = !t.sortedBy().isEmpty();
            Usage.requireColumns(spec, "--key-columns", keyColumns, columns);
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        try (RowSource source = InputRows.open(spec, from, columns, input)) {
            while (source.hasNext()) {
                if (rows.size() == MAX_ROWS) {
                    throw Usage.error(spec, "--from holds more than " + MAX_ROWS + " rows: upsert holds them to "
                            + "match their keys; split the input");
                }
                rows.add(source.next());
            }
        }
        if (!sorted && !rewrite) {
            return report(JazminFile.upsert(file, name, keyColumns, rows, options));
        }
        UpdateResult result = JazminFile.update(file,
                new UpdateChanges(name, null, keyColumns, rows, null, ""), options);
        return print(UpdateCommand.result(result));
    }
}
