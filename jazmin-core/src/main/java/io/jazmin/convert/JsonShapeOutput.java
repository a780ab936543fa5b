package io.jazmin.convert;

import java.io.OutputStream;
import java.io.Writer;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.exc.JacksonIOException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.json.JsonWriteFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import io.jazmin.schema.Column;
import io.jazmin.error.JazminIoException;
import io.jazmin.schema.JsonText;
import io.jazmin.export.ShapeOutput;

/**
 * Writes an export shape's output as compact UTF-8 JSON with a streaming generator, values as the
 * reference writes them (design §4): int and decimal as exact numbers (decimals with their scale),
 * floats as shortest numbers (non-finite ones as null), datetime as ISO-8601 UTC text, binary as
 * base64, json values as stored. The stream is flushed at the end, not closed.
 */
public final class JsonShapeOutput implements ShapeOutput {
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(JsonWriteFeature.ESCAPE_FORWARD_SLASHES).build();
    /** Literals are written with the output's own settings (slashes unescaped). */
    private static final JsonMapper LITERALS = JsonMapper.builder(FACTORY).build();

    private final JsonGenerator g;

    /** UTF-8 JSON written to {@code out}, which stays open. */
    public JsonShapeOutput(OutputStream out) {
        this.g = FACTORY.createGenerator(ObjectWriteContext.empty(), new NonClosing(out));
    }

    /** JSON text written to {@code out}, which stays open (it is flushed at the end). */
    public JsonShapeOutput(Writer out) {
        this.g = FACTORY.createGenerator(ObjectWriteContext.empty(), new java.io.FilterWriter(out) {
            @Override
            public void close() throws java.io.IOException {
                flush();
            }
        });
    }

    @Override
    public void startObject() {
        write(g::writeStartObject);
    }

    @Override
    public void endObject() {
        write(g::writeEndObject);
    }

    @Override
    public void member(String name) {
        write(() -> g.writeName(name));
    }

    @Override
    public void startList(String itemName) {
        write(g::writeStartArray);
    }

    @Override
    public void endList() {
        write(g::writeEndArray);
    }

    @Override
    public void value(Column column, Object value) {
        write(() -> writeValue(column, value));
    }

    @Override
    public void literal(JsonNode value) {
        write(() -> g.writeRawValue(value == null ? "null" : LITERALS.writeValueAsString(value)));
    }

    @Override
    public void finish() {
        write(g::close);
    }

    private void writeValue(Column column, Object v) {
        if (v == null) {
            g.writeNull();
            return;
        }
        switch (column.type()) {
            case BOOL -> g.writeBoolean((Boolean) v);
            case INT -> {
                if (v instanceof BigInteger b) {
                    g.writeNumber(b);
                } else {
                    g.writeNumber((Long) v);
                }
            }
            case FLOAT -> {
                double d = (Double) v;
                if (!Double.isFinite(d)) {
                    g.writeNull();
                } else {
                    g.writeNumber(d == 0 ? "0" : FloatText.format(d)); // JavaScript writes -0 as 0
                }
            }
            case DECIMAL -> g.writeNumber(((BigDecimal) v).toPlainString());
            case STRING -> g.writeString((String) v);
            case DATETIME -> g.writeString(DateTimeText.format((Instant) v));
            case BINARY -> g.writeString(Base64.getEncoder().encodeToString((byte[]) v));
            case JSON -> g.writeRawValue(((JsonText) v).text());
            case LIST -> {
                g.writeStartArray();
                for (Object item : (List<?>) v) {
                    writeValue(column.item(), item);
                }
                g.writeEndArray();
            }
            case OBJECT -> {
                Map<?, ?> fields = (Map<?, ?>) v;
                g.writeStartObject();
                for (Column field : column.fields()) {
                    g.writeName(field.name());
                    writeValue(field, fields.get(field.name()));
                }
                g.writeEndObject();
            }
        }
    }

    private static void write(Runnable event) {
        try {
            event.run();
        } catch (JacksonIOException e) {
            throw new JazminIoException("cannot write", "the export output", e.getCause());
        }
    }

    /** Keeps the caller's stream open when the generator closes (which flushes it). */
    private static final class NonClosing extends java.io.FilterOutputStream {
        NonClosing(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws java.io.IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() throws java.io.IOException {
            flush();
        }
    }
}
