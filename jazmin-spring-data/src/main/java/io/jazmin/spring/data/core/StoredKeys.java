package io.jazmin.spring.data.core;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.WriteLock;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.error.JazminIoException;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.source.FileStamp;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The row id of every key of one file's first table, kept between saves so that an upsert need
 * not look its keys up in every version appended since the last full write (the engine's
 * {@link JazminFile#upsert} plans a filter over all of them, which grows with each save). An upsert
 * takes the file's writer lock, checks that the file is still the version the ids were read from
 * or written to (size, modification time and file identity, read under the lock, so no other
 * writer can slip in between), and replaces the stored rows of its keys by row id
 * ({@link JazminFile#replaceRows(WriteLock, String, long[], java.util.Iterator, io.jazmin.options.WriteOptions)})
 * in one append. When the file changed otherwise (another process, a delete, a rewrite, a
 * compaction) the ids are read again, under the lock, from the key column alone. A group commit
 * ({@link MergedChange}) uses them the same way for saves, inserts and deletes by key:
 * {@link #prepare}, then {@link #rowId} per key and one {@link #replace}; while the file is the
 * version they describe, no reader of it is opened for the change.
 *
 * <p>Used for string and integer keys of tables that are not sorted, have held rows and hold at
 * most {@link #MAX_KEYS} rows, whose keys are unique in the file; otherwise {@link #upsert} and
 * {@link #prepare} decline and the caller changes the file through the engine. Called with the
 * file's write lock of this JVM held.
 */
final class StoredKeys {
    /** Above this many rows the ids are not kept in memory (about 100 bytes each). */
    static final long MAX_KEYS = 1_000_000;

    /** What the file on disk was when the ids were last known; {@code null}: not known. */
    private FileStamp stamp;
    /** Whether the file at {@link #stamp} can be upserted by row id (see the class comment). */
    private boolean usable;
    private String keyColumn;
    /** The kind of rows {@link #usable} was decided for (their layout must fit the table's). */
    private Object kind;
    private ColumnType keyType;
    private final Map<Object, Long> rowIds = new HashMap<>();
    private long writtenRows;

    /**
     * Stores {@code cells} (rows by column name, in the order they are to be appended), each
     * replacing the stored row with its {@code keyColumn} value, in one append.
     *
     * @return {@code false} when nothing was written because this file or these rows cannot be
     * upserted by row id (see the class comment): the caller upserts through the engine
     */
    boolean upsert(FileAccess file, List<? extends Map<String, ?>> cells, String keyColumn) {
        try (WriteLock lock = WriteLock.acquire(file.path())) {
            // The caller checked the table's layout for its rows: any kind's decision will do.
            if (!prepare(file, lock, null, keyColumn, table -> true)) {
                return false;
            }
            List<Object> keys = new ArrayList<>(cells.size());
            Set<Object> distinct = new HashSet<>();
            List<Long> replaced = new ArrayList<>();
            for (Map<String, ?> row : cells) {
                Object key = key(row.get(keyColumn));
                if (key == null || !distinct.add(key)) {
                    return false; // no key, or one twice: the engine's upsert says what is wrong
                }
                keys.add(key);
                Long stored = rowIds.get(key);
                if (stored != null) {
                    replaced.add(stored);
                }
            }
            replace(file, lock, replaced.stream().mapToLong(Long::longValue).toArray(), cells, keys, List.of());
            return true;
        }
    }

    /**
     * Brings the kept ids up to date with the file under {@code lock} (the file's writer lock, held
     * by the caller): read again when the file changed since they were last known, or when asked
     * for another key column or kind of rows ({@code null}: any). {@code appendable} says whether
     * rows of {@code kind} can be appended to the file's table as it is (its layout; asked only when
     * the ids are read).
     *
     * @return whether the file can be changed by row id ({@link #rowId}, {@link #replace})
     */
    boolean prepare(FileAccess file, WriteLock lock, Object kind, String keyColumn,
                    Predicate<JazminTable> appendable) {
        if (!lock.isHeld()) {
            throw new IllegalStateException("the ids are checked only under the file's writer lock");
        }
        FileStamp now = FileStamp.of(file.path());
        if (!now.equals(stamp) || !keyColumn.equals(this.keyColumn) || (kind != null && !kind.equals(this.kind))) {
            load(file, kind, keyColumn, now, appendable);
        }
        return usable;
    }

    /** {@code cell} as the key it is kept as, or {@code null} when it cannot be (see {@link #key(Object, ColumnType)}). */
    Object key(Object cell) {
        return key(cell, keyType);
    }

    /** The row id the file holds {@code key} at (a key as {@link #key(Object)} gives it), or {@code null}. */
    Long rowId(Object key) {
        return rowIds.get(key);
    }

    /**
     * The kept key of each of {@code ids} (row ids), by row id; ids the file does not hold as a
     * key's row are missing. Looks at every kept id: for a transaction's commit, which reads the
     * whole file anyway.
     */
    Map<Long, Object> keysOf(long[] ids) {
        Set<Long> wanted = new HashSet<>();
        for (long id : ids) {
            wanted.add(id);
        }
        Map<Long, Object> keys = new HashMap<>();
        for (Map.Entry<Object, Long> kept : rowIds.entrySet()) {
            if (wanted.contains(kept.getValue())) {
                keys.put(kept.getValue(), kept.getKey());
            }
        }
        return keys;
    }

    /** Rows the table has written (deleted ones included): the id the next appended row gets. */
    long writtenRows() {
        return writtenRows;
    }

    /**
     * Deletes the rows {@code deleted} and appends {@code cells} (whose keys are {@code addedKeys},
     * in order) in one append under {@code lock}, and keeps the ids: the added keys at the next row
     * ids, {@code removedKeys} no longer stored. Call after {@link #prepare} returned {@code true}.
     */
    JazminFile.ChangeResult replace(FileAccess file, WriteLock lock, long[] deleted,
                                    List<? extends Map<String, ?>> cells, List<Object> addedKeys,
                                    Collection<Object> removedKeys) {
        stamp = null; // unknown until the change is known to have committed
        JazminFile.ChangeResult result = JazminFile.replaceRows(lock, null, deleted, cells.iterator(),
                file.changeOptions());
        removedKeys.forEach(rowIds::remove);
        // The new rows got the next row ids, in the order written.
        for (Object key : addedKeys) {
            rowIds.put(key, writtenRows++);
        }
        try {
            stamp = FileStamp.of(file.path());
        } catch (JazminIoException e) {
            stamp = null; // committed all the same: the ids are read again on the next change
        }
        return result;
    }

    /** Reads the row id of every key of the file (under its writer lock), or finds it cannot be used. */
    private void load(FileAccess file, Object kind, String keyColumn, FileStamp now, Predicate<JazminTable> appendable) {
        stamp = null;
        usable = false;
        rowIds.clear();
        this.keyColumn = keyColumn;
        this.kind = kind;
        try (JazminReader reader = JazminReader.open(file.path(), file.readOptions())) {
            JazminTable table = reader.table();
            Column column = table.columns().stream().filter(c -> c.name().equals(keyColumn)).findFirst()
                    .orElse(null);
            boolean fits = column != null && (column.type().isText() || column.type().isInteger())
                    && table.sortedBy().isEmpty() && table.writtenRowCount() <= MAX_KEYS
                    && table.hiddenRowCount() == 0 && table.writtenRowCount() > 0 && appendable.test(table);
            if (fits) {
                keyType = column.type();
                fits = readIds(table, keyColumn);
            }
            writtenRows = table.writtenRowCount();
            usable = fits;
            stamp = now;
        } finally {
            if (!usable) {
                rowIds.clear();
            }
        }
    }

    private boolean readIds(JazminTable table, String keyColumn) {
        try (Stream<Row> rows = table.rows(RowQuery.all().withSelect(List.of(keyColumn)))) {
            for (Row row : (Iterable<Row>) rows::iterator) {
                Object key = key(row.get(0), keyType);
                if (key == null || rowIds.put(key, row.rowId()) != null) {
                    return false; // a row without a key, or a key held twice: the engine upserts
                }
            }
        }
        return true;
    }

    /**
     * A key of a {@code type} column as the string or long it is stored as, so a cell and a stored
     * value compare equal; {@code null} for a value of another kind (the caller then leaves the
     * upsert to the engine, which coerces it).
     */
    private static Object key(Object value, ColumnType type) {
        if (type.isText() && (value instanceof String || value instanceof UUID)) {
            return value.toString();
        }
        if (type.isInteger() && (value instanceof Long || value instanceof Integer || value instanceof Short
                || value instanceof Byte)) {
            return ((Number) value).longValue();
        }
        return null;
    }
}
