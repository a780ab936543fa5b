package io.jazmin.convert;

import io.jazmin.schema.Column;
import io.jazmin.error.JazminValidationException;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import io.jazmin.internal.json.JsonIo;

/**
 * Converts Java column values to and from the canonical interop JSON form of the conformance cases:
 * int as decimal text ({@code "42"}), float as a number or {@code "NaN"}/{@code "Infinity"}/
 * {@code "-Infinity"}/{@code "-0"}, decimal as text with its scale, datetime as ISO-8601 UTC with
 * milliseconds, binary as padded base64, json as the JSON value itself, {@code null} as null.
 */
public final class CanonicalValues {
    private CanonicalValues() {
    }

    /** The canonical JSON text of one value of {@code column}. */
    public static String toJson(Column column, Object value) {
        return toJson(column, value, JsonStyle.CANONICAL);
    }

    /** The JSON text of one value of {@code column} in the given style. */
    public static String toJson(Column column, Object value, JsonStyle style) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JsonIo.generator(out)) {
            JsonValueWriter.write(g, column, value, style);
        }
        return out.toString();
    }

    /**
     * The Java value of a JSON text for {@code column} (canonical form or the accepted alternatives).
     *
     * @throws JazminValidationException when the text is not one JSON value fitting the column
     */
    public static Object fromJson(Column column, String json) {
        try (JsonParser p = JsonIo.parser(json)) {
            if (p.nextToken() == null) {
                throw new JazminValidationException("empty JSON text");
            }
            Object value = JsonValueReader.read(p, column);
            if (p.nextToken() != null) {
                throw new JazminValidationException("more than one JSON value in one text");
            }
            return value;
        } catch (JacksonException e) {
            throw new JazminValidationException("invalid JSON text: " + JsonIo.describe(e));
        }
    }

    /** A row (values in column order) as one JSON object text with the columns in order. */
    public static String rowToJson(List<Column> columns, List<?> values, JsonStyle style) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JsonIo.generator(out)) {
            new JsonRows(columns).write(g, values, style);
        }
        return out.toString();
    }

    /**
     * A row from one JSON object text: every column in column order, absent members as {@code null}.
     *
     * @throws io.jazmin.error.InvalidRowException when a member is unknown or a value does not fit (row 0)
     * @throws JazminValidationException    when the text is not one JSON object or repeats a member
     */
    public static Map<String, Object> rowFromJson(List<Column> columns, String json) {
        try (JsonParser p = JsonIo.parser(json)) {
            p.nextToken();
            Map<String, Object> row = new JsonRows(columns).read(p, 0);
            if (p.nextToken() != null) {
                throw new JazminValidationException("more than one JSON value in one text");
            }
            return row;
        } catch (JacksonException e) {
            throw new JazminValidationException("invalid JSON text: " + JsonIo.describe(e));
        }
    }
}
