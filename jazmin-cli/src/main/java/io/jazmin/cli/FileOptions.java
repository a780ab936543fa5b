package io.jazmin.cli;

import io.jazmin.options.Priority;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import io.jazmin.key.UnlockToken;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * How a command opens or writes a file: the secret of an encrypted file and the priority, mixed
 * into the commands that read or write one. Secrets come from a file or an environment variable,
 * never from the command line itself, where other users and shell history could see them.
 */
final class FileOptions {
    @Spec(Spec.Target.MIXEE)
    private CommandSpec spec;

    @Option(names = "--key-file", paramLabel = "FILE",
            description = "encrypted file: read the key text (jzk1-...) from FILE")
    private Path keyFile;

    @Option(names = "--key-env", paramLabel = "VAR",
            description = "encrypted file: read the key text (jzk1-...) from environment variable VAR")
    private String keyEnv;

    @Option(names = "--password-env", paramLabel = "VAR",
            description = "password-protected file: read the password from environment variable VAR")
    private String passwordEnv;

    @Option(names = "--unlock-token-file", paramLabel = "FILE",
            description = "shared file, online grant: read the key service's unlock token (jzu1-...) from FILE")
    private Path unlockTokenFile;

    @Option(names = "--priority", paramLabel = "PRIORITY", defaultValue = "balanced",
            description = "memory, balanced or speed: how many chunks are decoded ahead and encoded at once "
                    + "on worker threads (default: ${DEFAULT-VALUE})")
    private String priority;

    /** Whether a key or password was given. */
    boolean given() {
        return keyFile != null || keyEnv != null || passwordEnv != null;
    }

    /** The options to open a file with the given secret (none: a plain file). */
    ReadOptions readOptions() {
        ReadOptions options = ReadOptions.defaults().withPriority(priority());
        String key = keyText();
        if (unlockTokenFile != null) {
            if (key == null || !key.startsWith(AccessKeyText.PREFIX)) {
                throw usage("--unlock-token-file goes with an access key (jza1-...) in --key-file or --key-env");
            }
            options = options.withUnlockToken(UnlockToken.parse(Usage.readText(spec, unlockTokenFile)));
        }
        if (key != null) {
            return key.startsWith(AccessKeyText.PREFIX)
                    ? options.withAccessKey(AccessKeyText.parse(key))
                    : options.withKey(JazminKey.parse(key));
        }
        String password = password();
        return password == null ? options : options.withPassword(password);
    }

    /**
     * {@code base} with the given priority and key or password (to encrypt a new file, or change
     * one). An access key is refused: it reads its grant of a shared file and can neither change
     * that file nor encrypt another (what its holder may send the owner is a change file).
     */
    WriteOptions applyTo(WriteOptions base) {
        WriteOptions options = base.withPriority(priority());
        String key = keyText();
        if (key != null && key.startsWith(AccessKeyText.PREFIX)) {
            throw usage("an access key (jza1-...) only reads its grant of a shared file: it cannot change the file "
                    + "nor encrypt a new one. Its holder sends changes with 'jazmin write-changes', which the owner "
                    + "applies with 'jazmin apply-changes'; append, delete, compact, add-file and remove-file need "
                    + "the owner key (jzk1-...)");
        }
        if (key != null) {
            return options.withKey(JazminKey.parse(key));
        }
        String password = password();
        return password == null ? options : options.withPassword(password);
    }

    private Priority priority() {
        try {
            return Priority.valueOf(priority.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw usage("--priority must be memory, balanced or speed, not '" + priority + "'");
        }
    }

    private String keyText() {
        if (keyFile != null && keyEnv != null) {
            throw usage("give --key-file or --key-env, not both");
        }
        if ((keyFile != null || keyEnv != null) && passwordEnv != null) {
            throw usage("give a key or a password, not both");
        }
        if (keyFile != null) {
            return Usage.readText(spec, keyFile);
        }
        return keyEnv == null ? null : SecretText.fromEnv(keyEnv, spec).strip();
    }

    private String password() {
        return passwordEnv == null ? null : SecretText.fromEnv(passwordEnv, spec);
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
