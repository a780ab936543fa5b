package io.jazmin.cli;

import io.jazmin.Column;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.Row;
import io.jazmin.RowQuery;
import java.util.Iterator;
import java.util.List;

/** The rows of one table of an open .jzm file; closing closes the reader. */
final class JzmRowInput implements RowInput {
    private final JazminReader reader;
    private final List<Column> columns;
    private final Iterator<Row> rows;

    JzmRowInput(JazminReader reader, JazminTable table) {
        this.reader = reader;
        this.columns = table.columns();
        this.rows = table.iterator(RowQuery.all());
    }

    @Override
    public List<Column> columns() {
        return columns;
    }

    @Override
    public boolean hasNext() {
        return rows.hasNext();
    }

    @Override
    public List<Object> next() {
        return RowValues.of(rows.next());
    }

    @Override
    public void close() {
        reader.close();
    }
}
