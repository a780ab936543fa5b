package io.jazmin.cli;

import io.jazmin.Column;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.Row;
import io.jazmin.RowQuery;
import io.jazmin.convert.JsonStyle;
import io.jazmin.convert.RowFormat;
import io.jazmin.convert.RowSink;
import io.jazmin.convert.RowSinks;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code jazmin rows FILE}: prints rows as JSON Lines. */
@Command(name = "rows", mixinStandardHelpOptions = true,
        description = "Print the rows of a .jzm file as JSON Lines, in file order.")
final class RowsCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the .jzm file")
    private Path file;

    @Option(names = "--table", paramLabel = "T", description = "the table to read (default: the first)")
    private String table;

    @Option(names = "--select", paramLabel = "a,b", split = ",", description = "only these columns, in this order")
    private List<String> select = List.of();

    @Option(names = "--offset", paramLabel = "N", description = "skip the first N rows")
    private long offset;

    @Option(names = "--limit", paramLabel = "N", description = "print at most N rows")
    private Long limit;

    @Option(names = "--canonical", description = "the interop form: ints and decimals as strings, "
            + "\"NaN\"/\"Infinity\"/\"-Infinity\"/\"-0\" for special floats (default: ints as numbers "
            + "when exact, decimals as strings)")
    private boolean canonical;

    @Override
    public Integer call() {
        if (offset < 0 || (limit != null && limit < 0)) {
            throw Usage.error(spec, "--offset and --limit must not be negative");
        }
        try (JazminReader reader = JazminReader.open(file)) {
            JazminTable t = Usage.table(spec, reader, table);
            Usage.requireColumns(spec, "--select", select, t.columns());
            RowQuery query = RowQuery.all().withSelect(select).withOffset(offset);
            if (limit != null) {
                query = query.withLimit(limit);
            }
            List<Column> columns = select.isEmpty() ? t.columns() : select.stream().map(t::column).toList();
            JsonStyle style = canonical ? JsonStyle.CANONICAL : JsonStyle.HUMAN;
            try (Stream<Row> rows = t.rows(query);
                 RowSink sink = RowSinks.open(new NonClosingWriter(spec.commandLine().getOut()),
                         RowFormat.JSON_LINES, columns, style)) {
                rows.forEach(row -> sink.write(RowValues.of(row)));
            }
        }
        return ExitCodes.OK;
    }
}
