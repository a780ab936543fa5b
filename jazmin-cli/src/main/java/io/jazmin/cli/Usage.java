package io.jazmin.cli;

import io.jazmin.schema.Column;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.error.JazminValidationException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * Checks of option values that need the file's contents (table and column names) or a file's text;
 * failures are usage errors.
 */
final class Usage {
    private Usage() {
    }

    static ParameterException error(CommandSpec spec, String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    /**
     * The UTF-8 text of a file given by an option (a key file, access settings), stripped of
     * surrounding white space. Text that is not UTF-8 is a usage error naming the file; the text,
     * which may be a secret, is never shown.
     */
    static String readText(CommandSpec spec, Path file) {
        try {
            return Files.readString(file).strip();
        } catch (CharacterCodingException e) {
            // Strict UTF-8: the JDK's own message ("Input length = 1") says nothing of the file.
            throw error(spec, "the file " + file + " is not UTF-8 text");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The table named by {@code --table}, or the first table when none is named. */
    static JazminTable table(CommandSpec spec, JazminReader reader, String name) {
        if (name == null) {
            return reader.table();
        }
        if (!reader.tableNames().contains(name)) {
            throw error(spec, "no table named '" + name + "' (tables: " + reader.tableNames() + ")");
        }
        return reader.table(name);
    }

    /** Fails unless every name is one of {@code columns}. */
    static void requireColumns(CommandSpec spec, String option, List<String> names, List<Column> columns) {
        List<String> known = columns.stream().map(Column::name).toList();
        for (String name : names) {
            if (!known.contains(name)) {
                throw error(spec, option + ": no column named '" + name + "' (columns: " + known + ")");
            }
        }
    }

    /**
     * Runs a query step that binds the {@code --where} filter to the table: its validation errors
     * (an unknown column, an operator the column's type lacks, an operand of the wrong type) are usage errors.
     */
    static <T> T query(CommandSpec spec, Supplier<T> step) {
        try {
            return step.get();
        } catch (JazminValidationException e) {
            throw error(spec, "--where: " + e.getMessage());
        }
    }
}
