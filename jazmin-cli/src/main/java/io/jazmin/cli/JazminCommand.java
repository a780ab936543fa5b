package io.jazmin.cli;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.function.UnaryOperator;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code jazmin} command: inspects, queries and converts JAZMIN files. */
@Command(name = "jazmin",
        mixinStandardHelpOptions = true,
        version = "jazmin 0.1.0 (JAZMIN format 1.0)",
        description = "Inspect, query, convert and change JAZMIN record files.",
        subcommands = {InspectCommand.class, RowsCommand.class, FindCommand.class, QueryCommand.class,
            CountCommand.class, ExplainCommand.class, AdviseCommand.class, ConvertCommand.class, KeygenCommand.class,
            AppendCommand.class, UpsertCommand.class, UpdateCommand.class, DeleteCommand.class, CompactCommand.class,
            StorageCommand.class, RotateKeyCommand.class, UnlockTokenCommand.class, FilesCommand.class,
            CatFileCommand.class, AddFileCommand.class, RemoveFileCommand.class, ExportCommand.class,
            ShapesCommand.class, ShapeSchemaCommand.class, GrantCommand.class, RevokeCommand.class,
            RotateOwnerKeyCommand.class, WriteChangesCommand.class, ApplyChangesCommand.class, ViewCommand.class})
public final class JazminCommand implements Runnable {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    private final Environment environment;

    private JazminCommand(UnaryOperator<String> variables) {
        this.environment = new Environment(variables);
    }

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
        return commandLine(out, err, System::getenv);
    }

    /**
     * {@link #commandLine(PrintWriter, PrintWriter)} seeing the environment variables
     * {@code variables} gives ({@code null}: unset) instead of the process's: for tests.
     */
    static CommandLine commandLine(PrintWriter out, PrintWriter err, UnaryOperator<String> variables) {
        Failures failures = new Failures();
        CommandLine line = new CommandLine(new JazminCommand(variables))
                .setOut(out)
                .setErr(err)
                .setParameterExceptionHandler(failures)
                .setExecutionExceptionHandler(failures);
        CommandHelp.complete(line);
        return line;
    }

    Environment environment() {
        return environment;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "missing command (" + CommandHelp.commandList(spec) + ")");
    }
}
