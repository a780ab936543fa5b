package io.jazmin.spring.data.core;

import io.jazmin.JazminFile;
import io.jazmin.JazminTable;
import io.jazmin.WriteLock;
import io.jazmin.change.UpdateChanges;
import io.jazmin.data.Filter;
import io.jazmin.error.InvalidRowException;
import io.jazmin.schema.IndexInfo;
import io.jazmin.schema.IndexKind;
import io.jazmin.options.WriteOptions;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.dao.ConcurrencyFailureException;

/**
 * Every change Spring makes to an existing file goes through the engine's change API
 * ({@link JazminFile}), which keeps what the file holds besides the rows changed: other tables
 * (and their names), embedded files, package, saved shapes, metadata, encryption and, for a shared
 * file changed by its owner, partitions, column groups and grants. Called inside
 * {@link FileAccess#write}, with the file's current first table.
 * <ul>
 * <li>Rows are appended, rows with the same key upserted (deleted and appended again, in one new
 *     version) and rows deleted by an engine filter, in milliseconds and without rewriting the file.</li>
 * <li>A full update ({@link JazminFile#update}), which rewrites the file through the engine, where an
 *     append cannot do, and into a table that has never held a row (the update costs no more than an
 *     append then, and leaves no version behind): the sort order or indexes the definition and entity ask for differ from the
 *     file's (the update re-declares them), or the file is sorted ({@code sorted-by}) and the rows
 *     cannot go at its end (the update merges them into place). Appends to a sorted file stay
 *     appends while their keys come after every stored row, such as increasing ids.</li>
 * <li>Emptying the table deletes every row in place (one append); compaction frees the space.</li>
 * <li>Only a file that does not exist yet is written from rows ({@link #create}): it has nothing to lose.</li>
 * </ul>
 */
final class InPlaceChanges {
    private InPlaceChanges() {
    }

    /**
     * Adds {@code rows}; when {@code keyColumn} is set, a stored row with the key of one of them
     * is replaced by it (an upsert, one new version for all of them).
     */
    static <T> void store(FileAccess file, JazminTable table, RowCodec<T> codec, List<T> rows, String keyColumn) {
        if (rows.isEmpty()) {
            return;
        }
        if (table == null) {
            create(file, codec, rows);
            return;
        }
        WriteOptions wanted = file.writeOptions(codec.declared(inherited(table)));
        if (table.writtenRowCount() == 0 || !fits(table, wanted)) {
            update(file, codec, rows, keyColumn, wanted);
            return;
        }
        List<T> ordered = new ArrayList<>(rows);
        Comparator<T> order = order(codec, table.sortedBy());
        if (order != null) {
            ordered.sort(order);
        }
        List<Map<String, ?>> cells = ordered.stream().<Map<String, ?>>map(codec::cells).toList();
        if (keyColumn != null && order == null && file.storedKeys().upsert(file, cells, keyColumn)) {
            return; // replaced by the row ids kept for the file, without looking the keys up
        }
        try {
            if (keyColumn == null) {
                JazminFile.append(file.path(), cells.iterator(), file.changeOptions());
            } else {
                JazminFile.upsert(file.path(), null, List.of(keyColumn), cells, file.changeOptions());
            }
        } catch (InvalidRowException e) {
            if (e.column() == null || !table.sortedBy().contains(e.column())) {
                throw e;
            }
            // Out of order for an append (the engine refused it, the file unchanged): merge the rows into place.
            update(file, codec, rows, keyColumn, null);
        }
    }

    /**
     * Whether rows of {@code codec} go into {@code table} by an append, as {@link #store} would
     * write them: the table has held rows, is not sorted (so any row may come last) and has the
     * sort order and indexes the definition and {@code codec} ask for.
     */
    static boolean appendsInPlace(FileAccess file, JazminTable table, RowCodec<?> codec) {
        return table.writtenRowCount() > 0 && table.sortedBy().isEmpty()
                && fits(table, file.writeOptions(codec.declared(inherited(table))));
    }

    /**
     * Deletes the rows matching {@code filter} ({@code null}: every row, leaving the table empty
     * and everything else as it is) in place.
     *
     * @return the number of rows deleted
     */
    static long delete(FileAccess file, JazminTable table, Filter filter) {
        if (table == null) {
            return 0; // no file, no row
        }
        Filter matching = filter != null ? filter : everyRow(table);
        if (table.count(matching) == 0) {
            return 0; // no new version for nothing
        }
        return JazminFile.delete(file.path(), null, matching, file.changeOptions()).rowsDeleted();
    }

