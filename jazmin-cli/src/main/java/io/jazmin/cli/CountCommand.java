package io.jazmin.cli;

import io.jazmin.JazminTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code jazmin count FILE --where JSON}: prints how many rows match. */
@Command(name = "count", mixinStandardHelpOptions = true,
        description = "Print the number of rows of a .jzm file matching a filter (without --where, every row).")
final class CountCommand extends TableCommand {
    @Mixin
    private WhereOption where;

    @Override
    void run(JazminTable table) {
        out().println(Usage.query(spec, () -> table.count(where.filter())));
    }
}
