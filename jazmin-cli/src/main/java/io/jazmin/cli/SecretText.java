package io.jazmin.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * Reads a secret from an environment variable, the way every command takes one that is not in a
 * file ({@link Usage#readText} reads those); never from the command line. Errors name the
 * variable, never the secret.
 */
final class SecretText {
    private SecretText() {
    }

    /** The value of environment variable {@code name}, which must be set and non-empty. */
    static String fromEnv(String name, CommandSpec spec) {
        String value = Environment.of(spec).get(name);
        if (value == null) {
            throw new ParameterException(spec.commandLine(), "environment variable " + name + " is not set or empty");
        }
        return value;
    }
}
