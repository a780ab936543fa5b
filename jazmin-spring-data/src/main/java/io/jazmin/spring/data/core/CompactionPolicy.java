package io.jazmin.spring.data.core;

import io.jazmin.schema.Storage;

/**
 * When a file is compacted right after a write (by the writing thread, once its write is durable).
 * Appends and deletes change a file in place: deleted rows keep their bytes, and every change writes
 * a new header and leaves the previous one behind as dead bytes, until compaction rewrites the file.
 * Any threshold set triggers it; with none set ({@link #NONE}) files are only compacted on demand
 * ({@link JazminOperations#compact(String)}).
 *
 * <p>A writable file's default is {@link #AUTOMATIC}: each append's header lists every segment
 * appended since the last full write, so both the header an append writes and the bytes superseded
 * headers leave grow with the appends. Compacting once the superseded bytes reach half the file
 * keeps the work of rewriting the file about equal to the work of the headers it saves, so a
 * save costs about the same after ten thousand saves as after ten, and the file stays within about
 * twice its live size.
 *
 * @param deletedRatio     compact when deleted rows exceed this share of the rows written (deleted rows
 *                         included), 0 to 1, or {@code null}
 * @param appends          compact when the file has had this many appends since its last full write
 *                         (at least 1), or {@code null}
 * @param deadBytesRatio   compact when the bytes a compaction would drop ({@link Storage#deadBytes()}:
 *                         superseded headers, deleted-row lists and directories) are at least this share
 *                         of the file, 0 to 1, or {@code null}
 * @param deadBytesMinimum with {@code deadBytesRatio}, the dead bytes below which it never triggers (a
 *                         small file is not rewritten to drop a few KiB), at least 0
 */
public record CompactionPolicy(Double deletedRatio, Integer appends, Double deadBytesRatio, long deadBytesMinimum) {
    /** No threshold: compaction only on demand. */
    public static final CompactionPolicy NONE = new CompactionPolicy(null, null);

    /** The default of a writable file: compact once dead bytes are half the file and at least 1 MiB. */
    public static final CompactionPolicy AUTOMATIC = new CompactionPolicy(null, null, 0.5, 1L << 20);

    public CompactionPolicy {
        checkRatio("deleted-ratio", deletedRatio);
        checkRatio("dead-bytes-ratio", deadBytesRatio);
        if (appends != null && appends < 1) {
            throw new IllegalArgumentException("compaction appends must be at least 1, got " + appends);
        }
        if (deadBytesMinimum < 0) {
            throw new IllegalArgumentException("compaction dead-bytes-minimum must be at least 0, got "
                    + deadBytesMinimum);
        }
    }

    /** Thresholds on deleted rows and appends only. */
    public CompactionPolicy(Double deletedRatio, Integer appends) {
        this(deletedRatio, appends, null, 0);
    }

    private static void checkRatio(String name, Double value) {
        if (value != null && (value.isNaN() || value < 0 || value > 1)) {
            throw new IllegalArgumentException("compaction " + name + " must be between 0 and 1, got " + value);
        }
    }

    /** Whether any threshold is set. */
    public boolean enabled() {
        return deletedRatio != null || appends != null || deadBytesRatio != null;
    }

    /** Whether the appends threshold is set and a file with {@code appendCount} appends has reached it. */
    public boolean appendsDue(long appendCount) {
        return appends != null && appendCount >= appends;
    }

    /** Whether the dead-bytes threshold is set and a file of {@code fileBytes} with {@code deadBytes} has reached it. */
    public boolean deadBytesDue(long deadBytes, long fileBytes) {
        return deadBytesRatio != null && deadBytes > 0 && deadBytes >= deadBytesMinimum
                && deadBytes >= deadBytesRatio * fileBytes;
    }

    /** Whether a file using its storage as {@code storage} says is due for compaction. */
    public boolean isDue(Storage storage) {
        if (appendsDue(storage.appendCount()) || deadBytesDue(storage.deadBytes(), storage.fileBytes())) {
            return true;
        }
        if (deletedRatio == null) {
            return false;
        }
        long deleted = storage.deletedRows();
        long written = deleted + storage.tables().stream().mapToLong(Storage.Table::rowCount).sum();
        return deleted > 0 && (double) deleted / written > deletedRatio;
    }
}
