package io.jazmin.cli;

import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import picocli.CommandLine.Option;

/**
 * Base of the commands that read one table of a .jzm file ({@code FILE [--table T]}): hands the
 * table to {@link #run(JazminTable)} while its file is open.
 */
abstract class TableCommand extends FileCommand {
    @Option(names = "--table", paramLabel = "T", description = "the table to read (default: the first)")
    String table;

    @Override
    void run(JazminReader reader) {
        run(Usage.table(spec, reader, table));
    }

    /** Does the command's work on the table while its file is open. */
    abstract void run(JazminTable table);
}
