package io.jazmin.internal.column;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.error.JazminValidationException;

/** The columns returned by a read, with a name lookup shared by all its rows. */
public final class RowLayout {
    private final List<Column> columns;
    private final Map<String, Integer> positions = new HashMap<>();

    public RowLayout(List<Column> columns) {
        this.columns = List.copyOf(columns);
        for (int i = 0; i < columns.size(); i++) {
            positions.put(columns.get(i).name(), i);
        }
    }

    public List<Column> columns() {
        return columns;
    }

    public int indexOf(String name) {
        Integer i = positions.get(name);
        if (i == null) {
            throw new JazminValidationException("unknown column '" + name + "'");
        }
        return i;
    }

    public int indexOf(String name, ColumnType expected) {
        int i = indexOf(name);
        ColumnType actual = columns.get(i).type();
        if (actual != expected) {
            throw new JazminValidationException("column '" + name + "' is " + actual.typeName() + ", not "
                    + expected.typeName());
        }
        return i;
    }
}
