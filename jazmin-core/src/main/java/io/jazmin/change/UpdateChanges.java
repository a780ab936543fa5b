package io.jazmin.change;

import io.jazmin.data.Filter;
import io.jazmin.error.JazminValidationException;
import io.jazmin.files.FileChanges;
import java.util.List;
import java.util.Map;

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
 */
public record UpdateChanges(String table, Filter delete, List<String> keyColumns, List<? extends Map<String, ?>> upsert,
                      List<? extends Map<String, ?>> insert, String metadata, FileChanges files) {
    public UpdateChanges {
        keyColumns = keyColumns == null ? List.of() : List.copyOf(keyColumns);
        upsert = upsert == null ? List.of() : upsert;
        insert = insert == null ? List.of() : insert;
        metadata = metadata == null ? "" : metadata;
        files = files == null ? FileChanges.none() : files;
        if (!upsert.isEmpty() && keyColumns.isEmpty()) {
            throw new JazminValidationException("upserts need key columns");
        }
    }

    /** Changes to rows and metadata only; the embedded files are kept as they are. */
    public UpdateChanges(String table, Filter delete, List<String> keyColumns, List<? extends Map<String, ?>> upsert,
                   List<? extends Map<String, ?>> insert, String metadata) {
        this(table, delete, keyColumns, upsert, insert, metadata, FileChanges.none());
    }

    /** Changes to the embedded files (and package) only. */
    public static UpdateChanges ofFiles(FileChanges files) {
        return new UpdateChanges(null, null, null, null, null, "", files);
    }
}
