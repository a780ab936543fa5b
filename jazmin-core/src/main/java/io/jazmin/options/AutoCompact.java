package io.jazmin.options;

import io.jazmin.error.JazminValidationException;
import io.jazmin.schema.Storage;

/**
 * When an append, delete or upsert ({@code JazminFile.append/delete/upsert/replaceRows/changeFiles})
 * compacts the file right after it, in the same call and under the same writer lock: the reference
 * libraries' {@code autoCompact: {deletedRatio, appends}} option of {@code append()}, plus a share of
 * dead bytes. Any threshold set that is reached triggers it; the compaction is the ordinary one
 * ({@code JazminFile.compact}), keeping everything the file holds. {@link #NONE} never compacts.
 *
 * <pre>{@code
 * WriteOptions.defaults().withAutoCompact(AutoCompact.deletedRatio(0.2).withAppends(100))
 * }</pre>
 *
 * @param deletedRatio   compact when deleted rows are at least this share of the rows stored
 *                       (visible plus deleted, all tables), 0 to 1, or {@code null}; the references'
 *                       {@code deletedRatio}
 * @param appends        compact when the file has had at least this many appends since its last full
 *                       write (at least 1), or {@code null}; the references' {@code appends}
 * @param deadBytesRatio compact when the bytes compaction would drop ({@link Storage#deadBytes()}) are
 *                       at least this share of the file, 0 to 1, or {@code null} (this library's own)
 */
public record AutoCompact(Double deletedRatio, Integer appends, Double deadBytesRatio) {
    /** No threshold: appends never compact. */
    public static final AutoCompact NONE = new AutoCompact(null, null, null);

    public AutoCompact {
        checkRatio("deletedRatio", deletedRatio);
        checkRatio("deadBytesRatio", deadBytesRatio);
        if (appends != null && appends < 1) {
            throw new JazminValidationException("autoCompact appends must be at least 1, got " + appends);
        }
    }

    private static void checkRatio(String name, Double value) {
        if (value != null && (value.isNaN() || value < 0 || value > 1)) {
            throw new JazminValidationException("autoCompact " + name + " must be between 0 and 1, got " + value);
        }
    }

    /** Compacts once deleted rows are at least {@code ratio} of the rows stored. */
    public static AutoCompact deletedRatio(double ratio) {
        return NONE.withDeletedRatio(ratio);
    }

    /** Compacts once the file has had {@code count} appends since its last full write. */
    public static AutoCompact appends(int count) {
        return NONE.withAppends(count);
    }

    /** Compacts once dead bytes are at least {@code ratio} of the file. */
    public static AutoCompact deadBytesRatio(double ratio) {
        return NONE.withDeadBytesRatio(ratio);
    }

    /** These thresholds with {@code deletedRatio} too. */
    public AutoCompact withDeletedRatio(double ratio) {
        return new AutoCompact(ratio, appends, deadBytesRatio);
    }

    /** These thresholds with {@code appends} too. */
    public AutoCompact withAppends(int count) {
        return new AutoCompact(deletedRatio, count, deadBytesRatio);
    }

    /** These thresholds with {@code deadBytesRatio} too. */
    public AutoCompact withDeadBytesRatio(double ratio) {
        return new AutoCompact(deletedRatio, appends, ratio);
    }

    /** Whether any threshold is set. */
    public boolean enabled() {
        return deletedRatio != null || appends != null || deadBytesRatio != null;
    }

    /** Whether a file whose storage is {@code storage} has reached a threshold. */
    public boolean isDue(Storage storage) {
        if (appends != null && storage.appendCount() >= appends) {
            return true;
        }
        long deleted = storage.deletedRows();
        long stored = deleted + storage.tables().stream().mapToLong(Storage.Table::rowCount).sum();
        if (deletedRatio != null && stored > 0 && (double) deleted / stored >= deletedRatio) {
            return true;
        }
        return deadBytesRatio != null && storage.deadBytes() > 0 && storage.deadRatio() >= deadBytesRatio;
    }
}
