package io.jazmin.cli;

import io.jazmin.Column;
import io.jazmin.JazminTable;
import io.jazmin.RowQuery;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * The options choosing the columns and the slice of rows a query returns: {@code --select},
 * {@code --offset} and {@code --limit}.
 */
final class RowSlice {
    @Option(names = "--select", paramLabel = "a,b", split = ",", description = "only these columns, in this order")
    private List<String> select = List.of();

    @Option(names = "--offset", paramLabel = "N", description = "skip the first N rows")
    private long offset;

    @Option(names = "--limit", paramLabel = "N", description = "return at most N rows")
    private Long limit;

    /** Whether any of the options asks for less than every column of every row. */
    boolean given() {
        return !select.isEmpty() || offset != 0 || limit != null;
    }

    /** The query the options describe; a negative number or an unknown column is a usage error. */
    RowQuery query(CommandSpec spec, JazminTable table) {
        if (offset < 0 || (limit != null && limit < 0)) {
            throw Usage.error(spec, "--offset and --limit must not be negative");
        }
        Usage.requireColumns(spec, "--select", select, table.columns());
        RowQuery query = RowQuery.all().withSelect(select).withOffset(offset);
        return limit == null ? query : query.withLimit(limit);
    }

    /** The columns of the returned rows, in order. */
    List<Column> columns(JazminTable table) {
        return select.isEmpty() ? table.columns() : select.stream().map(table::column).toList();
    }
}
