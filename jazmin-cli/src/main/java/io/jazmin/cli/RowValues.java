package io.jazmin.cli;

import io.jazmin.data.Row;
import java.util.ArrayList;
import java.util.List;

/** A row's values in its column order, as the row sinks and writers take them. */
final class RowValues {
    private RowValues() {
    }

    static List<Object> of(Row row) {
        List<Object> values = new ArrayList<>(row.size());
        for (int i = 0; i < row.size(); i++) {
            values.add(row.get(i));
        }
        return values;
    }
}
