package io.jazmin.cli;

import io.jazmin.schema.Column;
import io.jazmin.convert.RowSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The rows of a JSON, JSON Lines or CSV file, through a {@link RowSource}. */
final class TextRowInput implements RowInput {
    private final RowSource source;

    TextRowInput(RowSource source) {
        this.source = source;
    }

    @Override
    public List<Column> columns() {
        return source.columns();
    }

    @Override
    public boolean hasNext() {
        return source.hasNext();
    }

    @Override
    public List<Object> next() {
        // A source's map already holds every column in column order.
        Map<String, Object> row = source.next();
        return new ArrayList<>(row.values());
    }

    @Override
    public void close() {
        source.close();
    }
}
