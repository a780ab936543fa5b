package io.jazmin.internal.writer;

import io.jazmin.schema.Column;
import io.jazmin.error.JazminValidationException;
import io.jazmin.internal.catalog.CatalogColumn;
import io.jazmin.internal.catalog.ColumnGroup;
import io.jazmin.internal.catalog.TableEntry;
import io.jazmin.internal.column.NestedDefinitions;
import java.util.ArrayList;
import java.util.List;

/**
 * The one column change an append may make (spec §1.10 "fields added later", §1.24): object
 * columns, at any depth, gain nullable fields after their last one. Older chunks keep their shorter
 * object bodies, whose missing trailing fields read as null. Everything else about the columns
 * (names, order, types, nullability, descriptions, attributes) must stay as it is.
 */
final class ColumnGrowth {
    private ColumnGrowth() {
    }

    /**
     * Checks the grown definitions of a table's columns against its current ones.
     *
     * @return {@code grown}
     * @throws JazminValidationException naming the first column changed in another way
     */
    static List<Column> check(List<Column> current, List<Column> grown) {
        if (grown.size() != current.size()) {
            throw new JazminValidationException("the table has " + current.size() + " columns, the grown definitions "
                    + grown.size() + ": an append cannot add, remove or reorder columns");
        }
        for (int i = 0; i < current.size(); i++) {
            Column now = grown.get(i);
            String problem = NestedDefinitions.problem(now);
            if (problem != null) {
                throw new JazminValidationException(problem);
            }
            checkName(current.get(i), now, current.get(i).name());
            check(current.get(i), now, current.get(i).name());
        }
        return grown;
    }

    /** Columns and fields keep their names (a list item's name is not stored, so it is not compared). */
    private static void checkName(Column was, Column now, String path) {
        if (!was.name().equals(now.name())) {
            throw refused(path, "it was renamed or moved ('" + now.name() + "' given in its place)");
        }
    }

    private static void check(Column was, Column now, String path) {
        if (was.type() != now.type() || was.nullable() != now.nullable()
                || !was.description().equals(now.description()) || !was.attributes().equals(now.attributes())) {
            throw refused(path, "its type, nullability, description or attributes changed");
        }
        if (was.type().hasItems()) {
            check(was.item(), now.item(), path + "[]");
        }
        int kept = was.fields().size();
        if (now.fields().size() < kept) {
            throw refused(path, "fields were removed");
        }
        for (int i = 0; i < kept; i++) {
            String field = path + "." + was.fields().get(i).name();
            checkName(was.fields().get(i), now.fields().get(i), field);
            check(was.fields().get(i), now.fields().get(i), field);
        }
        for (Column added : now.fields().subList(kept, now.fields().size())) {
            if (!added.nullable()) {
                throw refused(path, "new field '" + added.name() + "' is required; only nullable fields can be added");
            }
        }
    }

    private static JazminValidationException refused(String path, String why) {
        return new JazminValidationException("column '" + path + "' cannot change in an append: " + why
                + "; objects may only gain nullable fields at the end");
    }

    /** {@code entry} with its inline column groups holding the definitions of {@code columns} (by position). */
    static TableEntry withColumns(TableEntry entry, List<Column> columns) {
        List<ColumnGroup> groups = new ArrayList<>();
        for (ColumnGroup g : entry.columnGroups()) {
            List<CatalogColumn> stored = new ArrayList<>();
            for (CatalogColumn c : g.columns()) {
                stored.add(CatalogColumn.of(columns.get(c.position()), c.position()));
            }
            groups.add(new ColumnGroup(g.name(), stored, g.columnCount(), g.definitions()));
        }
        return new TableEntry(entry.name(), entry.columnCount(), groups, entry.sortedBy(), entry.partitionBy(),
                entry.rowCount(), entry.deletedCount(), entry.chunkCount(), entry.partitions(),
                entry.partitionTable(), entry.indexes(), entry.deletes());
    }
}
