package io.jazmin.cli;

import java.util.List;
import java.util.Objects;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The environment variables a run of {@code jazmin} sees: the process's, or those a test gives
 * {@link JazminCommand#commandLine(java.io.PrintWriter, java.io.PrintWriter, UnaryOperator)}
 * (a JVM cannot change its own environment). Every command reads variables through here.
 */
final class Environment {
    /** The key text (jzk1-... or jza1-...) used when no key or password option is given. */
    static final String KEY = "JAZMIN_KEY";
    /** The password used when no key or password option is given. */
    static final String PASSWORD = "JAZMIN_PASSWORD";
    /** The unlock token (jzu1-...) used when no {@code --unlock-token-file} is given. */
    static final String UNLOCK_TOKEN = "JAZMIN_UNLOCK_TOKEN";
    /** The variables holding secrets: their values are hidden from every message. */
    static final List<String> SECRETS = List.of(KEY, PASSWORD, UNLOCK_TOKEN);

    private final UnaryOperator<String> variables;

    Environment(UnaryOperator<String> variables) {
        this.variables = Objects.requireNonNull(variables, "variables");
    }

    /** The value of variable {@code name}, or {@code null} when it is unset or empty. */
    String get(String name) {
        String value = variables.apply(name);
        return value == null || value.isEmpty() ? null : value;
    }

    /** The environment of the {@code jazmin} run that {@code spec} belongs to. */
    static Environment of(CommandSpec spec) {
        return ((JazminCommand) spec.root().userObject()).environment();
    }
}
