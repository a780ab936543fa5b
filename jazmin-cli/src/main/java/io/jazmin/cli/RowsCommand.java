package io.jazmin.cli;

import io.jazmin.JazminTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code jazmin rows FILE}: prints rows as JSON Lines. */
@Command(name = "rows", mixinStandardHelpOptions = true,
        description = "Print the rows of a .jzm file as JSON Lines, in file order or by --order-by.")
final class RowsCommand extends TableCommand {
    @Mixin
    private RowPrinter printer;

    @Override
    void run(JazminTable table) {
        printer.print(spec, table, null);
    }
}
