package io.jazmin.internal.table;

import io.jazmin.schema.Column;
import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.catalog.CatalogColumn;
import io.jazmin.internal.catalog.ColumnDefinitions;
import io.jazmin.internal.catalog.ColumnGroup;
import io.jazmin.internal.catalog.TableEntry;
import io.jazmin.internal.column.NestedDefinitions;
import io.jazmin.internal.section.SectionReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A table's column groups and the columns a reader may see (spec §1.12, §1.19). Files that are not
 * access-controlled have the one group {@code *}, all visible. In access-controlled files each
 * chunk has one part per group; a key sees the groups of its grant (the owner all), and a
 * restricted group's definitions are read only when it is visible. Visible columns are numbered
 * 0.. in position order ("view positions"); hidden ones have no name here, so naming one fails like
 * naming an unknown column.
 *
 * @param visible      the visible columns, in position order
 * @param stored       stored position of each visible column
 * @param groupNames   every group's name, in header order (the order of a chunk's parts)
 * @param groupVisible whether each group is visible
 * @param members      per visible group: the view positions of its columns, in stream order
 *                     (ascending position); empty for hidden groups
 */
record TableColumns(List<Column> visible, int[] stored, List<String> groupNames, boolean[] groupVisible,
                    int[][] members) {

    /** The group of each visible column's statistics, by view position. */
    String groupOf(int view) {
        for (int g = 0; g < members.length; g++) {
            for (int m : members[g]) {
                if (m == view) {
                    return groupNames.get(g);
                }
            }
        }
        throw new IllegalArgumentException("column " + view + " is in no group");
    }

    /** Reads and checks the columns of {@code table}; {@code grant} is {@code null} outside access files. */
    static TableColumns of(TableEntry table, int tableIndex, SectionReader sections, Grant grant) {
        List<ColumnGroup> groups = table.columnGroups();
        if (groups.isEmpty()) {
            throw new JazminFormatException("table '" + table.name() + "' has no column groups");
        }
        if (grant == null && (groups.size() > 1 || !SectionIds.DEFAULT_GROUP.equals(groups.get(0).name()))) {
            throw new JazminFormatException("table '" + table.name() + "' has restricted column groups, but the "
                    + "file is not access-controlled");
        }
        long declared = 0;
        for (ColumnGroup g : groups) {
            declared += g.definitions() != null ? g.columnCount() : g.columns().size();
        }
        if (declared != table.columnCount()) {
            throw new JazminFormatException("table '" + table.name() + "' declares " + table.columnCount()
                    + " columns but its groups hold " + declared);
        }
        Column[] byPosition = new Column[table.columnCount()];
        int[] groupOf = new int[table.columnCount()];
        boolean[] groupVisible = new boolean[groups.size()];
        List<String> names = new ArrayList<>();
        Set<String> groupSet = new HashSet<>();
        for (int g = 0; g < groups.size(); g++) {
            ColumnGroup group = groups.get(g);
            if (!groupSet.add(group.name())) {
                throw new JazminFormatException("column group '" + group.name() + "' is repeated in table '"
                        + table.name() + "'");
            }
            names.add(group.name());
            groupVisible[g] = grant == null || grant.seesGroup(group.name());
            if (!groupVisible[g]) {
                continue;
            }
            List<CatalogColumn> defs = group.columns();
            if (group.definitions() != null) {
                String id = SectionIds.columnDefinitions(tableIndex, group.name());
                defs = ColumnDefinitions.decode(sections.read(id, group.definitions())).columns();
                if (defs.size() != group.columnCount()) {
                    throw new JazminFormatException("column group '" + group.name() + "' declares "
                            + group.columnCount() + " columns but defines " + defs.size(), id,
                            group.definitions().offset());
                }
            }
            place(defs, byPosition, groupOf, g);
        }
        return build(byPosition, groupOf, names, groupVisible);
    }

    private static void place(List<CatalogColumn> defs, Column[] byPosition, int[] groupOf, int group) {
        for (CatalogColumn c : defs) {
            if (c.position() < 0 || c.position() >= byPosition.length || byPosition[c.position()] != null) {
                throw new JazminFormatException("column '" + c.name() + "' has an invalid or repeated position "
                        + c.position());
            }
            Column column = c.toColumn();
            String problem = NestedDefinitions.problem(column);
            if (problem != null) {
                throw new JazminFormatException(problem);
            }
            byPosition[c.position()] = column;
            groupOf[c.position()] = group;
        }
    }

    private static TableColumns build(Column[] byPosition, int[] groupOf, List<String> names, boolean[] groupVisible) {
        // Plain loops, no streams: this runs at every open.
        List<Column> visible = new ArrayList<>(byPosition.length);
        int[] stored = new int[byPosition.length];
        int[] memberCounts = new int[names.size()];
        Set<String> columnNames = new HashSet<>();
        for (int p = 0; p < byPosition.length; p++) {
            Column c = byPosition[p];
            if (c == null) {
                continue;
            }
            if (c.name().isEmpty() || !columnNames.add(c.name())) {
                throw new JazminFormatException("column name '" + c.name() + "' is empty or repeated");
            }
            memberCounts[groupOf[p]]++;
            stored[visible.size()] = p;
            visible.add(c);
        }
        int[][] memberArrays = new int[names.size()][];
        for (int g = 0; g < memberArrays.length; g++) {
            memberArrays[g] = new int[memberCounts[g]];
            memberCounts[g] = 0;
        }
        for (int v = 0; v < visible.size(); v++) {
            int g = groupOf[stored[v]];
            memberArrays[g][memberCounts[g]++] = v;
        }
        return new TableColumns(List.copyOf(visible), Arrays.copyOf(stored, visible.size()), List.copyOf(names),
                groupVisible, memberArrays);
    }
}
