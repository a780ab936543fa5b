package io.jazmin.cli;

import io.jazmin.JazminTable;
import io.jazmin.data.Filter;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tools.jackson.databind.json.JsonMapper;

/** {@code jazmin advise FILE [--query JSON]... [--column C]...}: layout advice for a table and its queries. */
@Command(name = "advise",
        description = {
            "Advise on a table's layout for the queries it should serve: a sort order, sorted or trigram indexes, "
                    + "the chunk size and the codec, each with the figures that led there. Reads the chunk list, "
                    + "plans each --query, and profiles the first --sample rows in file order (distinct values, "
                    + "null share, value lengths, and in how many chunks one value's rows lie), so the same file and "
                    + "queries give the same advice.",
            "Prints JSON: the table's layout, the columns' figures, each query's plan, and \"advice\": a list of "
                    + "{\"action\": sort|index|chunk-rows|compact|codec|keep, \"option\", \"column\", \"reason\"}; the "
                    + "options are those of convert (or compact) that would make it so."})
final class AdviseCommand extends TableCommand {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Option(names = "--query", paramLabel = "JSON", converter = FilterConverter.class,
            completionCandidates = CommandHelp.Operators.class,
            description = "a filter the table should serve, as the query commands' --where (repeatable); "
                    + WhereOption.OPERATORS)
    private List<Filter> queries = List.of();

    @Option(names = "--column", paramLabel = "C", description = "a column looked up by value (repeatable; the "
            + "reference's option), as if a --query compared it with eq")
    private List<String> columns = List.of();

    @Option(names = "--sample", paramLabel = "N", defaultValue = "100000",
            description = "rows profiled, the first in file order (default: ${DEFAULT-VALUE})")
    private long sample;

    @Override
    void run(JazminTable table) {
        if (sample < 1) {
            throw Usage.error(spec, "--sample must be at least 1");
        }
        Usage.requireColumns(spec, "--column", columns, table.columns());
        for (Filter q : queries) {
            Usage.query(spec, () -> table.explain(q));
        }
        LayoutAdvisor advisor = new LayoutAdvisor(table, queries, columns);
        advisor.measure(sample);
        out().println(JSON.writerWithDefaultPrettyPrinter().writeValueAsString(advisor.report()));
    }
}
