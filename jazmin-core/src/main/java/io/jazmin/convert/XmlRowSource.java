package io.jazmin.convert;

import io.jazmin.schema.Column;
import io.jazmin.error.InvalidRowException;
import io.jazmin.error.JazminValidationException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * Rows of an XML file of the rows shape ({@link XmlRowScanner}), converted to the columns' Java
 * types. Each value element's text is read as a CSV cell is ({@link TextValues#parseCell}): a
 * missing element is {@code null}, an empty one is {@code null} too except in string and binary
 * columns, where it is the empty value.
 */
final class XmlRowSource implements RowSource {
    private final XmlRowScanner scanner;
    private final List<Column> columns;
    private final Map<String, Column> byName = new HashMap<>();
    private final FloatOverflow overflow;
    private final NestedValueCount nested;
    private Map<String, String> ahead;

    XmlRowSource(InputStream in, List<Column> columns, FloatOverflow overflow, TextLimits limits) {
        this.columns = List.copyOf(columns);
        this.overflow = overflow;
        this.nested = new NestedValueCount(limits.maxRowValues());
        for (Column c : columns) {
            byName.put(c.name(), c);
        }
        this.scanner = new XmlRowScanner(in, limits);
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
        return ahead != null;
    }

    @Override
    public Map<String, Object> next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        Map<String, String> fields = ahead;
        ahead = null;
        long row = scanner.rowNumber();
        Map<String, Object> values = new LinkedHashMap<>();
        for (Column c : columns) {
            values.put(c.name(), null);
        }
        nested.startRow(row, scanner::rowLocation);
        for (Map.Entry<String, String> field : fields.entrySet()) {
            Column column = byName.get(field.getKey());
            if (column == null) {
                throw new InvalidRowException(row, field.getKey(), "is not a column of the schema", scanner.rowLocation());
            }
            try {
                values.put(column.name(), TextValues.parseCell(column, field.getValue(), overflow, nested));
            } catch (JazminValidationException e) {
                throw new InvalidRowException(row, column.name(), e.getMessage(), scanner.rowLocation());
            }
        }
        return values;
    }

    @Override
    public void close() {
        scanner.close();
    }
}
