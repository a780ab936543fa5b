package io.jazmin.spring.data.core;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.WriteLock;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.source.FileStamp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
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
 * compaction) the ids are read again, under the lock, from the key column alone.
 *
 * <p>Used for string and integer keys of tables that are not sorted and hold at most
 * {@link #MAX_KEYS} rows, whose keys are unique in the file; otherwise {@link #upsert} declines
 * and the caller upserts through the engine. Called with the file's write lock of this JVM held.
 */
final class StoredKeys {
    /** Above this many rows the ids are not kept in memory (about 100 bytes each). */
    static final long MAX_KEYS = 1_000_000;

    /** What the file on disk was when the ids were last known; {@code null}: not known. */
    private FileStamp stamp;
    /** Whether the file at {@link #stamp} can be upserted by row id (see the class comment). */
    private boolean usable;
    private String keyColumn;
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
            FileStamp now = FileStamp.of(file.path());
            if (!now.equals(stamp) || !keyColumn.equals(this.keyColumn)) {
                load(file, keyColumn, now);
            }
            if (!usable) {
                return false;
            }
            List<Object> keys = new ArrayList<>(cells.size());
            Set<Object> distinct = new HashSet<>();
            List<Long> replaced = new ArrayList<>();
            for (Map<String, ?> row : cells) {
                Object key = key(row.get(keyColumn), keyType);
                if (key == null || !distinct.add(key)) {
                    return false; // no key, or one twice: the engine's upsert says what is wrong
                }
                keys.add(key);
                Long stored = rowIds.get(key);
                if (stored != null) {
                    replaced.add(stored);
                }
            }
            stamp = null; // unknown until the change is known to have committed
            JazminFile.replaceRows(lock, null, replaced.stream().mapToLong(Long::longValue).toArray(),
                    cells.iterator(), file.changeOptions());
            // The new rows got the next row ids, in the order written.
            for (Object key : keys) {
                rowIds.put(key, writtenRows++);
            }
            stamp = FileStamp.of(file.path());
            return true;
        }
    }

    /** Reads the row id of every key of the file (under its writer lock), or finds it cannot be used. */
    private void load(FileAccess file, String keyColumn, FileStamp now) {
        stamp = null;
        usable = false;
        rowIds.clear();
        this.keyColumn = keyColumn;
        try (JazminReader reader = JazminReader.open(file.path(), file.readOptions())) {
            JazminTable table = reader.table();
            Column column = table.columns().stream().filter(c -> c.name().equals(keyColumn)).findFirst()
                    .orElse(null);
            boolean fits = column != null && (column.type() == ColumnType.STRING || column.type() == ColumnType.INT)
                    && table.sortedBy().isEmpty() && table.writtenRowCount() <= MAX_KEYS
                    && table.hiddenRowCount() == 0;
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
        if (type == ColumnType.STRING && (value instanceof String || value instanceof UUID)) {
            return value.toString();
        }
        if (type == ColumnType.INT && (value instanceof Long || value instanceof Integer || value instanceof Short
                || value instanceof Byte)) {
            return ((Number) value).longValue();
        }
        return null;
    }
}
