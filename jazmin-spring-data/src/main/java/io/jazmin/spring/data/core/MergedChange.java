package io.jazmin.spring.data.core;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.WriteLock;
import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The changes of one group commit merged into one append, under the file's writer lock: rows
 * added by key (the latest per key), stored rows deleted by the row ids {@link StoredKeys} keeps.
 * Each {@link QueuedChange} sees the file as the changes merged before it left it, so the append
 * makes them as if they had been written one after the other, in queue order.
 */
final class MergedChange implements AutoCloseable {
    /** A change that cannot join a merge (a key the kept ids cannot hold): the group is written change by change. */
    static final class NotMergeable extends RuntimeException {
        NotMergeable() {
            super(null, null, false, false);
        }
    }

    /** What {@link #version} answers for a key the file does not hold. */
    static final Object ABSENT = new Object();

    private final FileAccess file;
    private final StoredKeys keys;
    private final String keyColumn;
    private final LinkedHashMap<Object, Map<String, ?>> added = new LinkedHashMap<>();
    private final Set<Long> deleted = new TreeSet<>();
    /** Stored keys whose row this merge deletes (and may add again). */
    private final Set<Object> removed = new HashSet<>();
    private JazminReader reader;

    MergedChange(FileAccess file, StoredKeys keys, String keyColumn) {
        this.file = file;
        this.keys = keys;
        this.keyColumn = keyColumn;
    }

    /** The configured name of the file changed. */
    String fileName() {
        return file.name();
    }

    /** {@code cell} (of the key column) as a key of this merge. */
    Object key(Object cell) {
        Object key = keys.key(cell);
        if (key == null) {
            throw new NotMergeable();
        }
        return key;
    }

    /**
     * Merges a transaction's changes, before any other: the rows it deleted (row ids of the
     * current version) and the rows it added, each with a key the file does not hold once those
     * rows are deleted. Returns {@code false} when they cannot be merged by key (a row id the kept
     * ids do not know, a row without a key or with a key held still); the merge is then to be
     * dropped.
     */
    boolean transaction(long[] rowIds, List<? extends Map<String, ?>> rows) {
        Map<Long, Object> keyOf = keys.keysOf(rowIds);
        if (keyOf.size() != rowIds.length) {
            return false;
        }
        for (long rowId : rowIds) {
            removed.add(keyOf.get(rowId));
            deleted.add(rowId);
        }
        for (Map<String, ?> row : rows) {
            Object key = keys.key(row.get(keyColumn));
            if (key == null || holds(key)) {
                return false;
            }
            added.put(key, row);
        }
        return true;
    }

    /** Whether the file holds {@code key} once the changes merged so far are made. */
    boolean holds(Object key) {
        return added.containsKey(key) || (keys.rowId(key) != null && !removed.contains(key));
    }

    /** Whether a change merged so far added or deleted {@code key}. */
    boolean touched(Object key) {
        return added.containsKey(key) || removed.contains(key);
    }

    /** Stores {@code row} as the row of {@code key}, replacing the one the file or this merge holds. */
    void put(Object key, Map<String, ?> row) {
        deleteStored(key);
        added.remove(key); // the latest goes last, as if appended after the others
        added.put(key, row);
    }

    /** Deletes the row of {@code key}; returns how many rows that removes (0 or 1). */
    int remove(Object key) {
        int removedRows = added.remove(key) != null ? 1 : 0;
        return removedRows + (deleteStored(key) ? 1 : 0);
    }

    private boolean deleteStored(Object key) {
        Long rowId = keys.rowId(key);
        if (rowId != null && removed.add(key)) {
            deleted.add(rowId);
            return true;
        }
        return false;
    }

    /**
     * The {@code versionColumn} cell the file holds for {@code key} once the changes merged so far
     * are made, or {@link #ABSENT}; {@code idCell} is the key's cell, to look it up in the file.
     */
    Object version(Object key, Object idCell, String versionColumn) {
        Map<String, ?> row = added.get(key);
        if (row != null) {
            return row.get(versionColumn);
        }
        if (removed.contains(key) || keys.rowId(key) == null) {
            return ABSENT;
        }
        if (reader == null) {
            reader = JazminReader.open(file.path(), file.readOptions());
        }
        RowQuery select = RowQuery.all().withSelect(List.of(versionColumn));
        try (Stream<Row> rows = reader.table().find(Filter.eq(keyColumn, idCell), select)) {
            return rows.findFirst().map(r -> r.get(0)).orElse(ABSENT);
        }
    }

    /** Whether the merge changes nothing (no new version is written then). */
    boolean isEmpty() {
        return added.isEmpty() && deleted.isEmpty();
    }

    /** Writes the merge as one append under {@code lock}; {@code null} when there was nothing to write. */
    JazminFile.ChangeResult write(WriteLock lock) {
        if (isEmpty()) {
            return null;
        }
        long[] rowIds = deleted.stream().mapToLong(Long::longValue).toArray();
        List<Map<String, ?>> rows = new ArrayList<>(added.values());
        return keys.replace(file, lock, rowIds, rows, new ArrayList<>(added.keySet()), removed);
    }

    @Override
    public void close() {
        if (reader != null) {
            reader.close();
        }
    }
}
