package io.jazmin.cli;

import io.jazmin.JazminException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * Turns every failure into one {@code jazmin: <message>} line on stderr and an exit code: usage
 * errors 2; unreadable, damaged or invalid input 3; anything unexpected 1. No stack traces.
 */
final class Failures implements IParameterExceptionHandler, IExecutionExceptionHandler {

    @Override
    public int handleParseException(ParameterException e, String[] args) {
        return report(e.getCommandLine(), e.getMessage(), ExitCodes.USAGE);
    }

    @Override
    public int handleExecutionException(Exception e, CommandLine command, ParseResult parsed) {
        if (e instanceof ParameterException p) {
            return report(command, p.getMessage(), ExitCodes.USAGE);
        }
        if (e instanceof JazminException) {
            return report(command, e.getMessage(), ExitCodes.UNREADABLE);
        }
        if (e instanceof UncheckedIOException u) {
            return report(command, describe(u.getCause()), ExitCodes.UNREADABLE);
        }
        if (e instanceof IOException io) {
            return report(command, describe(io), ExitCodes.UNREADABLE);
        }
        return report(command, "internal error: " + e, ExitCodes.INTERNAL);
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

    private static int report(CommandLine command, String message, int code) {
        String oneLine = message == null ? "failed" : message.replaceAll("\\s*[\\r\\n]+\\s*", " ").trim();
        command.getErr().println("jazmin: " + oneLine);
        command.getErr().flush();
        return code;
    }
}
