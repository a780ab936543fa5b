package io.jazmin.cli;

import io.jazmin.key.JazminKey;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code jazmin keygen}: prints a new random {@code jzk1-} key text for encrypting files. */
@Command(name = "keygen",
        description = {"Print a new random 256-bit key (jzk1-...) on standard output.",
            "Store it in a secret manager or a file only you can read; anyone with it can read the files it encrypts."})
final class KeygenCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getOut().println(JazminKey.generate().text());
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
