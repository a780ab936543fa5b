package io.jazmin.convert;

import io.jazmin.Column;
import io.jazmin.InvalidRowException;
import io.jazmin.JazminValidationException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;

/** Reads and writes one row as a JSON object whose members are the columns. */
final class JsonRows {
    private final List<Column> columns;
    private final Map<String, Column> byName = new HashMap<>();

    JsonRows(List<Column> columns) {
        this.columns = List.copyOf(columns);
        for (Column c : columns) {
            byName.put(c.name(), c);
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
                    + JsonValueReader.describe(p.currentToken()));
        }
        Map<String, Object> values = new LinkedHashMap<>();
        for (Column c : columns) {
            values.put(c.name(), null);
        }
        MemberNames seen = new MemberNames();
        for (String name = p.nextName(); name != null; name = p.nextName()) {
            try {
                seen.add(name);
            } catch (JazminValidationException e) {
                throw new JazminValidationException("row " + row + ": " + e.getMessage());
            }
            Column column = byName.get(name);
            if (column == null) {
                throw new InvalidRowException(row, name, "not a column of the schema");
            }
            p.nextToken();
            try {
                values.put(name, JsonValueReader.read(p, column));
            } catch (JazminValidationException e) {
                throw new InvalidRowException(row, name, e.getMessage());
            }
        }
        return values;
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
