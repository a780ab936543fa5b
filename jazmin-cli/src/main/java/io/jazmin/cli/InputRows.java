package io.jazmin.cli;

import io.jazmin.convert.RowFormat;
import io.jazmin.convert.RowSource;
import io.jazmin.convert.RowSources;
import io.jazmin.schema.Column;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/** The rows of {@code append}'s and {@code upsert}'s {@code --from} file, converted to a table's columns. */
final class InputRows {
    private InputRows() {
    }

    /** Opens {@code from} by its extension; an unknown extension is a usage error. */
    static RowSource open(CommandSpec spec, Path from, List<Column> columns, TextInputOptions input) throws IOException {
        RowFormat format = RowFormat.forFileOrNull(from);
        if (format == null) {
            throw Usage.error(spec, "cannot tell the format of '" + from
                    + "' (expected .json, .jsonl, .ndjson, .csv or .xml)");
        }
        return RowSources.open(from, format, columns, input.floatOverflow(), input.limits());
    }
}
