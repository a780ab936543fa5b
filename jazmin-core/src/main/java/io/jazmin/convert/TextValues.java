package io.jazmin.convert;

import io.jazmin.schema.Column;
import io.jazmin.error.JazminValidationException;
import io.jazmin.schema.JsonText;
import io.jazmin.internal.column.Decimals;
import io.jazmin.schema.ColumnType;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.util.Base64;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import io.jazmin.internal.json.JsonIo;
import io.jazmin.internal.json.JsonTexts;

/**
 * Converts between column values and single texts, as found in CSV cells and in JSON strings
 * holding ints, decimals, datetimes or binary. Nested and json values use JSON text.
 */
public final class TextValues {
    private static final Pattern INTEGER = Pattern.compile("[+-]?\\d+");
    private static final Pattern DECIMAL = Pattern.compile("[+-]?\\d+(\\.\\d+)?");
    /** Most characters of a decimal's text, as Jackson's default bound on a JSON number's. */
    private static final int MAX_DECIMAL_TEXT = 1000;

    private TextValues() {
    }

    /**
     * The value of {@code text} for {@code column}: {@code true}/{@code false}, integer digits,
     * float text ({@link FloatText}), plain decimal digits (scale kept), ISO-8601 date-time, standard
     * base64, or JSON text for json, list and object columns.
     *
     * @throws JazminValidationException when the text does not fit the column type
     */
    public static Object parse(Column column, String text) {
        return parse(column, text, FloatOverflow.REFUSE);
    }

    /** The value of {@code text} for {@code column}, as {@link #parse(Column, String)}, with {@code overflow} for floats. */
    static Object parse(Column column, String text, FloatOverflow overflow) {
        return parse(column, text, overflow, NestedValueCount.UNBOUNDED);
    }

    /** The value of {@code text}, with {@code nested} counting the items and members of list and object values. */
    static Object parse(Column column, String text, FloatOverflow overflow, NestedValueCount nested) {
        return switch (column.type()) {
            case BOOL -> parseBool(text);
            case INT -> parseInt(text);
            case FLOAT -> FloatText.parse(text, overflow);
            case DECIMAL -> parseDecimal(text);
            case STRING -> text;
            case DATETIME -> DateTimeText.parse(text);
            case BINARY -> parseBinary(text);
            case JSON -> JsonText.of(JsonTexts.compact(text));
            case LIST, OBJECT -> parseNested(column, text, overflow, nested);
        };
    }

    /** Whether an empty text cell is the type's empty value (an empty string or binary) rather than null. */
    private static boolean emptyIsValue(ColumnType type) {
        return switch (type) {
            case STRING, BINARY -> true;
            case BOOL, INT, FLOAT, DECIMAL, DATETIME, JSON, LIST, OBJECT -> false;
        };
    }

    /**
     * The value of a text cell (a CSV field, an XML element): {@code null} for a missing cell, and for
     * an empty one except in string and binary columns, where empty text is the empty value.
     */
    static Object parseCell(Column column, String cell, FloatOverflow overflow, NestedValueCount nested) {
        boolean emptyIsValue = emptyIsValue(column.type());
        if (cell == null || (cell.isEmpty() && !emptyIsValue)) {
            return null;
        }
        nested.column(column.name());
        return parse(column, cell, overflow, nested);
    }

    static Boolean parseBool(String text) {
        if (text.equalsIgnoreCase("true")) {
            return Boolean.TRUE;
        }
        if (text.equalsIgnoreCase("false")) {
            return Boolean.FALSE;
        }
        throw new JazminValidationException("'" + Abbrev.of(text) + "' is not a bool (expected true or false)");
    }

    static Long parseInt(String text) {
        if (!INTEGER.matcher(text).matches()) {
            throw new JazminValidationException("'" + Abbrev.of(text) + "' is not an int");
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new JazminValidationException(Abbrev.of(text) + " is outside the 64-bit int range", e);
        }
    }

    static BigDecimal parseDecimal(String text) {
        // Before parsing: BigDecimal takes time quadratic in the digits, and no stored decimal needs this many.
        if (text.length() > MAX_DECIMAL_TEXT) {
            throw new JazminValidationException("'" + Abbrev.of(text) + "' has " + text.length()
                    + " characters, more than the " + MAX_DECIMAL_TEXT + " a decimal's text may take (at most "
                    + Decimals.MAX_DIGITS + " digits, " + Decimals.MAX_SCALE + " after the point)");
        }
        if (!DECIMAL.matcher(text).matches()) {
            throw new JazminValidationException("'" + Abbrev.of(text) + "' is not a decimal (digits with an optional point)");
        }
        return Decimals.normalize(new BigDecimal(text));
    }

    static byte[] parseBinary(String text) {
        try {
            return Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            throw new JazminValidationException("not valid base64: " + e.getMessage());
        }
    }

    private static Object parseNested(Column column, String text, FloatOverflow overflow, NestedValueCount nested) {
        try (JsonParser p = JsonIo.parser(text)) {
            p.nextToken();
            Object value = JsonValueReader.read(p, column, overflow, nested);
            if (p.nextToken() != null) {
                throw new JazminValidationException("more than one JSON value in one text");
            }
            return value;
        } catch (JacksonException e) {
            throw new JazminValidationException("invalid JSON text: " + e.getOriginalMessage());
        }
    }

    /**
     * The human text of a non-null value (as written to CSV): the canonical text of scalars, base64
     * for binary, compact JSON for json, list and object values.
     */
    public static String format(Column column, Object value) {
        return switch (column.type()) {
            case BOOL -> JavaValues.bool(value).toString();
            case INT -> Long.toString(JavaValues.integer(value));
            case FLOAT -> FloatText.format(JavaValues.floating(value));
            case DECIMAL -> JavaValues.decimal(value).toPlainString();
            case STRING -> JavaValues.string(value);
            case DATETIME -> DateTimeText.format(JavaValues.instant(value));
            case BINARY -> Base64.getEncoder().encodeToString(JavaValues.bytes(value));
            case JSON -> JsonValueWriter.compactJson(JavaValues.json(value));
            case LIST, OBJECT -> humanJson(column, value);
        };
    }

    private static String humanJson(Column column, Object value) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JsonIo.generator(out)) {
            JsonValueWriter.write(g, column, value, JsonStyle.HUMAN);
        }
        return out.toString();
    }
}
