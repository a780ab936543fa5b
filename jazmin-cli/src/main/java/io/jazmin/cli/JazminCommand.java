package io.jazmin.cli;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code jazmin} command: inspects, queries and converts JAZMIN files. */
@Command(name = "jazmin",
        mixinStandardHelpOptions = true,
        version = "jazmin 0.1.0 (JAZMIN format 1.0)",
        description = "Inspect, query, convert and change JAZMIN record files.",
        subcommands = {InspectCommand.class, RowsCommand.class, FindCommand.class, CountCommand.class,
            ExplainCommand.class, ConvertCommand.class, KeygenCommand.class, AppendCommand.class,
            DeleteCommand.class, CompactCommand.class, StorageCommand.class, RotateKeyCommand.class,
            UnlockTokenCommand.class, FilesCommand.class, CatFileCommand.class, AddFileCommand.class,
            RemoveFileCommand.class, ExportCommand.class, ShapeSchemaCommand.class, GrantCommand.class,
            RevokeCommand.class, RotateOwnerKeyCommand.class, WriteChangesCommand.class, ApplyChangesCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:success",
            "2:usage error: unknown option, bad option value or filter, unknown table or column",
            "3:unreadable input: missing, damaged or unsupported .jzm file, malformed JSON/CSV/XML or"
                    + " schema file, or input rows that do not fit the columns"})
public final class JazminCommand implements Runnable {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    /** Runs the command and exits with its exit code. */
    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        int code = commandLine(out, err).execute(args);
        out.flush();
        System.exit(code);
    }

    /**
     * A command line writing to {@code out} and {@code err}, with failures reported as one
     * {@code jazmin: <message>} line and mapped to the exit codes listed in the help.
     */
    public static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        Failures failures = new Failures();
        return new CommandLine(new JazminCommand())
                .setOut(out)
                .setErr(err)
                .setParameterExceptionHandler(failures)
                .setExecutionExceptionHandler(failures);
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "missing command (inspect, rows, find, count, explain, convert, append, delete, compact, storage, "
                        + "rotate-key, unlock-token, files, cat-file, add-file, remove-file, export, shape-schema, grant, "
                        + "revoke, rotate-owner-key, write-changes or apply-changes)");
    }
}
