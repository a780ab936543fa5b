package io.jazmin.reader;

import io.jazmin.Column;
import io.jazmin.JazminFormatException;
import io.jazmin.UnsupportedFeatureException;
import io.jazmin.catalog.CatalogColumn;
import io.jazmin.catalog.ColumnGroup;
import io.jazmin.catalog.TableEntry;
import io.jazmin.column.NestedDefinitions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Checks a table's column groups and returns its columns in position order (the order of the
 * streams inside a chunk part). Files that are not access-controlled have the one group {@code *}.
 */
final class TableColumns {
    private TableColumns() {
    }

    static List<Column> of(TableEntry table) {
        List<ColumnGroup> groups = table.columnGroups();
        if (groups.isEmpty()) {
            throw new JazminFormatException("table '" + table.name() + "' has no column groups");
        }
        if (groups.size() > 1 || !SectionIds.DEFAULT_GROUP.equals(groups.get(0).name())) {
            throw new UnsupportedFeatureException("access-control",
                    "table '" + table.name() + "' has restricted column groups: access-controlled files are not "
                            + "supported yet");
        }
        List<CatalogColumn> stored = groups.get(0).columns();
        if (stored.size() != table.columnCount()) {
            throw new JazminFormatException("table '" + table.name() + "' declares " + table.columnCount()
                    + " columns but defines " + stored.size());
        }
        Column[] byPosition = new Column[stored.size()];
        Set<String> names = new HashSet<>();
        for (CatalogColumn c : stored) {
            if (c.position() < 0 || c.position() >= byPosition.length || byPosition[c.position()] != null) {
                throw new JazminFormatException("column '" + c.name() + "' has an invalid or repeated position "
                        + c.position());
            }
            if (c.name().isEmpty() || !names.add(c.name())) {
                throw new JazminFormatException("column name '" + c.name() + "' is empty or repeated");
            }
            Column column = c.toColumn();
            String problem = NestedDefinitions.problem(column);
            if (problem != null) {
                throw new JazminFormatException(problem);
            }
            byPosition[c.position()] = column;
        }
        return new ArrayList<>(Arrays.asList(byPosition));
    }
}
