package io.jazmin.cli;

import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.convert.JsonStyle;
import io.jazmin.convert.RowFormat;
import io.jazmin.convert.RowSink;
import io.jazmin.convert.RowSinks;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code jazmin query FILE [--where JSON] [--format jsonl|json|csv] [--shape NAME|FILE]}: the
 * reference's query command. Rows are streamed from the engine to the output one at a time.
 */
@Command(name = "query",
        description = {
            "Print the rows of a .jzm file matching a filter: one JSON object per line (jsonl, the default), a "
                    + "JSON array (json) or CSV with a header row (csv), optionally only some columns (--select), "
                    + "ordered (--order-by), sliced (--offset, --limit). Rows are streamed, never held all at once.",
            "With --shape, prints an export shape's output over the matching rows instead (--format json or "
                    + "xml): NAME is a shape saved in the file (see 'jazmin shapes list'), else a shape JSON file."})
final class QueryCommand extends TableCommand {
    @Option(names = "--format", paramLabel = "FORMAT",
            description = "jsonl, json or csv (default jsonl); with --shape, json or xml (default json)")
    private String format;

    @Option(names = "--shape", paramLabel = "NAME|FILE",
            description = "an export shape: the shape saved in the .jzm file under this name, else the JSON shape "
                    + "file at this path")
    private String shape;

    @Option(names = "--canonical", description = "the interop form: ints and decimals as strings, "
            + "\"NaN\"/\"Infinity\"/\"-Infinity\"/\"-0\" for special floats (default: ints as numbers when exact, "
            + "decimals as strings)")
    private boolean canonical;

    @Mixin
    private WhereOption where;

    @Mixin
    private RowSlice slice;

    @Override
    void run(JazminReader reader) {
        if (shape != null) {
            exportShape(reader); // a saved shape reads its own table unless --table names one
        } else {
            super.run(reader);
        }
    }

    @Override
    void run(JazminTable t) {
        RowFormat rowFormat = switch (format == null ? "jsonl" : format) {
            case "jsonl" -> RowFormat.JSON_LINES;
            case "json" -> RowFormat.JSON;
            case "csv" -> RowFormat.CSV;
            default -> throw Usage.error(spec, "--format must be jsonl, json or csv, not '" + format + "'");
        };
        RowQuery query = slice.query(spec, t);
        JsonStyle style = canonical ? JsonStyle.CANONICAL : JsonStyle.HUMAN;
        try (Stream<Row> rows = Usage.query(spec, () -> t.find(where.filter(), query));
             RowSink sink = RowSinks.open(new NonClosingWriter(out()), rowFormat,
                     slice.columns(t), style)) {
            rows.forEach(row -> sink.write(RowValues.of(row)));
        }
    }

    private void exportShape(JazminReader reader) {
        if (slice.given() || slice.ordered() || canonical) {
            throw Usage.error(spec, "--shape chooses the output itself: --select, --order-by, --offset, --limit and "
                    + "--canonical do not apply");
        }
        boolean saved = reader.shapes().stream().anyMatch(s -> s.name().equals(shape));
        if (!saved && !Files.isRegularFile(Path.of(shape))) {
            throw Usage.error(spec, "--shape: no shape named '" + shape + "' is saved in the file (saved: "
                    + reader.shapes().stream().map(s -> s.name()).toList() + ") and no file '" + shape + "' exists");
        }
        ShapeLoader.Loaded loaded = saved ? ShapeLoader.saved(spec, reader, shape, table, "--shape")
                : ShapeLoader.file(spec, reader, Path.of(shape), table, "--shape");
        String outputFormat = format == null ? "json" : format;
        Usage.query(spec, () -> {
            reader.export(loaded.shape(), loaded.table(), where.filter(),
                    ShapeLoader.output(spec, outputFormat, out()));
            return null;
        });
        if (outputFormat.equals("json")) {
            out().println(); // the XML output ends its last line itself
        }
    }
}
