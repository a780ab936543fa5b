package io.jazmin.cli;

import io.jazmin.export.ExportShape;
import io.jazmin.JazminReader;
import io.jazmin.error.JazminValidationException;
import io.jazmin.export.SavedShape;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * Base of the commands that run an export shape on a .jzm file ({@code FILE --shape S.json} or
 * {@code --saved NAME} [{@code --table T}]): opens the file, reads the shape, and hands both to
 * {@link #run}. A shape that does not fit the table is a usage error naming its place in the shape.
 */
abstract class ShapeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the .jzm file")
    private Path file;

    @ArgGroup(multiplicity = "1")
    private Source source;

    @Option(names = "--table", paramLabel = "T",
            description = "the table the shape reads (default: the first; a saved shape: its own)")
    private String table;

    @Mixin
    private FileOptions secrets;

    /** Where the shape comes from: a JSON file, or the shapes saved in the .jzm file. */
    static final class Source {
        @Option(names = "--shape", paramLabel = "S.json", required = true,
                description = "the export shape, a JSON template (see the README)")
        Path shapeFile;

        @Option(names = "--saved", paramLabel = "NAME", required = true,
                description = "a shape saved in the file, by name")
        String saved;
    }

    @Override
    public final Integer call() {
        try (JazminReader reader = JazminReader.open(file, secrets.readOptions())) {
            ExportShape shape;
            String shapeTable = table;
            if (source.saved != null) {
                SavedShape saved = usage(() -> reader.shape(source.saved), "--saved");
                shape = saved.shape();
                shapeTable = table != null ? table : saved.table();
            } else {
                shape = usage(() -> ExportShape.parse(readShape()), "--shape");
            }
            if (shapeTable != null) {
                Usage.table(spec, reader, shapeTable);
            }
            ExportShape checked = shape;
            String on = shapeTable;
            usage(() -> {
                reader.validateShape(checked, on);
                return null;
            }, source.saved != null ? "--saved" : "--shape");
            run(reader, shape, shapeTable);
        }
        out().flush();
        return ExitCodes.OK;
    }

    private String readShape() {
        try {
            return Files.readString(source.shapeFile);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs {@code step}; a refused shape becomes a usage error of {@code option}. */
    private <T> T usage(java.util.function.Supplier<T> step, String option) {
        try {
            return step.get();
        } catch (JazminValidationException e) { // a ShapeException, or no saved shape or table of that name
            throw Usage.error(spec, option + ": " + e.getMessage());
        }
    }

    /**
     * Does the command's work with the checked shape.
     *
     * @param table the table it reads, or {@code null} for the first
     */
    abstract void run(JazminReader reader, ExportShape shape, String table);

    /** Standard output. */
    final PrintWriter out() {
        return spec.commandLine().getOut();
    }
}
