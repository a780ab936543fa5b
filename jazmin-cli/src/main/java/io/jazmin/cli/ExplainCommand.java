package io.jazmin.cli;

import io.jazmin.Explain;
import io.jazmin.JazminTable;
import io.jazmin.data.RowQuery;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import tools.jackson.databind.json.JsonMapper;

/** {@code jazmin explain FILE --where JSON}: prints how a query runs, as JSON. */
@Command(name = "explain", mixinStandardHelpOptions = true,
        description = {
            "Print the plan of a query as JSON: strategy (index or scan), candidateRows (index) or chunks and "
                    + "chunksSkipped (scan).",
            "With --order-by, sort tells how the order is served: file-order (the file's sorted-by), top-k (one "
                    + "pass over the sort and filter columns, then only the returned rows) or full-sort.",
            "With --analyze the query is run (with --select, --offset and --limit) and the work counted: rows, "
                    + "bytesRead, chunksRead, indexPagesRead, columnsDecoded, ms."})
final class ExplainCommand extends TableCommand {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    @Mixin
    private WhereOption where;

    @Mixin
    private RowSlice slice;

    @Option(names = "--analyze", description = "run the query and report the work it did")
    private boolean analyze;

    @Override
    void run(JazminTable table) {
        if (!analyze && slice.given()) {
            throw Usage.error(spec, "--select, --offset and --limit apply with --analyze");
        }
        RowQuery query = slice.query(spec, table);
        Explain explain = Usage.query(spec, () -> analyze
                ? table.explainAnalyze(where.filter(), query)
                : table.explain(where.filter(), query));
        out().println(MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(explain.toMap()));
    }
}
