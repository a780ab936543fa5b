package io.jazmin.spring.data.core;

import io.jazmin.data.Filter;
import io.jazmin.schema.IndexInfo;
import io.jazmin.schema.IndexKind;
import io.jazmin.error.InvalidRowException;
import io.jazmin.JazminFile;
import io.jazmin.JazminTable;
import io.jazmin.options.WriteOptions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes through the engine's in-place changes (spec §1.24): rows are appended, rows with the same
 * key upserted (deleted and appended again, in one new version) and rows deleted by an engine
 * filter, in milliseconds and without rewriting the file. Called inside {@link FileAccess#write},
 * with the file's current first table. Falls back to a full {@link FileRewriter rewrite} where an
 * in-place change cannot do what a rewrite would:
 * <ul>
 * <li>the file does not exist yet (it is created) or has never held a row (a rewrite costs no more
 *     than an append then, and leaves a file with no version behind it);</li>
 * <li>the sort order or indexes the definition and entity ask for differ from the file's (appends
 *     keep the file's, a rewrite applies the new ones);</li>
 * <li>the file is sorted ({@code sorted-by}) and the rows cannot go at its end: the engine refuses
 *     an append that breaks the order, so the rows are merged into place by a rewrite. Appends to
 *     a sorted file stay appends only while their keys come after every stored row (deleted ones
 *     included), such as increasing ids.</li>
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
        Filter replaced = null;
        Filter keep = null;
        if (keyColumn != null) {
            replaced = Filter.in(keyColumn, rows.stream().map(r -> codec.cell(r, keyColumn)).toList());
            keep = replaced.negate();
        }
        if (table == null || table.writtenRowCount() == 0 || !fits(table, FileRewriter.options(file, codec, table))) {
            FileRewriter.rewrite(file, codec, keep, rows);
            return;
        }
        List<T> ordered = new ArrayList<>(rows);
        Comparator<T> order = FileRewriter.order(codec, table.sortedBy());
        if (order != null) {
            ordered.sort(order);
        }
        List<Map<String, ?>> cells = ordered.stream().<Map<String, ?>>map(codec::cells).toList();
        WriteOptions options = file.changeOptions();
        try {
            if (keyColumn == null) {
                JazminFile.append(file.path(), cells.iterator(), options);
            } else {
                JazminFile.upsert(file.path(), null, List.of(keyColumn), cells, options);
            }
        } catch (InvalidRowException e) {
            if (e.column() == null || !table.sortedBy().contains(e.column())) {
                throw e;
            }
            // Out of order for an append: merge the rows into place (a rewrite; see the class comment).
            FileRewriter.rewrite(file, codec, keep, rows);
        }
    }

    /**
     * Deletes the rows matching {@code filter} ({@code null}: every row, by rewriting the file empty,
     * which is cheaper than listing every row as deleted and frees the space at once).
     *
     * @return the number of rows deleted
     */
    static <T> long delete(FileAccess file, JazminTable table, RowCodec<T> codec, Filter filter) {
        if (filter == null) {
            return FileRewriter.replace(file, codec, List.of());
        }
        if (table == null) {
            return FileRewriter.rewrite(file, codec, filter.negate(), List.of());
        }
        if (table.count(filter) == 0) {
            return 0; // no new version for nothing
        }
        return JazminFile.delete(file.path(), filter, file.changeOptions()).rowsDeleted();
    }

    /** Whether the file already has the sort order and indexes a rewrite would give it. */
    private static boolean fits(JazminTable table, WriteOptions wanted) {
        if (!table.sortedBy().equals(wanted.sortedBy())) {
            return false;
        }
        String leadingSort = wanted.sortedBy().isEmpty() ? null : wanted.sortedBy().get(0);
        for (Map.Entry<String, Set<IndexKind>> index : wanted.indexes().entrySet()) {
            for (IndexKind kind : index.getValue()) {
                // The writer builds no sorted index on the leading sort column.
                if (kind == IndexKind.SORTED && index.getKey().equals(leadingSort)) {
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
}
