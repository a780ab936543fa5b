package io.jazmin.convert;

import io.jazmin.schema.Column;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import io.jazmin.internal.json.StrictUtf8Input;

/** Opens rows files (JSON array, JSON Lines, CSV, XML) as {@link RowSource}s. */
public final class RowSources {
    private RowSources() {
    }

    /**
     * Opens a rows file whose format is given by its extension; see {@link #open(Path, RowFormat, List)}.
     */
    public static RowSource open(Path file, List<Column> columns) throws IOException {
        return open(file, RowFormat.forFile(InputFiles.formatName(file)), columns);
    }

    /**
     * Opens a rows file. With {@code columns == null} the columns are first inferred from the data
     * by {@link SchemaInference} (one extra pass over the file). A file named {@code *.gz} is
     * gunzipped on the way. Values, rows and decompression are bounded by {@link TextLimits#defaults()}
     * ({@link io.jazmin.error.InputLimitException} past them). Float numbers beyond the double
     * range are refused ({@link FloatOverflow#REFUSE}).
     *
     * @param columns the columns the values are converted to, or {@code null} to infer them
     * @throws IOException when the file cannot be opened or read during inference
     */
    public static RowSource open(Path file, RowFormat format, List<Column> columns) throws IOException {
        return open(file, format, columns, FloatOverflow.REFUSE);
    }

    /**
     * Opens a rows file as {@link #open(Path, RowFormat, List)} does, with {@code overflow} deciding
     * what float numbers beyond the double range become.
     *
     * @throws IOException when the file cannot be opened or read during inference
     */
    public static RowSource open(Path file, RowFormat format, List<Column> columns, FloatOverflow overflow)
            throws IOException {
        return open(file, format, columns, overflow, TextLimits.defaults());
    }

    /**
     * Opens a rows file as {@link #open(Path, RowFormat, List, FloatOverflow)} does, read within {@code limits}
     * (inference too): a value, row or decompressed size past them is an {@link io.jazmin.error.InputLimitException}.
     *
     * @throws IOException when the file cannot be opened or read during inference
     */
    public static RowSource open(Path file, RowFormat format, List<Column> columns, FloatOverflow overflow,
                                 TextLimits limits) throws IOException {
        List<Column> actual = columns != null ? columns : SchemaInference.infer(file, format, limits);
        return open(InputFiles.open(file, limits), format, actual, overflow, limits);
    }

    /**
     * Reads rows of the given columns from a stream of strict UTF-8 (ill-formed bytes are an
     * {@link InputSyntaxException} naming their offset and line; malformed XML is an
     * {@link XmlSyntaxException} naming line and column); the source closes the stream. Float numbers beyond the double range are refused.
     */
    public static RowSource open(InputStream in, RowFormat format, List<Column> columns) {
        return open(in, format, columns, FloatOverflow.REFUSE);
    }

    /** Reads rows from a stream as {@link #open(InputStream, RowFormat, List)}, with {@code overflow} for floats. */
    public static RowSource open(InputStream in, RowFormat format, List<Column> columns, FloatOverflow overflow) {
        return open(in, format, columns, overflow, TextLimits.defaults());
    }

    /**
     * Reads rows from a stream as {@link #open(InputStream, RowFormat, List, FloatOverflow)}, within
     * {@code limits} (the stream is taken as it is: gzip limits apply to files named {@code *.gz}).
     */
    public static RowSource open(InputStream in, RowFormat format, List<Column> columns, FloatOverflow overflow,
                                 TextLimits limits) {
        return switch (format) {
            case CSV -> new CsvRowSource(StrictUtf8Input.reader(in), columns, overflow, limits);
            case XML -> new XmlRowSource(in, columns, overflow, limits);
            case JSON, JSON_LINES -> new JsonRowSource(in, format, columns, overflow, limits);
        };
    }
}
