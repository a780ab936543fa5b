package io.jazmin.cli;

import io.jazmin.data.Filter;
import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code jazmin delete FILE --where JSON}: deletes the matching rows. */
@Command(name = "delete", mixinStandardHelpOptions = true,
        description = {
            "Delete the rows of a table of a .jzm file that match a filter, as a new version at its end: "
                    + "readers no longer see them; their bytes stay until compact.",
            "Prints {\"appendCount\",\"rowsAppended\",\"rowsDeleted\",\"rowCount\"} as JSON."})
final class DeleteCommand extends ChangeCommand {
    @Option(names = {"--where", "--filter"}, required = true, paramLabel = "JSON", converter = FilterConverter.class,
            completionCandidates = CommandHelp.Operators.class,
            description = "the rows to delete, as a JSON filter like the query commands' (required: {} deletes "
                    + "every row); " + WhereOption.OPERATORS)
    private Filter where;

    @Option(names = "--table", paramLabel = "T", description = "the table to delete from (default: the first)")
    private String table;

    @Override
    public Integer call() {
        String name;
        try (JazminReader reader = open()) {
            var t = Usage.table(spec, reader, table);
            name = t.name();
            // Check the filter against the columns first: a bad filter is a usage error.
            Usage.query(spec, () -> t.explain(where));
        }
        return report(JazminFile.delete(file, name, where, writeOptions()));
    }
}
