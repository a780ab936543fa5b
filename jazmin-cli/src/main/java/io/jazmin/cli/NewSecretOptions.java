package io.jazmin.cli;

import io.jazmin.options.WriteOptions;
import io.jazmin.key.JazminKey;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The new secret of {@code jazmin rotate-key} (or the new owner key of {@code rotate-owner-key}): a
 * key text from a file or an environment variable, or a password from an environment variable with
 * its PBKDF2 iterations, like the options that give the current one ({@link FileOptions}).
 */
final class NewSecretOptions {
    @Spec(Spec.Target.MIXEE)
    private CommandSpec spec;

    @Option(names = "--new-key-file", paramLabel = "FILE", description = "the new key text (jzk1-...) is in FILE")
    private Path keyFile;

    @Option(names = "--new-key-env", paramLabel = "VAR",
            description = "the new key text (jzk1-...) is in environment variable VAR")
    private String keyEnv;

    @Option(names = "--new-password-env", paramLabel = "VAR",
            description = "the new password is in environment variable VAR")
    private String passwordEnv;

    @Option(names = "--kdf-iterations", paramLabel = "N",
            description = "PBKDF2 iterations for a new password (1000-10000000; default 600000)")
    private Integer kdfIterations;

    /** The write options carrying the new key, or the new password with its iterations. */
    WriteOptions writeOptions() {
        int given = (keyFile != null ? 1 : 0) + (keyEnv != null ? 1 : 0) + (passwordEnv != null ? 1 : 0);
        if (given != 1) {
            throw usage("give exactly one of --new-key-file, --new-key-env and --new-password-env");
        }
        if (kdfIterations != null && passwordEnv == null) {
            throw usage("--kdf-iterations applies to a new password only");
        }
        WriteOptions options = WriteOptions.defaults();
        if (passwordEnv != null) {
            options = options.withPassword(SecretText.fromEnv(passwordEnv, spec));
            return kdfIterations == null ? options : options.withKdfIterations(kdfIterations);
        }
        String text = keyFile != null ? Usage.readText(spec, keyFile) : SecretText.fromEnv(keyEnv, spec).strip();
        return options.withKey(JazminKey.parse(text));
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
