package io.jazmin.spring.data.core.query;

import io.jazmin.data.Filter;
import io.jazmin.JazminTable;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** Reads rows as ordered maps of column name to cell value, with only the selected columns. */
public final class MapRowReader implements RowReader<Map<String, Object>> {
    private final List<String> select;

    /** @param select the columns to read, or empty for all */
    public MapRowReader(List<String> select) {
        this.select = List.copyOf(select);
    }

    @Override
    public Stream<Map<String, Object>> find(JazminTable table, Filter filter, RowQuery rows) {
        return table.find(filter, rows.withSelect(select)).map(Row::toMap);
    }
}
