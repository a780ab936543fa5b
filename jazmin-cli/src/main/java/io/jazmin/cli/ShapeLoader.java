package io.jazmin.cli;

import io.jazmin.JazminReader;
import io.jazmin.convert.JsonShapeOutput;
import io.jazmin.convert.XmlShapeOutput;
import io.jazmin.error.JazminValidationException;
import io.jazmin.export.ExportShape;
import io.jazmin.export.SavedShape;
import io.jazmin.export.ShapeOutput;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Reads the export shape a command names (a JSON file, or a shape saved in the .jzm file) and
 * checks it against its table: a shape that does not fit is a usage error of the option naming it.
 */
final class ShapeLoader {
    private ShapeLoader() {
    }

    /**
     * A checked shape and the table it reads.
     *
     * @param shape the shape
     * @param table the table it reads, or {@code null} for the first
     */
    record Loaded(ExportShape shape, String table) {
    }

    /** The shape saved in the file as {@code name}; {@code table} ({@code null}: the shape's own) overrides its table. */
    static Loaded saved(CommandSpec spec, JazminReader reader, String name, String table, String option) {
        SavedShape saved = usage(spec, () -> reader.shape(name), option);
        return checked(spec, reader, saved.shape(), table != null ? table : saved.table(), option);
    }

    /** The shape in the JSON file {@code file}, on {@code table} ({@code null}: the first). */
    static Loaded file(CommandSpec spec, JazminReader reader, Path file, String table, String option) {
        ExportShape shape = usage(spec, () -> ExportShape.parse(read(file)), option);
        return checked(spec, reader, shape, table, option);
    }

    /** Parses the shape in {@code file}; a malformed shape is a usage error of {@code option}. */
    static ExportShape parse(CommandSpec spec, Path file, String option) {
        return usage(spec, () -> ExportShape.parse(read(file)), option);
    }

    /** The output of format {@code format} (json or xml) on {@code out}. */
    static ShapeOutput output(CommandSpec spec, String format, PrintWriter out) {
        return switch (format) {
            case "json" -> new JsonShapeOutput(out);
            case "xml" -> new XmlShapeOutput(out);
            default -> throw Usage.error(spec, "--format: shapes export json or xml, not '" + format + "'");
        };
    }

    private static Loaded checked(CommandSpec spec, JazminReader reader, ExportShape shape, String table,
                                  String option) {
        if (table != null) {
            Usage.table(spec, reader, table);
        }
        usage(spec, () -> {
            reader.validateShape(shape, table);
            return null;
        }, option);
        return new Loaded(shape, table);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs {@code step}; a refused shape becomes a usage error of {@code option}. */
    private static <T> T usage(CommandSpec spec, Supplier<T> step, String option) {
        try {
            return step.get();
        } catch (JazminValidationException e) { // a ShapeException, or no saved shape or table of that name
            throw Usage.error(spec, option + ": " + e.getMessage());
        }
    }
}
