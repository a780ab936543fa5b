package io.jazmin.cli;

import io.jazmin.export.ExportShape;
import io.jazmin.JazminReader;
import io.jazmin.export.ShapeOutput;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code jazmin export FILE --shape S.json [--format json|xml]}: prints a shape's output. */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = "Print the output of an export shape (a JSON template of nested lists, groups and totals) "
                + "over a table of a .jzm file.")
final class ExportCommand extends ShapeCommand {
    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "json",
            description = "output format: json or xml (root element <export>) (default: ${DEFAULT-VALUE})")
    private String format;

    @Mixin
    private WhereOption where;

    @Override
    void run(JazminReader reader, ExportShape shape, String table) {
        ShapeOutput output = ShapeLoader.output(spec, format, out());
        Usage.query(spec, () -> {
            reader.export(shape, table, where.filter(), output);
            return null;
        });
        if (format.equals("json")) {
            out().println(); // the XML output ends its last line itself
        }
    }
}
