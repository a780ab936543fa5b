package io.jazmin.convert;

import io.jazmin.schema.Column;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Creates {@link RowSink}s for JSON arrays, JSON Lines, CSV and XML. */
public final class RowSinks {
    private RowSinks() {
    }

    /**
     * Creates (or replaces) a rows file in the format of its extension.
     *
     * @param style how JSON values are laid out (CSV and XML always use the human text)
     * @throws IOException when the file cannot be created
     */
    public static RowSink create(Path file, List<Column> columns, JsonStyle style) throws IOException {
        return open(Files.newBufferedWriter(file, StandardCharsets.UTF_8), RowFormat.forFile(file), columns, style);
    }

    /** Writes rows to {@code out}, which the sink closes on {@link RowSink#close()}. */
    public static RowSink open(Writer out, RowFormat format, List<Column> columns, JsonStyle style) {
        return switch (format) {
            case CSV -> new CsvRowSink(out, columns);
            case XML -> new XmlRowSink(out, columns);
            case JSON, JSON_LINES -> new JsonRowSink(out, columns, style, format);
        };
    }
}
