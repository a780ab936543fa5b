package io.jazmin.cli;

import io.jazmin.schema.Column;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;

/** The rows of one table of an open .jzm file; closing closes the reader. */
final class JzmRowInput implements RowInput {
    private final JazminReader reader;
    private final List<Column> columns;
    private final Stream<Row> stream;
    private final Iterator<Row> rows;

    JzmRowInput(JazminReader reader, JazminTable table) {
        this.reader = reader;
        this.columns = table.columns();
        this.stream = table.rows(RowQuery.all());
        this.rows = stream.iterator();
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
        stream.close();
        reader.close();
    }
}
