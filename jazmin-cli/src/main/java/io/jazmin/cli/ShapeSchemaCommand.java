package io.jazmin.cli;

import io.jazmin.export.ExportShape;
import io.jazmin.JazminReader;
import picocli.CommandLine.Command;

/** {@code jazmin shape-schema FILE --shape S.json}: prints the JSON Schema of a shape's output. */
@Command(name = "shape-schema", mixinStandardHelpOptions = true,
        description = "Print the JSON Schema (draft 2020-12) of an export shape's JSON output over a table of a .jzm "
                + "file.")
final class ShapeSchemaCommand extends ShapeCommand {
    @Override
    void run(JazminReader reader, ExportShape shape, String table) {
        out().println(reader.shapeSchema(shape, table));
    }
}
