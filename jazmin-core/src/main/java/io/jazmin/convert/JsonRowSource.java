package io.jazmin.convert;

import io.jazmin.schema.Column;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import tools.jackson.core.JacksonException;

/** Rows of a JSON array or a JSON Lines stream, converted to the columns' Java types. */
final class JsonRowSource implements RowSource {
    private final JsonRowScanner scanner;
    private final List<Column> columns;
    private final JsonRows rows;
    private long rowNumber;
    private Boolean ahead;

    JsonRowSource(InputStream in, RowFormat format, List<Column> columns, FloatOverflow overflow,
                  TextLimits limits) {
        this.scanner = new JsonRowScanner(in, format, limits);
        this.columns = List.copyOf(columns);
        this.rows = new JsonRows(columns, overflow, new NestedValueCount(limits.maxRowValues()));
    }

    @Override
    public List<Column> columns() {
        return columns;
    }

    @Override
    public boolean hasNext() {
        if (ahead == null) {
            ahead = scanner.next();
        }
        return ahead;
    }

    @Override
    public Map<String, Object> next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        ahead = null;
        try {
            return rows.read(scanner.parser(), rowNumber++);
        } catch (JacksonException e) {
            throw scanner.translate(e);
        }
    }

    @Override
    public void close() {
        scanner.close();
    }
}
