package io.jazmin.cli;

import io.jazmin.options.Priority;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.JazminFile;
import io.jazmin.error.JazminException;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import java.io.UncheckedIOException;
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
 * never from the command line itself, where other users and shell history could see them. Without
 * a key or password option, the reference's variables {@code JAZMIN_KEY} and {@code JAZMIN_PASSWORD}
 * give one (an option always wins over them), and without {@code --unlock-token-file},
 * {@code JAZMIN_UNLOCK_TOKEN} the unlock token.
 */
final class FileOptions {
    @Spec(Spec.Target.MIXEE)
    private CommandSpec spec;

    @Option(names = "--key-file", paramLabel = "FILE",
            description = "encrypted file: read the key text (jzk1-...) from FILE (without a key or password option: "
                    + "from JAZMIN_KEY)")
    private Path keyFile;

    @Option(names = "--key-env", paramLabel = "VAR",
            description = "encrypted file: read the key text (jzk1-...) from environment variable VAR")
    private String keyEnv;

    @Option(names = "--password-env", paramLabel = "VAR",
            description = "password-protected file: read the password from environment variable VAR")
    private String passwordEnv;

    @Option(names = "--password-file", paramLabel = "FILE",
            description = "password-protected file: read the password from FILE (its first line; without a key or "
                    + "password option: from JAZMIN_PASSWORD)")
    private Path passwordFile;

    @Option(names = "--unlock-token-file", paramLabel = "FILE",
            description = "shared file, online grant: read the key service's unlock token (jzu1-...) from FILE "
                    + "(default: JAZMIN_UNLOCK_TOKEN)")
    private Path unlockTokenFile;

    @Option(names = "--priority", paramLabel = "PRIORITY", defaultValue = "balanced",
            description = "memory, balanced or speed: how many chunks are decoded ahead and encoded at once "
                    + "on worker threads (default: ${DEFAULT-VALUE})")
    private String priority;

    /** Whether a key or password option was given (the variables are ambient, so they do not count). */
    boolean given() {
        return optionGiven();
    }

    /** Whether a key or password was given, by an option or in {@code JAZMIN_KEY} or {@code JAZMIN_PASSWORD}. */
    boolean secretGiven() {
        return optionGiven() || environment().get(Environment.KEY) != null
                || environment().get(Environment.PASSWORD) != null;
    }

    /** Whether a key or password option was given: then the variables are not read. */
    private boolean optionGiven() {
        return keyFile != null || keyEnv != null || passwordEnv != null || passwordFile != null;
    }

    /**
     * The options to open {@code file} with the given secret (none: a plain file). A secret from
     * {@code JAZMIN_KEY} or {@code JAZMIN_PASSWORD} is not used for a plain file, which a set
     * variable must not make unreadable.
     *
     * @param file the existing file to open, or {@code null} when the secret is not for a file (an owner key)
     */
    ReadOptions readOptions(Path file) {
        ReadOptions options = ReadOptions.defaults().withPriority(priority());
        if (environmentIgnoredFor(file)) {
            return options;
        }
        String key = keyText();
        if (unlockTokenFile != null) {
            if (key == null || !key.startsWith(AccessKeyText.PREFIX)) {
                throw usage("--unlock-token-file goes with an access key (jza1-...) in --key-file or --key-env");
            }
            options = options.withUnlockToken(UnlockToken.parse(Usage.readText(spec, unlockTokenFile)));
        } else if (key != null && key.startsWith(AccessKeyText.PREFIX)
                && environment().get(Environment.UNLOCK_TOKEN) != null) {
            // Only an access key opens with an unlock token; any other secret ignores the variable.
            options = options.withUnlockToken(UnlockToken.parse(environment().get(Environment.UNLOCK_TOKEN).strip()));
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
     *
     * @param file the existing file changed (a secret from the variables is not used when it is
     *             plain), or {@code null} for a new file (which the variables' secret encrypts)
     */
    WriteOptions applyTo(WriteOptions base, Path file) {
        WriteOptions options = base.withPriority(priority());
        if (environmentIgnoredFor(file)) {
            return options;
        }
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

    /** Whether the secret would come from the variables and {@code file} is a plain file. */
    private boolean environmentIgnoredFor(Path file) {
        if (file == null || optionGiven() || !Files.isRegularFile(file)) {
            return false;
        }
        try {
            return !JazminFile.facts(file).encrypted();
        } catch (JazminException | UncheckedIOException e) {
            return false; // opening the file reports what is wrong with it
        }
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
        if (passwordEnv != null && passwordFile != null) {
            throw usage("give --password-file or --password-env, not both");
        }
        if ((keyFile != null || keyEnv != null) && (passwordEnv != null || passwordFile != null)) {
            throw usage("give a key or a password, not both");
        }
        if (keyFile != null) {
            return Usage.readText(spec, keyFile);
        }
        if (keyEnv != null) {
            return SecretText.fromEnv(keyEnv, spec).strip();
        }
        if (optionGiven()) {
            return null;
        }
        String fromEnvironment = environment().get(Environment.KEY);
        if (fromEnvironment != null && environment().get(Environment.PASSWORD) != null) {
            throw usage("both " + Environment.KEY + " and " + Environment.PASSWORD + " are set: unset one, or give "
                    + "--key-file, --key-env, --password-file or --password-env");
        }
        return fromEnvironment == null ? null : fromEnvironment.strip();
    }

    private String password() {
        if (passwordEnv != null) {
            return SecretText.fromEnv(passwordEnv, spec);
        }
        if (passwordFile != null) {
            return firstLine(Usage.readText(spec, passwordFile));
        }
        return optionGiven() ? null : environment().get(Environment.PASSWORD);
    }

    /** A password file's first line: an editor's line end is not part of the password. */
    private static String firstLine(String text) {
        int end = text.indexOf('\n');
        return (end < 0 ? text : text.substring(0, end)).stripTrailing();
    }

    private Environment environment() {
        return Environment.of(spec);
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
