package io.jazmin.spring.data.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Saves a transaction has made but not yet written to its working copy. Consecutive saves of one
 * kind of row are kept, the latest per key, and written as one upsert when the transaction next
 * touches the file otherwise (a read, a delete, a compaction) or commits: a thousand saves cost
 * one engine change, not a thousand. Errors of a buffered save surface at that write.
 * A {@link GroupCommit} merges concurrent saves outside transactions the same way where it cannot
 * merge them by row id ({@link MergedChange}).
 */
final class PendingSaves {
    private Object kind;
    private RowCodec<Object> codec;
    private String keyColumn;
    private final Map<Object, Object> rows = new LinkedHashMap<>();

    /** Whether rows of {@code kind} stored by {@code keyColumn} can join the buffered ones. */
    boolean accepts(Object kind, String keyColumn) {
        return rows.isEmpty() || (this.kind.equals(kind) && keyColumn.equals(this.keyColumn));
    }

    /** Buffers {@code added}; a row whose key is buffered already replaces it (and moves to the end). */
    @SuppressWarnings("unchecked")
    <T> void add(Object kind, RowCodec<T> codec, List<T> added, String keyColumn) {
        if (!accepts(kind, keyColumn)) {
            throw new IllegalStateException("flush the buffered saves first");
        }
        this.kind = kind;
        this.codec = (RowCodec<Object>) codec;
        this.keyColumn = keyColumn;
        for (T row : added) {
            Object key = codec.cell(row, keyColumn);
            rows.remove(key);
            rows.put(key, row);
        }
    }

    /**
     * Writes the buffered saves to {@code file} (a transaction's working copy, or the file itself
     * for a {@link GroupCommit}) as one upsert and empties the buffer (also when the write fails).
     */
    void flushTo(FileAccess file) {
        if (rows.isEmpty()) {
            return;
        }
        List<Object> batch = new ArrayList<>(rows.values());
        rows.clear();
        file.write((target, table) -> {
            InPlaceChanges.store(target, table, codec, batch, keyColumn);
            return null;
        });
    }
}
