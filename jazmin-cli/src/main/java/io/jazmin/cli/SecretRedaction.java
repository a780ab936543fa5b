package io.jazmin.cli;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Hides secrets typed on the command line from error messages. Secrets belong in files or
 * environment variables, but a user who puts one in an argument by mistake must not see it
 * echoed to the terminal, a log or a CI transcript. Hidden are: key texts ({@code jzk1-},
 * {@code jza1-}, {@code jzu1-} and what follows in the key alphabet) anywhere in the message, the
 * inline value of any {@code --password…} or {@code --key…} option (and their {@code --new-…}
 * forms), and the argument
 * after such an option when the command does not know it (so it cannot have taken it as its own).
 */
final class SecretRedaction {
    private static final Pattern KEY_TEXT = Pattern.compile("(jz[kau]1-)[A-Za-z0-9_-]*");
    private static final String HIDDEN = "[redacted]";

    private SecretRedaction() {
    }

    /** {@code message} with the secrets of {@code args} (given to {@code command}) hidden. */
    static String redact(String message, List<String> args, CommandSpec command) {
        String redacted = message;
        for (String secret : secrets(args, command)) {
            redacted = redacted.replace(secret, HIDDEN);
        }
        return KEY_TEXT.matcher(redacted).replaceAll("$1" + HIDDEN);
    }

    /** The secret texts among the arguments, longest first so that none is left half hidden. */
    private static List<String> secrets(List<String> args, CommandSpec command) {
        List<String> secrets = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            String lower = arg.toLowerCase(Locale.ROOT);
            String option = lower.startsWith("--new-") ? "--" + lower.substring(6) : lower;
            if (!option.startsWith("--password") && !option.startsWith("--key")) {
                continue;
            }
            int equals = arg.indexOf('=');
            if (equals >= 0) {
                secrets.add(arg.substring(equals + 1));
            } else if (i + 1 < args.size() && (command == null || command.findOption(arg) == null)) {
                secrets.add(args.get(i + 1));
            }
        }
        secrets.removeIf(String::isEmpty);
        secrets.sort(Comparator.comparingInt(String::length).reversed());
        return secrets;
    }
}
