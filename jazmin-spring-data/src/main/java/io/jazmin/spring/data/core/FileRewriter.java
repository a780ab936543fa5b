package io.jazmin.spring.data.core;

import io.jazmin.data.Filter;
import io.jazmin.schema.IndexInfo;
import io.jazmin.schema.IndexKind;
import io.jazmin.JazminTable;
import io.jazmin.data.RowQuery;
import io.jazmin.options.WriteOptions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Replaces a file in one atomic step: the rows an engine filter keeps, merged in sort order with
 * the rows added, are written to a temporary file that is moved over the old one. The old rows
 * stream through, one chunk at a time, unless the sort order changes. Used where an in-place change
 * ({@link InPlaceChanges}) cannot do: creating a file, an append that would break its sort order, a
 * sort order or index set that the definition or entity changed, and emptying a file.
 */
final class FileRewriter {
    private FileRewriter() {
    }

    /**
     * Rewrites {@code file} with the rows matching {@code keep} ({@code null}: all) and {@code added}.
     *
     * @return the number of old rows removed
     */
    static <T> long rewrite(FileAccess file, RowCodec<T> codec, Filter keep, List<T> added) {
        return write(file, codec, keep, true, added);
    }

    /**
     * Rewrites {@code file} with only {@code rows}, keeping its sort order and indexes.
     *
     * @return the number of old rows removed
     */
    static <T> long replace(FileAccess file, RowCodec<T> codec, List<T> rows) {
        return write(file, codec, null, false, rows);
    }

    private static <T> long write(FileAccess file, RowCodec<T> codec, Filter keep, boolean keepOld, List<T> added) {
        return file.rewrite((table, lock) -> {
            WriteOptions options = options(file, codec, table);
            Comparator<T> order = order(codec, options.sortedBy());
            List<T> sortedAdded = new ArrayList<>(added);
            if (order != null) {
                sortedAdded.sort(order);
            }
            long before = table == null ? 0 : table.rowCount();
            long kept = 0;
            try (Stream<T> existing = table == null || !keepOld ? Stream.<T>empty()
                    : codec.reader().find(table, keep, RowQuery.all());
                 RowCodec.Sink<T> sink = codec.open(lock, table == null ? null : table.columns(), options)) {
                Iterator<T> old = existing.iterator();
                if (order != null && table != null && !table.sortedBy().equals(options.sortedBy())) {
                    List<T> resorted = new ArrayList<>();
                    old.forEachRemaining(resorted::add);
                    resorted.sort(order);
                    old = resorted.iterator();
                }
                kept = merge(old, sortedAdded.iterator(), order, sink);
                sink.finish();
            }
            return before - kept;
        });
    }

    /**
     * The options a rewrite of {@code file} (whose current first table is {@code table}, or
     * {@code null}) writes with: the definition's, then the codec's, then the old file's.
     */
    static <T> WriteOptions options(FileAccess file, RowCodec<T> codec, JazminTable table) {
        return file.writeOptions(codec.declared(inherited(table)));
    }

    /** Keeps the old file's sort order and indexes unless the definition or entity says otherwise. */
    private static WriteOptions inherited(JazminTable table) {
        WriteOptions options = WriteOptions.defaults();
        if (table == null) {
            return options;
        }
        options = options.withSortedBy(table.sortedBy());
        for (IndexInfo index : table.indexes()) {
            options = options.withIndex(index.column(), IndexKind.fromName(index.kind()));
        }
        return options;
    }

    /** The order of {@code sortedBy} over rows of {@code codec}, or {@code null} when empty. */
    static <T> Comparator<T> order(RowCodec<T> codec, List<String> sortedBy) {
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

    /** Writes both sequences, merged by {@code order} (old rows first on ties; unordered: old rows, then added); returns old rows written. */
    private static <T> long merge(Iterator<T> old, Iterator<T> added, Comparator<T> order, RowCodec.Sink<T> sink) {
        long kept = 0;
        T a = old.hasNext() ? old.next() : null;
        T b = added.hasNext() ? added.next() : null;
        while (a != null || b != null) {
            if (a != null && (b == null || order == null || order.compare(a, b) <= 0)) {
                sink.write(a);
                kept++;
                a = old.hasNext() ? old.next() : null;
            } else {
                sink.write(b);
                b = added.hasNext() ? added.next() : null;
            }
        }
        return kept;
    }
}
