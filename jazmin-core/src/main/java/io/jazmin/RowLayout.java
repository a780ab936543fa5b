package io.jazmin;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The columns returned by a read, with a name lookup shared by all its rows. */
final class RowLayout {
    private final List<Column> columns;
    private final Map<String, Integer> positions = new HashMap<>();

    RowLayout(List<Column> columns) {
        this.columns = List.copyOf(columns);
        for (int i = 0; i < columns.size(); i++) {
            positions.put(columns.get(i).name(), i);
        }
    }

    List<Column> columns() {
        return columns;
    }

    int indexOf(String name) {
        Integer i = positions.get(name);
        if (i == null) {
            throw new JazminValidationException("unknown column '" + name + "'");
        }
        return i;
    }

    int indexOf(String name, ColumnType expected) {
        int i = indexOf(name);
        ColumnType actual = columns.get(i).type();
        if (actual != expected) {
            throw new JazminValidationException("column '" + name + "' is " + actual.typeName() + ", not "
                    + expected.typeName());
        }
        return i;
    }
}
