package io.jazmin.cli;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.schema.FileFacts;
import io.jazmin.viewer.InspectReport;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code jazmin inspect FILE}: prints what a file holds, as JSON. */
@Command(name = "inspect", mixinStandardHelpOptions = true,
        description = {"Print a JSON description of a .jzm file: format version, flags, how it is encrypted, dates, "
                + "features, metadata, embedded-file count, saved shapes, tables with row counts, sort order, indexes "
                + "and columns; for a shared file, its partitions, column groups and grants to the owner key, and "
                + "the key's own view to an access key.",
            "Without its key or password (no option, no JAZMIN_KEY or JAZMIN_PASSWORD), an encrypted file shows what "
                + "it shows to anyone: format version, flags, how it is encrypted (key, password or shared) and "
                + "its size; the exit code is then 0."})
final class InspectCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the .jzm file")
    private Path file;

    @Option(names = "--table", paramLabel = "T", description = "describe only this table")
    private String table;

    @Mixin
    private FileOptions secrets;

    @Override
    public Integer call() {
        FileFacts facts = JazminFile.facts(file);
        if (facts.encrypted() && !secrets.secretGiven()) {
            // What the file shows without its secret, as the reference prints it: not an error.
            spec.commandLine().getOut().println(new InspectReport().describeKeyless(file, facts));
        } else {
            try (JazminReader reader = JazminReader.open(file, secrets.readOptions(file))) {
                var tables = table == null ? reader.tables() : List.of(Usage.table(spec, reader, table));
                var grants = reader.accessControlled() && reader.ownerKey()
                        ? JazminFile.listGrants(file, secrets.readOptions(file).key()) : null;
                spec.commandLine().getOut().println(new InspectReport().describe(reader, facts, tables, grants));
            }
        }
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
