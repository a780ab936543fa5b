package io.jazmin.internal.writer;

import io.jazmin.options.AccessSettings;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.error.JazminValidationException;
import io.jazmin.internal.crypto.ShareSecrets;
import io.jazmin.internal.table.SectionIds;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * How one table of a shared file is divided (spec §1.19): its partition column (or none: the one
 * partition {@code *}), its column groups ({@code *} first, then the declared groups that have a
 * column in this table) and each partition's id, derived from its name with the version's secrets.
 *
 * @param partitionColumn position of the partition column, or -1
 * @param groupNames      group names in group order
 * @param groups          per group, the positions of its columns, ascending
 */
record SharedTable(int partitionColumn, List<String> groupNames, int[][] groups, ShareSecrets secrets,
                   Map<String, String> idTexts) {
    private static final Pattern GROUP_NAME = Pattern.compile("[A-Za-z0-9_.-]{1,64}");

    /**
     * Checks {@code settings} against {@code columns} and plans the table.
     *
     * @throws JazminValidationException when a group names an unknown column, a column twice, or the
     *                                   partition column, or the partition column is not string or int
     */
    static SharedTable plan(AccessSettings settings, List<Column> columns, ShareSecrets secrets) {
        Map<String, Integer> positions = new HashMap<>();
        for (int i = 0; i < columns.size(); i++) {
            positions.put(columns.get(i).name(), i);
        }
        int partitionColumn = -1;
        if (settings.partitionBy() != null) {
            Integer p = positions.get(settings.partitionBy());
            if (p == null) {
                throw new JazminValidationException("the partition column '" + settings.partitionBy()
                        + "' is not a column of the table");
            }
            ColumnType type = columns.get(p).type();
            if (!type.isText() && !type.isInteger()) {
                throw new JazminValidationException("the partition column '" + settings.partitionBy()
                        + "' must be string or int, not " + type.typeName());
            }
            partitionColumn = p;
        }
        int[] groupOf = new int[columns.size()];
        List<String> names = new ArrayList<>(List.of(SectionIds.DEFAULT_GROUP));
        for (Map.Entry<String, List<String>> g : settings.columnGroups().entrySet()) {
            String name = g.getKey();
            if (!GROUP_NAME.matcher(name).matches() || name.equals(SectionIds.DEFAULT_GROUP)) {
                throw new JazminValidationException("column group name '" + name + "' must be 1-64 of A-Z a-z 0-9 _ . -");
            }
            if (g.getValue().isEmpty()) {
                throw new JazminValidationException("column group '" + name + "' has no columns");
            }
            names.add(name);
            for (String column : g.getValue()) {
                Integer p = positions.get(column);
                if (p == null) {
                    throw new JazminValidationException("column group '" + name + "' names unknown column '"
                            + column + "'");
                }
                if (groupOf[p] != 0) {
                    throw new JazminValidationException("column '" + column + "' is in two column groups");
                }
                if (p == partitionColumn) {
                    throw new JazminValidationException("the partition column '" + column
                            + "' must stay in the default group '*', not in '" + name + "'");
                }
                groupOf[p] = names.size() - 1;
            }
        }
        int[][] groups = new int[names.size()][];
        for (int g = 0; g < groups.length; g++) {
            int gg = g;
            groups[g] = java.util.stream.IntStream.range(0, columns.size()).filter(i -> groupOf[i] == gg).toArray();
        }
        return new SharedTable(partitionColumn, List.copyOf(names), groups, secrets, new HashMap<>());
    }

    /** The partition name of a row's (coerced) values: value text, "" for null, {@code *} without a column. */
    String partitionOf(Object[] row) {
        if (partitionColumn < 0) {
            return SectionIds.PLAIN_PARTITION;
        }
        return SectionIds.partitionName(row[partitionColumn]);
    }

    /** The id text (base64url) of partition {@code name}. */
    String idText(String name) {
        return idTexts.computeIfAbsent(name, n -> ShareSecrets.idText(secrets.partitionId(n)));
    }
}
