package io.jazmin.cli;

import io.jazmin.error.InputLimitException;
import io.jazmin.error.JazminException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * Turns every failure into one {@code jazmin: <message>} line on stderr and an exit code: usage
 * errors 2; unreadable, damaged or invalid input 3; anything unexpected 1. No stack traces, and no
 * secret given on the command line ({@link SecretRedaction}) or in {@code JAZMIN_KEY},
 * {@code JAZMIN_PASSWORD} or {@code JAZMIN_UNLOCK_TOKEN}.
 */
final class Failures implements IParameterExceptionHandler, IExecutionExceptionHandler {

    @Override
    public int handleParseException(ParameterException e, String[] args) {
        return report(e.getCommandLine(), List.of(args), e.getMessage(), ExitCodes.USAGE);
    }

    @Override
    public int handleExecutionException(Exception e, CommandLine command, ParseResult parsed) {
        List<String> args = parsed == null ? List.of() : parsed.originalArgs();
        if (e instanceof ParameterException p) {
            return report(command, args, p.getMessage(), ExitCodes.USAGE);
        }
        if (e instanceof InputLimitException limit) {
            return report(command, args, TextInputOptions.describe(limit), ExitCodes.UNREADABLE);
        }
        if (e instanceof JazminException) {
            return report(command, args, e.getMessage(), ExitCodes.UNREADABLE);
        }
        if (e instanceof UncheckedIOException u) {
            return report(command, args, describe(u.getCause()), ExitCodes.UNREADABLE);
        }
        if (e instanceof IOException io) {
            return report(command, args, describe(io), ExitCodes.UNREADABLE);
        }
        return report(command, args, "internal error: " + e, ExitCodes.INTERNAL);
    }

    /** IOException messages are often just a path; say what happened to it. */
    static String describe(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file: " + e.getMessage();
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied: " + e.getMessage();
        }
        if (e instanceof FileAlreadyExistsException) {
            return "file exists: " + e.getMessage();
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    /** The one place every failure is printed: secrets among the arguments never reach stderr. */
    private static int report(CommandLine command, List<String> args, String message, int code) {
        String oneLine = message == null ? "failed" : message.replaceAll("\\s*[\\r\\n]+\\s*", " ").trim();
        oneLine = SecretRedaction.redact(oneLine, args, command.getCommandSpec());
        Environment environment = Environment.of(command.getCommandSpec());
        for (String variable : Environment.SECRETS) {
            String secret = environment.get(variable);
            if (secret != null && !secret.isBlank()) {
                oneLine = oneLine.replace(secret.strip(), "[redacted]");
            }
        }
        command.getErr().println("jazmin: " + oneLine);
        command.getErr().flush();
        return code;
    }
}
