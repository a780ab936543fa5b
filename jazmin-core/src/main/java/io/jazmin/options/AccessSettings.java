package io.jazmin.options;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import io.jazmin.error.JazminValidationException;

/**
 * How a shared (access-controlled) file divides its rows and columns and who may read what (spec
 * §1.19): rows are partitioned by the values of one column, columns are put in named groups (the
 * columns not listed form the default group {@code *}), and each grant gives one access key some
 * partitions and groups. The file is written with the owner key of
 * {@link WriteOptions#withKey}; set these with {@link WriteOptions#withAccess}. Immutable, as the
 * other options: start from {@link #defaults()} and change what you need with the {@code with…}
 * methods, each returning new settings:
 * <pre>{@code
 * AccessSettings.defaults().withPartitionBy("country").withColumnGroup("pii", List.of("email", "balance"))
 *         .withGrant(AccessGrant.of(bob).withRows(List.of("ZA")).withColumns(List.of("*")))
 * }</pre>
 * {@link #toString()} shows key ids, never keys.
 *
 * @param partitionBy  the partition column ({@code string} or {@code int}, in group {@code *}), or
 *                     {@code null} for one partition {@code *} per table
 * @param columnGroups restricted group name → its columns, in declaration order
 * @param grants       the grants, in order
 * @param chunkMap     whether full writes store the owner's chunk map (each chunk's partition and rows), which
 *                     lets the owner's index lookups read only the partitions holding hits; on by default, it
 *                     is optional (spec §1.19), and appends to a file without one write none
 */
public record AccessSettings(String partitionBy, Map<String, List<String>> columnGroups, List<AccessGrant> grants,
                             boolean chunkMap) {

    public AccessSettings {
        Map<String, List<String>> groups = new LinkedHashMap<>();
        Objects.requireNonNull(columnGroups, "columnGroups").forEach((g, cols) -> groups.put(g, List.copyOf(cols)));
        columnGroups = Collections.unmodifiableMap(groups);
        grants = List.copyOf(grants);
    }

    /** Settings with the chunk map written. */
    public AccessSettings(String partitionBy, Map<String, List<String>> columnGroups, List<AccessGrant> grants) {
        this(partitionBy, columnGroups, grants, true);
    }

    private static final AccessSettings DEFAULTS = new AccessSettings(null, Map.of(), List.of(), true);

    /** No partition column (one partition {@code *} per table), no column groups, no grants, the chunk map written. */
    public static AccessSettings defaults() {
        return DEFAULTS;
    }

    /** These settings with rows partitioned by the values of {@code column} ({@code null}: no partition column). */
    public AccessSettings withPartitionBy(String column) {
        return new AccessSettings(column, columnGroups, grants, chunkMap);
    }

    /**
     * These settings with {@code columns} in the restricted group {@code name}
     * ({@code [A-Za-z0-9_.-]{1,64}}), after the groups declared before.
     *
     * @throws JazminValidationException when a group {@code name} is declared already
     */
    public AccessSettings withColumnGroup(String name, List<String> columns) {
        if (columnGroups.containsKey(name)) {
            throw new JazminValidationException("column group '" + name + "' is declared twice");
        }
        Map<String, List<String>> more = new LinkedHashMap<>(columnGroups);
        more.put(name, columns);
        return new AccessSettings(partitionBy, more, grants, chunkMap);
    }

    /** Replaces the restricted column groups with {@code value} (group name to columns, in order). */
    public AccessSettings withColumnGroups(Map<String, List<String>> value) {
        return new AccessSettings(partitionBy, value, grants, chunkMap);
    }

    /** These settings with {@code grant} after the grants given before. */
    public AccessSettings withGrant(AccessGrant grant) {
        List<AccessGrant> more = new ArrayList<>(grants);
        more.add(Objects.requireNonNull(grant, "grant"));
        return new AccessSettings(partitionBy, columnGroups, more, chunkMap);
    }

    /** Replaces the grants with {@code value}, in order. */
    public AccessSettings withGrants(List<AccessGrant> value) {
        return new AccessSettings(partitionBy, columnGroups, value, chunkMap);
    }

    /** Whether full writes store the owner's chunk map (see {@link #chunkMap()}; default {@code true}). */
    public AccessSettings withChunkMap(boolean write) {
        return new AccessSettings(partitionBy, columnGroups, grants, write);
    }
}
