package io.jazmin.cli;

import io.jazmin.JazminTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code jazmin find FILE --where JSON}: prints the matching rows as JSON Lines. */
@Command(name = "find", mixinStandardHelpOptions = true,
        description = "Print the rows of a .jzm file matching a filter as JSON Lines, in file order or by "
                + "--order-by; "
                + "without --where, every row (like rows).")
final class FindCommand extends TableCommand {
    @Mixin
    private WhereOption where;

    @Mixin
    private RowPrinter printer;

    @Override
    void run(JazminTable table) {
        printer.print(spec, table, where.filter());
    }
}
