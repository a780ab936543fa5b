package io.jazmin.convert;

import io.jazmin.schema.Column;
import io.jazmin.error.JazminIoException;
import java.io.Writer;
import java.util.List;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.exc.JacksonIOException;
import io.jazmin.internal.json.JsonIo;

/**
 * Writes rows as JSON Lines (one object per line) or as one JSON array with one row object per
 * line. Rows are written as root values and the array punctuation as raw text, so the layout
 * stays line-oriented in both formats.
 */
final class JsonRowSink implements RowSink {
    private final JsonGenerator generator;
    private final JsonRows rows;
    private final List<Column> columns;
    private final JsonStyle style;
    private final boolean array;
    private boolean first = true;

    JsonRowSink(Writer out, List<Column> columns, JsonStyle style, RowFormat format) {
        this.generator = JsonIo.generator(out);
        this.rows = new JsonRows(columns);
        this.columns = List.copyOf(columns);
        this.style = style;
        this.array = format == RowFormat.JSON;
    }

    @Override
    public List<Column> columns() {
        return columns;
    }

    @Override
    public void write(List<?> values) {
        try {
            if (array) {
                generator.writeRaw(first ? "[\n" : ",\n");
            }
            first = false;
            rows.write(generator, values, style);
            if (!array) {
                generator.writeRaw('\n');
            }
        } catch (JacksonIOException e) {
            throw writeFailure(e);
        }
    }

    private static JazminIoException writeFailure(JacksonIOException e) {
        return new JazminIoException("cannot write", "the JSON output", e.getCause());
    }

    @Override
    public void close() {
        try {
            if (array) {
                generator.writeRaw(first ? "[]\n" : "\n]\n");
            }
            generator.close();
        } catch (JacksonIOException e) {
            throw writeFailure(e);
        }
    }
}
