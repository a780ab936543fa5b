package io.jazmin.convert;

import io.jazmin.schema.Column;
import io.jazmin.error.InvalidRowException;
import io.jazmin.error.JazminValidationException;
import java.io.Reader;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * Rows of a CSV file with a header row, converted to the columns' Java types. The header names
 * the columns (any order, a subset of the schema); cells are read with {@link TextValues#parse}.
 * An empty cell is {@code null}, except that a quoted empty cell ({@code ""}) in a string or
 * binary column is the empty string or empty binary value.
 */
final class CsvRowSource implements RowSource {
    private final CsvReader reader;
    private final List<Column> columns;
    private final Column[] headerColumns;
    private final FloatOverflow overflow;
    private final NestedValueCount nested;
    private long rowNumber;
    private List<String> ahead;
    private long aheadLine;

    CsvRowSource(Reader in, List<Column> columns, FloatOverflow overflow, TextLimits limits) {
        this.overflow = overflow;
        this.nested = new NestedValueCount(limits.maxRowValues());
        this.reader = new CsvReader(in, limits);
        this.columns = List.copyOf(columns);
        List<String> header = reader.next();
        reader.header(header);
        this.headerColumns = mapHeader(header, columns);
    }

    private static Column[] mapHeader(List<String> header, List<Column> columns) {
        if (header == null) {
            return new Column[0];
        }
        Map<String, Column> byName = new HashMap<>();
        for (Column c : columns) {
            byName.put(c.name(), c);
        }
        MemberNames seen = new MemberNames();
        Column[] mapped = new Column[header.size()];
        for (int i = 0; i < mapped.length; i++) {
            String name = header.get(i) == null ? "" : header.get(i);
            try {
                seen.add(name);
            } catch (JazminValidationException e) {
                throw new JazminValidationException("CSV header: " + e.getMessage());
            }
            mapped[i] = byName.get(name);
            if (mapped[i] == null) {
                throw new JazminValidationException("CSV header: '" + name + "' is not a column of the schema");
            }
        }
        return mapped;
    }

    @Override
    public List<Column> columns() {
        return columns;
    }

    @Override
    public boolean hasNext() {
        if (ahead == null && headerColumns.length > 0) {
            ahead = reader.next();
            aheadLine = reader.recordLine();
        }
        return ahead != null;
    }

    @Override
    public Map<String, Object> next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        List<String> cells = ahead;
        ahead = null;
        long row = rowNumber++;
        String where = "line " + aheadLine;
        if (cells.size() != headerColumns.length) {
            throw new InvalidRowException(row, null, "has " + cells.size() + " fields, the header has "
                    + headerColumns.length, where);
        }
        Map<String, Object> values = new LinkedHashMap<>();
        for (Column c : columns) {
            values.put(c.name(), null);
        }
        nested.startRow(row, () -> where);
        for (int i = 0; i < headerColumns.length; i++) {
            Column column = headerColumns[i];
            try {
                values.put(column.name(), TextValues.parseCell(column, cells.get(i), overflow, nested));
            } catch (JazminValidationException e) {
                throw new InvalidRowException(row, column.name(), e.getMessage(), where);
            }
        }
        return values;
    }

    @Override
    public void close() {
        reader.close();
    }
}
