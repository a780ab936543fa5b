package io.jazmin.cli;

import io.jazmin.export.ExportShape;
import io.jazmin.JazminReader;
import io.jazmin.convert.JsonShapeOutput;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code jazmin export FILE --shape S.json [--format json]}: prints a shape's output. */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = "Print the output of an export shape (a JSON template of nested lists, groups and totals) "
                + "over a table of a .jzm file.")
final class ExportCommand extends ShapeCommand {
    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "json",
            description = "output format: json (default: ${DEFAULT-VALUE})")
    private String format;

    @Mixin
    private WhereOption where;

    @Override
    void run(JazminReader reader, ExportShape shape, String table) {
        if (!format.equals("json")) {
            throw Usage.error(spec, "--format: shapes export json, not '" + format + "'");
        }
        Usage.query(spec, () -> {
            reader.export(shape, table, where.filter(), new JsonShapeOutput(out()));
            return null;
        });
        out().println();
    }
}
