package io.jazmin.cli;

import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * Base of the commands that read one table of a .jzm file ({@code FILE [--table T]}): opens the
 * file, hands the table to {@link #run(JazminTable)} and closes the file again.
 */
abstract class TableCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the .jzm file")
    private Path file;

    @Option(names = "--table", paramLabel = "T", description = "the table to read (default: the first)")
    private String table;

    @Mixin
    private FileOptions secrets;

    @Override
    public final Integer call() {
        try (JazminReader reader = JazminReader.open(file, secrets.readOptions(file))) {
            run(Usage.table(spec, reader, table));
        }
        out().flush();
        return ExitCodes.OK;
    }

    /** Does the command's work on the table while its file is open. */
    abstract void run(JazminTable table);

    /** Standard output. */
    final PrintWriter out() {
        return spec.commandLine().getOut();
    }
}
