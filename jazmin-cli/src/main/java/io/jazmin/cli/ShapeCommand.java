package io.jazmin.cli;

import io.jazmin.export.ExportShape;
import io.jazmin.JazminReader;
import java.io.PrintWriter;
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
        try (JazminReader reader = JazminReader.open(file, secrets.readOptions(file))) {
            ShapeLoader.Loaded shape = source.saved != null
                    ? ShapeLoader.saved(spec, reader, source.saved, table, "--saved")
                    : ShapeLoader.file(spec, reader, source.shapeFile, table, "--shape");
            run(reader, shape.shape(), shape.table());
        }
        out().flush();
        return ExitCodes.OK;
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
