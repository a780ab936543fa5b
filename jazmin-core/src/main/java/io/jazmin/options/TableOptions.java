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
 * the settings of the whole file. Immutable; start from {@link #defaults()} and change what you need
 * ({@code TableOptions.defaults().withSortedBy(List.of("id")).withIndex("name", IndexKind.TRIGRAM)}).
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
        return new TableOptions(DEFAULT_NAME, DEFAULT_CHUNK_ROWS, DEFAULT_CHUNK_BYTES, List.of(), Map.of());
    }

    /** These options with the table named {@code value} ({@code null}: the default, empty). */
    public TableOptions withName(String value) {
        return new TableOptions(value, chunkRows, chunkBytes, sortedBy, indexes);
    }

    /** @throws JazminValidationException when {@code value} is below 1 */
    public TableOptions withChunkRows(int value) {
        return new TableOptions(name, value, chunkBytes, sortedBy, indexes);
    }

    /** @throws JazminValidationException when {@code value} is below 1 */
    public TableOptions withChunkBytes(int value) {
        return new TableOptions(name, chunkRows, value, sortedBy, indexes);
    }

    /** These options with the rows sorted by {@code value} ({@code null}: not sorted). */
    public TableOptions withSortedBy(List<String> value) {
        return new TableOptions(name, chunkRows, chunkBytes, value, indexes);
    }

    /** Builds {@code kinds} indexes on {@code column} (in addition to any declared before). */
    public TableOptions withIndex(String column, IndexKind... kinds) {
        Map<String, Set<IndexKind>> more = new LinkedHashMap<>(indexes);
        Set<IndexKind> onColumn = new LinkedHashSet<>(indexes.getOrDefault(column, Set.of()));
        onColumn.addAll(Arrays.asList(kinds));
        more.put(column, onColumn);
        return withIndexes(more);
    }

    /** Replaces the declared indexes with {@code value} (column name to kinds; {@code null}: none). */
    public TableOptions withIndexes(Map<String, Set<IndexKind>> value) {
        return new TableOptions(name, chunkRows, chunkBytes, sortedBy, value);
    }

    /** Keeps declaration order: the reference writer lists indexes in the order they were requested. */
    private static Map<String, Set<IndexKind>> copyIndexes(Map<String, Set<IndexKind>> in) {
        Map<String, Set<IndexKind>> out = new LinkedHashMap<>();
        in.forEach((column, kinds) -> out.put(column, Collections.unmodifiableSet(new LinkedHashSet<>(kinds))));
        return Collections.unmodifiableMap(out);
    }
}
