package io.jazmin.cli;

import io.jazmin.data.Filter;
import picocli.CommandLine.Option;

/** The {@code --where JSON} option of the query commands. */
final class WhereOption {
    @Option(names = "--where", paramLabel = "JSON", converter = FilterConverter.class,
            description = "a JSON filter, e.g. {\"country\":\"NA\",\"age\":{\"gt\":80}}: members are ANDed; "
                    + "and, or, not; eq, ne, in, gt, gte, lt, lte, contains, icontains, startsWith, isNull, "
                    + "any, all, match (default: every row)")
    private Filter filter;

    /** The filter, or {@code null} when none was given. */
    Filter filter() {
        return filter;
    }
}
