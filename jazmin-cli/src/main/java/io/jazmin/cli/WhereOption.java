package io.jazmin.cli;

import io.jazmin.data.Filter;
import picocli.CommandLine.Option;

/** The {@code --where JSON} option of the query commands ({@code --filter}, the reference's name, too). */
final class WhereOption {
    /** The filter options' description, listing every operator (see {@link CommandHelp.Operators}). */
    static final String OPERATORS = "operators: ${COMPLETION-CANDIDATES}";

    @Option(names = {"--where", "--filter"}, paramLabel = "JSON", converter = FilterConverter.class,
            completionCandidates = CommandHelp.Operators.class,
            description = "a JSON filter, e.g. {\"country\":\"NA\",\"age\":{\"gt\":80}}: members are ANDed; "
                    + OPERATORS + " (default: every row)")
    private Filter filter;

    /** The filter, or {@code null} when none was given. */
    Filter filter() {
        return filter;
    }
}
