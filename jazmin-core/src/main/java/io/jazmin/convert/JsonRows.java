package io.jazmin.convert;

import io.jazmin.schema.Column;
import io.jazmin.error.InvalidRowException;
import io.jazmin.error.JazminValidationException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import io.jazmin.internal.json.JsonIo;

/** Reads and writes one row as a JSON object whose members are the columns. */
final class JsonRows {
    private final List<Column> columns;
    private final Map<String, Integer> positions = new HashMap<>();
    private final FloatOverflow overflow;
    private final NestedValueCount nested;

    /** Rows of {@code columns}, refusing float numbers beyond the double range. */
    JsonRows(List<Column> columns) {
        this(columns, FloatOverflow.REFUSE, NestedValueCount.UNBOUNDED);
    }

    /** Rows of {@code columns}, {@code nested} counting the items and members of each row's nested values. */
    JsonRows(List<Column> columns, FloatOverflow overflow, NestedValueCount nested) {
        this.columns = List.copyOf(columns);
        this.overflow = overflow;
        this.nested = nested;
        for (int i = 0; i < columns.size(); i++) {
            positions.put(columns.get(i).name(), i);
        }
    }

    /**
     * Reads the object at the parser's current token into a map holding every column in column
     * order (absent members are {@code null}).
     *
     * @param row the 0-based row number, for error messages
     * @throws InvalidRowException        when a member is not a column or its value does not fit
     * @throws JazminValidationException when a member name appears twice
     */
    Map<String, Object> read(JsonParser p, long row) {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            throw new InvalidRowException(row, null, "expected a JSON object, got "
                    + JsonValueReader.describe(p.currentToken()), JsonIo.where(p));
        }
        Object[] values = new Object[columns.size()];
        // Unknown names fail anyway, so repeats only need tracking per column position.
        boolean[] seen = new boolean[columns.size()];
        nested.startRow(row, () -> JsonIo.where(p));
        for (String name = p.nextName(); name != null; name = p.nextName()) {
            Integer position = positions.get(name);
            if (position == null) {
                throw new InvalidRowException(row, name, "not a column of the schema", JsonIo.where(p));
            }
            if (seen[position]) {
                throw new JazminValidationException("row " + row + ": duplicate member name '" + name + "'");
            }
            seen[position] = true;
            p.nextToken();
            nested.column(name);
            try {
                values[position] = JsonValueReader.read(p, columns.get(position), overflow, nested);
            } catch (JazminValidationException e) {
                throw new InvalidRowException(row, name, e.getMessage(), JsonIo.where(p));
            }
        }
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < values.length; i++) {
            map.put(columns.get(i).name(), values[i]);
        }
        return map;
    }

    /** Writes the values (in column order) as one JSON object. */
    void write(JsonGenerator g, List<?> values, JsonStyle style) {
        if (values.size() != columns.size()) {
            throw new JazminValidationException("a row of " + values.size() + " values for "
                    + columns.size() + " columns");
        }
        g.writeStartObject();
        for (int i = 0; i < columns.size(); i++) {
            Column column = columns.get(i);
            g.writeName(column.name());
            JsonValueWriter.write(g, column, values.get(i), style);
        }
        g.writeEndObject();
    }
}
