package io.jazmin.convert;

import io.jazmin.schema.Column;
import io.jazmin.error.JazminValidationException;
import io.jazmin.schema.JsonText;
import io.jazmin.internal.column.Decimals;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import io.jazmin.internal.json.JsonTexts;

/**
 * Reads the JSON value at a parser's current token as the Java value of a column. Accepts the
 * canonical interop form and the obvious alternatives: ints and decimals as numbers or strings,
 * floats as numbers or the special strings, datetimes as ISO text or epoch milliseconds.
 */
final class JsonValueReader {
    private JsonValueReader() {
    }

    /**
     * The value at the current token (leaving the parser on the value's last token), or {@code null};
     * float numbers beyond the double range are refused.
     *
     * @throws JazminValidationException when the value does not fit the column
     */
    static Object read(JsonParser p, Column column) {
        return read(p, column, FloatOverflow.REFUSE, NestedValueCount.UNBOUNDED);
    }

    /**
     * The value at the current token, as {@link #read(JsonParser, Column)}, with {@code overflow} for floats and
     * {@code nested} counting the items and members of list and object values.
     */
    static Object read(JsonParser p, Column column, FloatOverflow overflow, NestedValueCount nested) {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) {
            return null;
        }
        return switch (column.type()) {
            case JSON -> JsonText.of(JsonTexts.copyCurrent(p));
            case LIST -> readList(p, column, overflow, nested);
            case OBJECT -> readObject(p, column, overflow, nested);
            case STRING -> readString(p);
            case BOOL -> readBool(p);
            case INT -> t.isNumeric() ? numberToLong(p.getString()) : TextValues.parse(column, scalarString(p));
            case FLOAT -> t.isNumeric()
                    ? FloatText.parseNumber(p.getString(), overflow)
                    : FloatText.parse(scalarString(p), overflow);
            case DECIMAL -> t.isNumeric() ? numberToDecimal(p.getString()) : TextValues.parse(column, scalarString(p));
            case DATETIME -> t == JsonToken.VALUE_NUMBER_INT
                    ? Instant.ofEpochMilli(numberToLong(p.getString()))
                    : TextValues.parse(column, scalarString(p));
            case BINARY -> TextValues.parse(column, scalarString(p));
        };
    }

    private static String readString(JsonParser p) {
        JsonToken t = p.currentToken();
        // Numbers and booleans keep their JSON text: "42" is what a user putting 42 in a string column means.
        if (t.isScalarValue()) {
            return p.getString();
        }
        throw new JazminValidationException("expected a string, got " + describe(t));
    }

    private static Boolean readBool(JsonParser p) {
        JsonToken t = p.currentToken();
        if (t.isBoolean()) {
            return t == JsonToken.VALUE_TRUE;
        }
        return TextValues.parseBool(scalarString(p));
    }

    private static String scalarString(JsonParser p) {
        JsonToken t = p.currentToken();
        if (t != JsonToken.VALUE_STRING) {
            throw new JazminValidationException("unexpected " + describe(t));
        }
        return p.getString();
    }

    private static long numberToLong(String text) {
        BigDecimal d = number(text);
        // Judged on digits first: longValueExact would expand an exponent such as 1e2147483647.
        if (d.signum() != 0 && (long) d.precision() - d.scale() > 19) {
            throw new JazminValidationException(Abbrev.of(text) + " is not an integer in the 64-bit int range");
        }
        try {
            return d.longValueExact();
        } catch (ArithmeticException e) {
            throw new JazminValidationException(Abbrev.of(text) + " is not an integer in the 64-bit int range", e);
        }
    }

    /** Checked against the format's limits before any expansion: an exponent such as 1e3 widens to scale 0. */
    private static BigDecimal numberToDecimal(String text) {
        return Decimals.normalize(number(text));
    }

    /** A JSON number's exact value; exponents beyond ±2^31 are refused, as BigDecimal cannot hold them. */
    private static BigDecimal number(String text) {
        try {
            return new BigDecimal(text);
        } catch (NumberFormatException e) {
            throw new JazminValidationException("'" + Abbrev.of(text) + "' has an exponent out of range", e);
        }
    }

    private static List<Object> readList(JsonParser p, Column column, FloatOverflow overflow,
                                         NestedValueCount nested) {
        if (p.currentToken() != JsonToken.START_ARRAY) {
            throw new JazminValidationException("expected an array, got " + describe(p.currentToken()));
        }
        List<Object> items = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
            nested.add();
            items.add(read(p, column.item(), overflow, nested));
        }
        return items;
    }

    private static Map<String, Object> readObject(JsonParser p, Column column, FloatOverflow overflow,
                                                  NestedValueCount nested) {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            throw new JazminValidationException("expected an object, got " + describe(p.currentToken()));
        }
        Map<String, Column> byName = new LinkedHashMap<>();
        Map<String, Object> values = new LinkedHashMap<>();
        for (Column field : column.fields()) {
            byName.put(field.name(), field);
            values.put(field.name(), null);
        }
        MemberNames seen = new MemberNames();
        for (String name = p.nextName(); name != null; name = p.nextName()) {
            seen.add(name);
            Column field = byName.get(name);
            if (field == null) {
                throw new JazminValidationException("unknown field '" + name + "'");
            }
            p.nextToken();
            nested.add();
            values.put(name, read(p, field, overflow, nested));
        }
        return values;
    }

    static String describe(JsonToken t) {
        return switch (t) {
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            case VALUE_STRING -> "a string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            default -> t.name();
        };
    }
}
