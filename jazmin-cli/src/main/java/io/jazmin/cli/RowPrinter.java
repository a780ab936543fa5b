package io.jazmin.cli;

import io.jazmin.data.Filter;
import io.jazmin.JazminTable;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.convert.JsonStyle;
import io.jazmin.convert.RowFormat;
import io.jazmin.convert.RowSink;
import io.jazmin.convert.RowSinks;
import java.util.stream.Stream;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * Prints rows as JSON Lines, for {@code rows} and {@code find}, with the options shaping the
 * output: {@code --select}, {@code --order-by}, {@code --offset}, {@code --limit} and {@code --canonical}.
 */
final class RowPrinter {
    @Mixin
    private RowSlice slice;

    @Option(names = "--canonical", description = "the interop form: ints and decimals as strings, "
            + "\"NaN\"/\"Infinity\"/\"-Infinity\"/\"-0\" for special floats (default: ints as numbers "
            + "when exact, decimals as strings)")
    private boolean canonical;

    /**
     * Prints the rows of {@code table} matching {@code filter} ({@code null}: every row), in file
     * order or the {@code --order-by} order.
     */
    void print(CommandSpec spec, JazminTable table, Filter filter) {
        RowQuery query = slice.query(spec, table);
        JsonStyle style = canonical ? JsonStyle.CANONICAL : JsonStyle.HUMAN;
        try (Stream<Row> rows = Usage.query(spec, () -> table.find(filter, query));
             RowSink sink = RowSinks.open(new NonClosingWriter(spec.commandLine().getOut()),
                     RowFormat.JSON_LINES, slice.columns(table), style)) {
            rows.forEach(row -> sink.write(RowValues.of(row)));
        }
    }
}