    /**
     * Writes the file, which does not exist, with {@code rows}: sorted and indexed as the
     * definition and {@code codec} declare, under the engine's writer lock.
     *
     * @throws ConcurrencyFailureException when another process created the file meanwhile (nothing is written)
     */
    static <T> void create(FileAccess file, RowCodec<T> codec, List<T> rows) {
        WriteOptions options = file.writeOptions(codec.declared(WriteOptions.defaults()));
        List<T> ordered = new ArrayList<>(rows);
        Comparator<T> order = order(codec, options.sortedBy());
        if (order != null) {
            ordered.sort(order);
        }
        try (WriteLock lock = WriteLock.acquire(file.path())) {
            if (Files.exists(file.path())) {
                throw new ConcurrencyFailureException("JAZMIN file '" + file.name() + "' was created by another "
                        + "process meanwhile; nothing was written, try again");
            }
            file.created();
            try (RowCodec.Sink<T> sink = codec.open(lock, options)) {
                ordered.forEach(sink::write);
                sink.finish();
            }
        }
    }

    /**
     * Stores {@code rows} by a full update through the engine; {@code wanted} re-declares the sort
     * order and indexes ({@code null}: the file's are kept).
     */
    private static <T> void update(FileAccess file, RowCodec<T> codec, List<T> rows, String keyColumn,
                                   WriteOptions wanted) {
        List<Map<String, ?>> cells = rows.stream().<Map<String, ?>>map(codec::cells).toList();
        UpdateChanges changes = keyColumn == null
                ? new UpdateChanges(null, null, null, null, cells, null)
                : new UpdateChanges(null, null, List.of(keyColumn), cells, null, null);
        file.update(wanted == null ? changes : changes.withLayout(wanted.sortedBy(), wanted.indexes()));
    }

    /** A filter every row matches: its first column null or not. */
    private static Filter everyRow(JazminTable table) {
        String column = table.columns().get(0).name();
        return Filter.anyOf(Filter.isNull(column), Filter.isNotNull(column));
    }

    /** Keeps the file's sort order and indexes unless the definition or entity says otherwise. */
    private static WriteOptions inherited(JazminTable table) {
        // One options copy for all indexes: the table may list an index once per appended version.
        Map<String, Set<IndexKind>> indexes = new LinkedHashMap<>();
        for (IndexInfo index : table.indexes()) {
            indexes.computeIfAbsent(index.column(), c -> new LinkedHashSet<>()).add(IndexKind.fromName(index.kind()));
        }
        return WriteOptions.defaults().withSortedBy(table.sortedBy()).withIndexes(indexes);
    }

    /** Whether the file already has the sort order and indexes the definition and entity ask for. */
    private static boolean fits(JazminTable table, WriteOptions wanted) {
        if (!table.sortedBy().equals(wanted.sortedBy())) {
            return false;
        }
        String leadingSort = wanted.sortedBy().isEmpty() ? null : wanted.sortedBy().get(0);
        for (Map.Entry<String, Set<IndexKind>> index : wanted.indexes().entrySet()) {
            for (IndexKind kind : index.getValue()) {
                // The writer builds no sorted index on the leading sort column.
                if (kind.servedBySortOrder() && index.getKey().equals(leadingSort)) {
                    continue;
                }
                if (!has(table, index.getKey(), kind)) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean has(JazminTable table, String column, IndexKind kind) {
        for (IndexInfo index : table.indexes()) {
            if (index.column().equals(column) && IndexKind.fromName(index.kind()) == kind) {
                return true;
            }
        }
        return false;
    }

    /** The order of {@code sortedBy} over rows of {@code codec}, or {@code null} when empty. */
    private static <T> Comparator<T> order(RowCodec<T> codec, List<String> sortedBy) {
        if (sortedBy.isEmpty()) {
            return null;
        }
        return (a, b) -> {
            for (String column : sortedBy) {
                int c = compare(codec.cell(a, column), codec.cell(b, column));
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        };
    }

    /** Nulls first, like the engine's sort check. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compare(Object a, Object b) {
        if (a == null || b == null) {
            return a == b ? 0 : a == null ? -1 : 1;
        }
        return ((Comparable) a).compareTo(b);
    }
}
