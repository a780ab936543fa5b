package io.jazmin.options;

import io.jazmin.error.JazminValidationException;
import io.jazmin.schema.IndexKind;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How one table is written: its name, how rows are cut into chunks, the order they are sorted by
 * and the indexes built. Part of {@link WriteOptions} ({@link WriteOptions#table()}), which holds
 * the settings of the whole file. Immutable; build one with {@link #builder()}.
 *
 * @param name       the table's name ({@code ""}, the reference writers' default, for a single table)
 * @param chunkRows  most rows per chunk (default 4,096)
 * @param chunkBytes most raw bytes per chunk, roughly (default 1 MiB)
 * @param sortedBy   columns the rows are sorted by (checked while writing), or empty
 * @param indexes    the indexes to build, by column name, in the order they were asked for
 */
public record TableOptions(String name, int chunkRows, int chunkBytes, List<String> sortedBy,
                           Map<String, Set<IndexKind>> indexes) {
    public static final int DEFAULT_CHUNK_ROWS = 4096;
    public static final int DEFAULT_CHUNK_BYTES = 1 << 20;
    /** The table name the reference writers give a single table: empty. */
    public static final String DEFAULT_NAME = "";

    public TableOptions {
        name = name == null ? DEFAULT_NAME : name;
        sortedBy = sortedBy == null ? List.of() : List.copyOf(sortedBy);
        indexes = indexes == null ? Map.of() : copyIndexes(indexes);
        if (chunkRows < 1) {
            throw new JazminValidationException("chunkRows must be at least 1, got " + chunkRows);
        }
        if (chunkBytes < 1) {
            throw new JazminValidationException("chunkBytes must be at least 1, got " + chunkBytes);
        }
    }

    /** The unnamed table, 4,096 rows or 1 MiB per chunk, not sorted, no indexes. */
    public static TableOptions defaults() {
        return builder().build();
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from these options. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.name = name;
        b.chunkRows = chunkRows;
        b.chunkBytes = chunkBytes;
        b.sortedBy = sortedBy;
        return b.indexes(indexes);
    }

    /** Keeps declaration order: the reference writer lists indexes in the order they were requested. */
    private static Map<String, Set<IndexKind>> copyIndexes(Map<String, Set<IndexKind>> in) {
        Map<String, Set<IndexKind>> out = new LinkedHashMap<>();
        in.forEach((column, kinds) -> out.put(column, Collections.unmodifiableSet(new LinkedHashSet<>(kinds))));
        return Collections.unmodifiableMap(out);
    }

    /** Builds {@link TableOptions}; every setting starts at its default. */
    public static final class Builder {
        private String name = DEFAULT_NAME;
        private int chunkRows = DEFAULT_CHUNK_ROWS;
        private int chunkBytes = DEFAULT_CHUNK_BYTES;
        private List<String> sortedBy = List.of();
        private Map<String, Set<IndexKind>> indexes = new LinkedHashMap<>();

        private Builder() {
        }

        public Builder name(String value) {
            name = value;
            return this;
        }

        public Builder chunkRows(int value) {
            chunkRows = value;
            return this;
        }

        public Builder chunkBytes(int value) {
            chunkBytes = value;
            return this;
        }

        public Builder sortedBy(List<String> value) {
            sortedBy = value;
            return this;
        }

        /** Builds {@code kinds} indexes on {@code column} (in addition to any declared before). */
        public Builder index(String column, IndexKind... kinds) {
            indexes.computeIfAbsent(column, c -> new LinkedHashSet<>()).addAll(Arrays.asList(kinds));
            return this;
        }

        /** Replaces the declared indexes with {@code value} (column name to kinds). */
        public Builder indexes(Map<String, Set<IndexKind>> value) {
            indexes = new LinkedHashMap<>();
            if (value != null) {
                value.forEach((column, kinds) -> indexes.put(column, new LinkedHashSet<>(kinds)));
            }
            return this;
        }

        /** @throws JazminValidationException when a chunk bound is below 1 */
        public TableOptions build() {
            return new TableOptions(name, chunkRows, chunkBytes, sortedBy, indexes);
        }
    }
}
