package io.jazmin.convert;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.error.JazminValidationException;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import io.jazmin.internal.json.StrictUtf8Input;
import io.jazmin.error.InputSyntaxException;

/**
 * Infers columns from the rows of a file in one streaming pass (memory grows with the number of
 * columns, not rows). JSON values give bool, int (decimal beyond 64 bits), float, string, datetime
 * (only strings that are full ISO-8601 date-times with {@code Z} or an offset) and json (objects
 * and arrays, or values of mixed kinds). CSV cells are read as text: {@code true}/{@code false},
 * integers without leading zeros, JSON-style numbers and date-times are recognized; mixed kinds
 * become string. XML values are text and inferred as CSV cells are (an empty element as a string).
 * Columns appear in first-appearance order, are all nullable, and a column holding
 * only nulls is a string column.
 */
public final class SchemaInference {
    /** Integers as JSON writes them: leading zeros mean an identifier such as a zip code, kept as text. */
    private static final Pattern CSV_INT = Pattern.compile("-?(0|[1-9]\\d*)");
    private static final Pattern CSV_FLOAT = Pattern.compile("-?(0|[1-9]\\d*)(\\.\\d+)?([eE][+-]?\\d+)?");

    private SchemaInference() {
    }

    /**
     * Infers the columns of a rows file.
     *
     * @throws InputSyntaxException      when the file is malformed
     * @throws JazminValidationException when a row repeats a member name or a CSV header repeats a name
     * @throws IOException               when the file cannot be read
     */
    public static List<Column> infer(Path file, RowFormat format) throws IOException {
        return infer(file, format, TextLimits.defaults());
    }

    /**
     * Infers the columns of a rows file within {@code limits}.
     *
     * @throws InputSyntaxException      when the file is malformed
     * @throws io.jazmin.error.InputLimitException when the file goes past a limit
     * @throws JazminValidationException when a row repeats a member name or a CSV header repeats a name
     * @throws IOException               when the file cannot be read
     */
    public static List<Column> infer(Path file, RowFormat format, TextLimits limits) throws IOException {
        try (InputStream in = InputFiles.open(file, limits)) {
            return switch (format) {
                case CSV -> inferCsv(StrictUtf8Input.reader(in), limits);
                case XML -> inferXml(in, limits);
                case JSON, JSON_LINES -> inferJson(in, format, limits);
            };
        }
    }

    /** Infers the columns of a JSON array or JSON Lines stream. */
    public static List<Column> inferJson(InputStream in, RowFormat format) {
        return inferJson(in, format, TextLimits.defaults());
    }

    /** Infers the columns of a JSON array or JSON Lines stream within {@code limits}. */
    public static List<Column> inferJson(InputStream in, RowFormat format, TextLimits limits) {
        TypeTally tally = new TypeTally(ColumnType.JSON, limits.maxColumns());
        try (JsonRowScanner scanner = new JsonRowScanner(in, format, limits)) {
            JsonParser p = scanner.parser();
            try {
                for (long row = 0; scanner.next(); row++) {
                    if (p.currentToken() != JsonToken.START_OBJECT) {
                        throw new InputSyntaxException("row " + row + ": expected a JSON object, got "
                                + JsonValueReader.describe(p.currentToken()));
                    }
                    observeRow(p, row, tally);
                }
            } catch (JacksonException e) {
                throw scanner.translate(e);
            }
        }
        return tally.columns();
    }

    private static void observeRow(JsonParser p, long row, TypeTally tally) {
        MemberNames seen = new MemberNames();
        for (String name = p.nextName(); name != null; name = p.nextName()) {
            try {
                seen.add(name);
            } catch (JazminValidationException e) {
                throw new JazminValidationException("row " + row + ": " + e.getMessage());
            }
            tally.observe(name, jsonType(p, p.nextToken()), row);
            p.skipChildren();
        }
    }

    private static ColumnType jsonType(JsonParser p, JsonToken t) {
        return switch (t) {
            case VALUE_NULL -> null;
            case VALUE_TRUE, VALUE_FALSE -> ColumnType.BOOL;
            case VALUE_NUMBER_INT -> p.getNumberType() == JsonParser.NumberType.BIG_INTEGER
                    ? ColumnType.DECIMAL : ColumnType.INT;
            case VALUE_NUMBER_FLOAT -> ColumnType.FLOAT;
            case VALUE_STRING -> DateTimeText.isDateTime(p.getString()) ? ColumnType.DATETIME : ColumnType.STRING;
            default -> ColumnType.JSON;
        };
    }

    /** Infers the columns of CSV text with a header row. */
    public static List<Column> inferCsv(Reader in) {
        return inferCsv(in, TextLimits.defaults());
    }

    /** Infers the columns of CSV text with a header row within {@code limits}. */
    public static List<Column> inferCsv(Reader in, TextLimits limits) {
        TypeTally tally = new TypeTally(ColumnType.STRING, limits.maxColumns());
        try (CsvReader reader = new CsvReader(in, limits)) {
            List<String> header = reader.next();
            if (header == null) {
                return List.of();
            }
            reader.header(header);
            MemberNames seen = new MemberNames();
            for (String name : header) {
                seen.add(name == null ? "" : name);
                tally.observe(name == null ? "" : name, null, -1);
            }
            long row = 0;
            for (List<String> cells = reader.next(); cells != null; cells = reader.next(), row++) {
                for (int i = 0; i < Math.min(cells.size(), header.size()); i++) {
                    tally.observe(header.get(i) == null ? "" : header.get(i), csvType(cells.get(i)), row);
                }
            }
        }
        return tally.columns();
    }

    /**
     * Infers the columns of an XML file of the rows shape ({@link RowFormat#XML}); closes {@code in}.
     *
     * @throws XmlSyntaxException          when the XML is malformed, not of the rows shape or declares a DTD
     * @throws io.jazmin.error.InvalidRowException when a row gives a field twice
     */
    public static List<Column> inferXml(InputStream in) {
        return inferXml(in, TextLimits.defaults());
    }

    /** Infers the columns of an XML file of the rows shape within {@code limits}; closes {@code in}. */
    public static List<Column> inferXml(InputStream in, TextLimits limits) {
        TypeTally tally = new TypeTally(ColumnType.STRING, limits.maxColumns());
        try (XmlRowScanner scanner = new XmlRowScanner(in, limits)) {
            for (Map<String, String> row = scanner.next(); row != null; row = scanner.next()) {
                long number = scanner.rowNumber();
                row.forEach((name, text) -> tally.observe(name, csvType(text), number));
            }
        }
        return tally.columns();
    }

    /** The type of one text cell of CSV or XML; {@code null} for a missing cell. */
    private static ColumnType csvType(String cell) {
        if (cell == null) {
            return null;
        }
        if (cell.equalsIgnoreCase("true") || cell.equalsIgnoreCase("false")) {
            return ColumnType.BOOL;
        }
        if (CSV_INT.matcher(cell).matches()) {
            return cell.length() < 19 || fitsLong(cell) ? ColumnType.INT : ColumnType.DECIMAL;
        }
        if (CSV_FLOAT.matcher(cell).matches()) {
            return ColumnType.FLOAT;
        }
        return DateTimeText.isDateTime(cell) ? ColumnType.DATETIME : ColumnType.STRING;
    }

    private static boolean fitsLong(String digits) {
        try {
            Long.parseLong(digits);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
