package io.jazmin.change;

import io.jazmin.data.Filter;
import io.jazmin.error.JazminValidationException;
import io.jazmin.files.FileChanges;
import io.jazmin.schema.IndexKind;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What {@code JazminFile.update} changes in one table, in one full rewrite (spec §1.25).
 *
 * @param table      the table ({@code null} for the first)
 * @param delete     rows to remove, or {@code null}
 * @param keyColumns the columns identifying a row for {@code upsert}
 * @param upsert     rows replacing those with equal keys (or added when none has them)
 * @param insert     rows to add
 * @param metadata   a JSON object whose members replace the file's metadata members, or empty
 * @param files      embedded files to add and remove, and a new {@code package}
 * @param sortedBy   the table's new sort order (its rows are sorted into it; empty: unsorted), or
 *                   {@code null} to keep the table's
 * @param indexes    the table's new indexes, by column (every one built anew; those not listed are
 *                   dropped), or {@code null} to keep the table's
 */
public record UpdateChanges(String table, Filter delete, List<String> keyColumns, List<? extends Map<String, ?>> upsert,
                      List<? extends Map<String, ?>> insert, String metadata, FileChanges files, List<String> sortedBy,
                      Map<String, Set<IndexKind>> indexes) {
    public UpdateChanges {
        keyColumns = keyColumns == null ? List.of() : List.copyOf(keyColumns);
        upsert = upsert == null ? List.of() : upsert;
        insert = insert == null ? List.of() : insert;
        metadata = metadata == null ? "" : metadata;
        files = files == null ? FileChanges.none() : files;
        sortedBy = sortedBy == null ? null : List.copyOf(sortedBy);
        if (indexes != null) {
            Map<String, Set<IndexKind>> copy = new LinkedHashMap<>();
            indexes.forEach((column, kinds) -> copy.put(column, Set.copyOf(kinds)));
            indexes = java.util.Collections.unmodifiableMap(copy);
        }
        if (!upsert.isEmpty() && keyColumns.isEmpty()) {
            throw new JazminValidationException("upserts need key columns");
        }
    }

    /** Changes that keep the table's sort order and indexes. */
    public UpdateChanges(String table, Filter delete, List<String> keyColumns, List<? extends Map<String, ?>> upsert,
                         List<? extends Map<String, ?>> insert, String metadata, FileChanges files) {
        this(table, delete, keyColumns, upsert, insert, metadata, files, null, null);
    }

    /** Changes to rows and metadata only; the embedded files, sort order and indexes are kept as they are. */
    public UpdateChanges(String table, Filter delete, List<String> keyColumns, List<? extends Map<String, ?>> upsert,
                   List<? extends Map<String, ?>> insert, String metadata) {
        this(table, delete, keyColumns, upsert, insert, metadata, FileChanges.none());
    }

    /** Changes to the embedded files (and package) only. */
    public static UpdateChanges ofFiles(FileChanges files) {
        return new UpdateChanges(null, null, null, null, null, "", files);
    }

    /**
     * These changes, and the table re-declared with sort order {@code sortedBy} and exactly the
     * indexes {@code indexes} ({@code null} keeps the table's of either).
     */
    public UpdateChanges withLayout(List<String> sortedBy, Map<String, Set<IndexKind>> indexes) {
        return new UpdateChanges(table, delete, keyColumns, upsert, insert, metadata, files, sortedBy, indexes);
    }
}
