package io.jazmin.convert;

import io.jazmin.schema.Column;
import io.jazmin.schema.JsonText;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JsonGenerator;
import io.jazmin.internal.json.JsonTexts;

/** Writes one Java column value as a JSON value, in the canonical or the human style. */
final class JsonValueWriter {
    /** Integers beyond ±2^53 lose digits in JavaScript numbers, so the human form quotes them. */
    private static final long SAFE_INTEGER = 1L << 53;

    private JsonValueWriter() {
    }

    static void write(JsonGenerator g, Column column, Object value, JsonStyle style) {
        if (value == null) {
            g.writeNull();
            return;
        }
        switch (column.type()) {
            case BOOL -> g.writeBoolean(JavaValues.bool(value));
            case INT -> writeInt(g, JavaValues.integer(value), style);
            case FLOAT -> writeFloat(g, JavaValues.floating(value), style);
            case DECIMAL -> g.writeString(JavaValues.decimal(value).toPlainString());
            case STRING -> g.writeString(JavaValues.string(value));
            case DATETIME -> g.writeString(DateTimeText.format(JavaValues.instant(value)));
            case BINARY -> g.writeString(Base64.getEncoder().encodeToString(JavaValues.bytes(value)));
            case JSON -> g.writeRawValue(compactJson(JavaValues.json(value)));
            case LIST -> writeList(g, column, JavaValues.list(value), style);
            case OBJECT -> writeObject(g, column, JavaValues.object(value), style);
        }
    }

    private static void writeInt(JsonGenerator g, long v, JsonStyle style) {
        if (style == JsonStyle.HUMAN && Math.abs(v) <= SAFE_INTEGER) {
            g.writeNumber(v);
        } else {
            g.writeString(Long.toString(v));
        }
    }

    private static void writeFloat(JsonGenerator g, double v, JsonStyle style) {
        boolean asString = style == JsonStyle.CANONICAL ? FloatText.isSpecial(v) : !Double.isFinite(v);
        if (asString) {
            g.writeString(FloatText.format(v));
        } else {
            g.writeNumber(FloatText.format(v));
        }
    }

    private static void writeList(JsonGenerator g, Column column, List<?> items, JsonStyle style) {
        g.writeStartArray();
        for (Object item : items) {
            write(g, column.item(), item, style);
        }
        g.writeEndArray();
    }

    private static void writeObject(JsonGenerator g, Column column, Map<?, ?> fields, JsonStyle style) {
        g.writeStartObject();
        for (Column field : column.fields()) {
            g.writeName(field.name());
            write(g, field, fields.get(field.name()), style);
        }
        g.writeEndObject();
    }

    /**
     * The stored JSON text, fit to embed in one line of JSON Lines: texts with line breaks (only
     * possible as whitespace) are re-serialized compactly; others are used as they are.
     */
    static String compactJson(JsonText value) {
        String text = value.text();
        return text.indexOf('\n') < 0 && text.indexOf('\r') < 0 ? text : JsonTexts.compact(text);
    }
}
