package io.jazmin.convert;

import io.jazmin.Column;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Opens rows files (JSON array, JSON Lines, CSV) as {@link RowSource}s. */
public final class RowSources {
    private RowSources() {
    }

    /**
     * Opens a rows file whose format is given by its extension; see {@link #open(Path, RowFormat, List)}.
     */
    public static RowSource open(Path file, List<Column> columns) throws IOException {
        return open(file, RowFormat.forFile(file), columns);
    }

    /**
     * Opens a rows file. With {@code columns == null} the columns are first inferred from the data
     * by {@link SchemaInference} (one extra pass over the file).
     *
     * @param columns the columns the values are converted to, or {@code null} to infer them
     * @throws IOException when the file cannot be opened or read during inference
     */
    public static RowSource open(Path file, RowFormat format, List<Column> columns) throws IOException {
        List<Column> actual = columns != null ? columns : SchemaInference.infer(file, format);
        return open(Files.newInputStream(file), format, actual);
    }

    /** Reads rows of the given columns from a stream (UTF-8); the source closes the stream. */
    public static RowSource open(InputStream in, RowFormat format, List<Column> columns) {
        if (format == RowFormat.CSV) {
            return new CsvRowSource(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8.newDecoder())), columns);
        }
        return new JsonRowSource(in, format, columns);
    }
}
