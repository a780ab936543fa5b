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
 * {@link WriteOptions#withKey}; set these with {@link WriteOptions#withAccess}. Immutable; made by
 * {@link #builder()}:
 * <pre>{@code
 * AccessSettings.builder().partitionBy("country").columnGroup("pii", List.of("email", "balance"))
 *         .grant(AccessGrant.of(bob).withRows(List.of("ZA")).withColumns(List.of("*")))
 *         .build()
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

    /** A builder without partition column, groups or grants. */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds {@link AccessSettings}. Not thread-safe. */
    public static final class Builder {
        private String partitionBy;
        private final Map<String, List<String>> columnGroups = new LinkedHashMap<>();
        private final List<AccessGrant> grants = new ArrayList<>();
        private boolean chunkMap = true;

        private Builder() {
        }

        /** Rows are partitioned by the values of {@code column} ({@code null}: no partition column). */
        public Builder partitionBy(String column) {
            this.partitionBy = column;
            return this;
        }

        /** Puts {@code columns} in the restricted group {@code name} ({@code [A-Za-z0-9_.-]{1,64}}). */
        public Builder columnGroup(String name, List<String> columns) {
            if (columnGroups.put(name, List.copyOf(columns)) != null) {
                throw new JazminValidationException("column group '" + name + "' is declared twice");
            }
            return this;
        }

        /** Adds a grant. */
        public Builder grant(AccessGrant grant) {
            grants.add(Objects.requireNonNull(grant, "grant"));
            return this;
        }

        /** Whether full writes store the owner's chunk map (default {@code true}). */
        public Builder chunkMap(boolean write) {
            this.chunkMap = write;
            return this;
        }

        /** The settings built so far. */
        public AccessSettings build() {
            return new AccessSettings(partitionBy, columnGroups, grants, chunkMap);
        }
    }
}
