package io.jazmin.internal.changefile;

import io.jazmin.error.JazminValidationException;
import io.jazmin.internal.reader.OwnerDirectory;
import io.jazmin.internal.reader.TableReader;
import io.jazmin.internal.table.SectionIds;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the sender of a change file to a shared file may change (spec §1.22): the rows of its
 * grant's partitions and the columns of its grant's column groups. An added row that names no
 * partition goes to the grant's partition when it has exactly one.
 *
 * @param keyId          the sender's access key id
 * @param partitionBy    the table's partition column, or {@code ""} when it has one partition
 * @param partitions     the partitions the grant covers, or {@code null} for all of them
 * @param onlyPartition  the one partition an added row without one goes to, or {@code null}
 * @param columns        the columns the grant covers, or {@code null} for all of them
 */
record SenderScope(String keyId, String partitionBy, Set<String> partitions, String onlyPartition,
                   Set<String> columns) {
    /** The scope of the grant {@code grant} in {@code table}, whose partitions the owner sees as {@code present}. */
    static SenderScope of(OwnerDirectory.GrantEntry grant, TableReader table, List<String> present) {
        Set<String> columns = null;
        if (grant.columns() != null) {
            columns = new LinkedHashSet<>();
            Map<String, List<String>> groups = table.columnGroupColumns();
            for (String g : grant.columns()) {
                columns.addAll(groups.getOrDefault(g, List.of()));
            }
        }
        Set<String> partitions = grant.rows() == null ? null : Set.copyOf(grant.rows());
        List<String> covered = grant.rows() == null ? present : grant.rows();
        String only = covered.size() == 1 ? covered.get(0) : null;
        return new SenderScope(grant.keyId(), table.partitionBy(), partitions, only, columns);
    }

    boolean partitioned() {
        return !partitionBy.isEmpty();
    }

    boolean seesPartition(Object value) {
        return partitions == null || partitions.contains(SectionIds.partitionName(value));
    }

    boolean seesColumn(String name) {
        return columns == null || columns.contains(name);
    }

    /**
     * The partition value of {@code name} for a column of type {@code isInt ? int : string}:
     * partition names are the value's text, decimal digits for ints, empty for null (spec §1.19).
     */
    static Object partitionValue(String name, boolean isInt) {
        if (name.isEmpty()) {
            return null;
        }
        if (!isInt) {
            return name;
        }
        try {
            return Long.parseLong(name);
        } catch (NumberFormatException e) {
            throw new JazminValidationException("partition '" + name + "' is not an int, as its column is");
        }
    }
}
