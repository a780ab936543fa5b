package io.jazmin.cli;

import io.jazmin.key.JazminKey;
import io.jazmin.key.AccessKeyText;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code jazmin keygen}: prints a new random {@code jzk1-} key text for encrypting files, or with
 * {@code --access --owner-key-file F} a new {@code jza1-} access key of that owner for shared files.
 */
@Command(name = "keygen", mixinStandardHelpOptions = true,
        description = {"Print a new random 256-bit key (jzk1-...) on standard output.",
            "With --access --owner-key-file F: a new access key (jza1-...) issued by the owner key in F, to grant "
                    + "in a shared file (convert --access-file).",
            "Store it in a secret manager or a file only you can read; anyone with it can read the files it encrypts."})
final class KeygenCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--access", description = "print a new access key (jza1-...) instead of a key")
    private boolean access;

    @Option(names = "--owner-key-file", paramLabel = "FILE",
            description = "with --access: the owner key text (jzk1-...) that issues the access key (default: "
                    + "JAZMIN_KEY)")
    private Path ownerKeyFile;

    @Override
    public Integer call() {
        if (ownerKeyFile != null && !access) {
            throw Usage.error(spec, "--owner-key-file goes with --access");
        }
        String text = access ? AccessKeyText.generate(JazminKey.parse(ownerKeyText())).text()
                : JazminKey.generate().text();
        spec.commandLine().getOut().println(text);
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }

    /** The owner key text: from --owner-key-file, else JAZMIN_KEY (as the reference reads it). */
    private String ownerKeyText() {
        if (ownerKeyFile != null) {
            return Usage.readText(spec, ownerKeyFile);
        }
        String fromEnvironment = Environment.of(spec).get(Environment.KEY);
        if (fromEnvironment == null) {
            throw Usage.error(spec, "--access needs the owner key: --owner-key-file FILE, or set " + Environment.KEY);
        }
        return fromEnvironment.strip();
    }
}
