package io.jazmin.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * Reads a secret the way every command takes one: from a file (key texts, stripped) or an
 * environment variable, never from the command line. Errors name the file or variable, never the
 * secret.
 */
final class SecretText {
    private SecretText() {
    }

    /** The stripped UTF-8 text of {@code file}. */
    static String fromFile(Path file, CommandSpec spec) {
        try {
            return Files.readString(file).strip();
        } catch (CharacterCodingException e) {
            // Strict UTF-8: the JDK's own message ("Input length = 1") says nothing of the file.
            throw new ParameterException(spec.commandLine(), "the key file " + file + " is not UTF-8 text");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The value of environment variable {@code name}, which must be set and non-empty. */
    static String fromEnv(String name, CommandSpec spec) {
        String value = System.getenv(name);
        if (value == null || value.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "environment variable " + name + " is not set or empty");
        }
        return value;
    }
}
