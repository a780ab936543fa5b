package io.jazmin.spring.data.core;

import io.jazmin.schema.Storage;

/**
 * When a file is compacted right after a write (by the writing thread, while it still holds the
 * file's write lock). Appends and deletes change a file in place: deleted rows keep their bytes and
 * every change adds a version, until compaction rewrites the file. Either threshold, when set,
 * triggers it; with none set ({@link #NONE}) files are only compacted on demand
 * ({@link JazminOperations#compact(String)}).
 *
 * @param deletedRatio compact when deleted rows exceed this share of the rows written (deleted rows
 *                     included), 0 to 1, or {@code null}
 * @param appends      compact when the file has had this many appends since its last full write
 *                     (at least 1), or {@code null}
 */
public record CompactionPolicy(Double deletedRatio, Integer appends) {
    /** No threshold: compaction only on demand. */
    public static final CompactionPolicy NONE = new CompactionPolicy(null, null);

    public CompactionPolicy {
        if (deletedRatio != null && (deletedRatio.isNaN() || deletedRatio < 0 || deletedRatio > 1)) {
            throw new IllegalArgumentException("compaction deleted-ratio must be between 0 and 1, got " + deletedRatio);
        }
        if (appends != null && appends < 1) {
            throw new IllegalArgumentException("compaction appends must be at least 1, got " + appends);
        }
    }

    /** Whether any threshold is set. */
    public boolean enabled() {
        return deletedRatio != null || appends != null;
    }

    /** Whether a file using its storage as {@code storage} says is due for compaction. */
    public boolean isDue(Storage storage) {
        if (appends != null && storage.appendCount() >= appends) {
            return true;
        }
        if (deletedRatio != null) {
            long deleted = storage.deletedRows();
            long written = deleted + storage.tables().stream().mapToLong(Storage.Table::rowCount).sum();
            return deleted > 0 && (double) deleted / written > deletedRatio;
        }
        return false;
    }
}
