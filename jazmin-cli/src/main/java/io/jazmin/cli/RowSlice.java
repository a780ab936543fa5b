package io.jazmin.cli;

import io.jazmin.schema.Column;
import io.jazmin.JazminTable;
import io.jazmin.data.RowQuery;
import io.jazmin.data.SortKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * The options choosing the columns, the order and the slice of rows a query returns:
 * {@code --select}, {@code --order-by}, {@code --offset} and {@code --limit}.
 */
final class RowSlice {
    @Option(names = {"--select", "--columns"}, paramLabel = "a,b", split = ",",
            description = "only these columns, in this order")
    private List<String> select = List.of();

    @Option(names = {"--order-by", "--sort"}, paramLabel = "col[:asc|desc][:nulls-first|nulls-last]", split = ",",
            description = "order the rows by these columns, the first first, e.g. balance:desc,id (default asc; "
                    + "nulls first ascending, last descending; ties keep file order)")
    private List<String> orderBy = List.of();

    @Option(names = "--offset", paramLabel = "N", description = "skip the first N rows (after ordering)")
    private long offset;

    @Option(names = "--limit", paramLabel = "N", description = "return at most N rows")
    private Long limit;

    /** Whether any of the options asks for less than every column of every row. */
    boolean given() {
        return !select.isEmpty() || offset != 0 || limit != null;
    }

    /** Whether {@code --order-by} was given. */
    boolean ordered() {
        return !orderBy.isEmpty();
    }

    /** The query the options describe; a negative number or an unknown column is a usage error. */
    RowQuery query(CommandSpec spec, JazminTable table) {
        if (offset < 0 || (limit != null && limit < 0)) {
            throw Usage.error(spec, "--offset and --limit must not be negative");
        }
        Usage.requireColumns(spec, "--select", select, table.columns());
        RowQuery query = RowQuery.all().withSelect(select).withOrder(order(spec, table)).withOffset(offset);
        return limit == null ? query : query.withLimit(limit);
    }

    /** The {@code --order-by} keys; an unknown column, one without an order or a bad suffix is a usage error. */
    private List<SortKey> order(CommandSpec spec, JazminTable table) {
        List<SortKey> keys = new ArrayList<>();
        for (String item : orderBy) {
            String[] parts = item.split(":", -1);
            String name = parts[0];
            Usage.requireColumns(spec, "--order-by", List.of(name), table.columns());
            if (!table.column(name).type().isOrdered()) {
                throw Usage.error(spec, "--order-by: column '" + name + "' is "
                        + table.column(name).type().typeName() + ", which has no order");
            }
            if (parts.length > 3) {
                throw Usage.error(spec, "--order-by: '" + item + "' is not col[:asc|desc][:nulls-first|nulls-last]");
            }
            SortKey key = parts.length < 2 || parts[1].equalsIgnoreCase("asc") ? SortKey.asc(name)
                    : parts[1].equalsIgnoreCase("desc") ? SortKey.desc(name) : null;
            if (key == null) {
                throw Usage.error(spec, "--order-by: direction must be asc or desc, got '" + parts[1] + "'");
            }
            if (parts.length == 3) {
                key = switch (parts[2].toLowerCase(Locale.ROOT)) {
                    case "nulls-first" -> key.nullsFirst();
                    case "nulls-last" -> key.nullsLast();
                    default -> throw Usage.error(spec, "--order-by: nulls must be nulls-first or nulls-last, got '"
                            + parts[2] + "'");
                };
            }
            keys.add(key);
        }
        return keys;
    }

    /** The columns of the returned rows, in order. */
    List<Column> columns(JazminTable table) {
        return select.isEmpty() ? table.columns() : select.stream().map(table::column).toList();
    }
}
