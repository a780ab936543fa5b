package io.jazmin.cli;

import io.jazmin.testing.KillRounds;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Child process of {@link KilledCliWritesTest}: runs one {@code jazmin} command on a file (after
 * warming up on copies, see {@link KillRounds#serve}) and waits to be killed. Arguments: the file,
 * then the command, where {@code {file}} stands for the file.
 */
public final class CliKillChild {
    private CliKillChild() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        String[] command = Arrays.copyOfRange(args, 1, args.length);
        KillRounds.serve(file, target -> run(command, target));
    }

    /** Runs {@code command} on {@code target} in this JVM; a failure is an exception naming what it printed. */
    static void run(String[] command, Path target) {
        String[] args = Arrays.stream(command).map(a -> a.equals("{file}") ? target.toString() : a)
                .toArray(String[]::new);
        StringWriter err = new StringWriter();
        int code = JazminCommand.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(err)).execute(args);
        if (code != 0) {
            throw new IllegalStateException("jazmin " + String.join(" ", args) + " exited " + code + ": " + err);
        }
    }
}
