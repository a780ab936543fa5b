package io.jazmin.cli;

import io.jazmin.schema.Column;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.data.Row;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;

/** The rows of one table of an open .jzm file (all, or those a filter matched); closing closes the reader. */
final class JzmRowInput implements RowInput {
    private final JazminReader reader;
    private final List<Column> columns;
    private final Stream<Row> stream;
    private final Iterator<Row> rows;

    /** The rows of {@code stream}, a query of {@code table} of {@code reader}. */
    JzmRowInput(JazminReader reader, JazminTable table, Stream<Row> stream) {
        this.reader = reader;
        this.columns = table.columns();
        this.stream = stream;
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
