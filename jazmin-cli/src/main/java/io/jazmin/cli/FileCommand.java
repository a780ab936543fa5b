package io.jazmin.cli;

import io.jazmin.JazminReader;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * Base of the commands that read a .jzm file ({@code FILE} and its secret): opens the file, hands
 * the reader to {@link #run(JazminReader)} and closes the file again.
 */
abstract class FileCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the .jzm file")
    Path file;

    @Mixin
    FileOptions secrets;

    @Override
    public final Integer call() {
        try (JazminReader reader = JazminReader.open(file, secrets.readOptions(file))) {
            run(reader);
        }
        out().flush();
        return ExitCodes.OK;
    }

    /** Does the command's work while the file is open. */
    abstract void run(JazminReader reader);

    /** Standard output. */
    final PrintWriter out() {
        return spec.commandLine().getOut();
    }
}
