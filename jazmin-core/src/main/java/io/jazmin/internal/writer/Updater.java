package io.jazmin.internal.writer;

import io.jazmin.change.UpdateChanges;
import io.jazmin.change.UpdateResult;

import io.jazmin.schema.Column;
import io.jazmin.data.Filter;
import io.jazmin.error.InvalidRowException;
import io.jazmin.internal.reader.TableReader;
import io.jazmin.error.JazminValidationException;
import io.jazmin.data.Row;
import io.jazmin.options.WriteOptions;
import io.jazmin.internal.column.KeyForms;
import io.jazmin.internal.json.JsonTexts;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import io.jazmin.data.RowQuery;
import io.jazmin.schema.IndexKind;

/**
 * A full update (spec §1.25): reads the current version, applies deletes by filter, upserts by key
 * columns, inserts and a metadata merge, and writes a complete new version to a temporary file
 * renamed over the original (permissions kept). A {@code sortedBy} table keeps its order: the
 * existing rows stream in order and the new rows, sorted in memory, are merged into place. An
 * update may re-declare the target table's sort order and indexes ({@link UpdateChanges#withLayout}):
 * its rows are then sorted into the new order in memory (up to {@link RowQuery#SORT_BUDGET_ROWS}
 * rows) and the indexes built anew.
 * Indexes, other tables, metadata and the embedded files (with the package and saved shapes) carry
 * over; a file holding what a rewrite cannot keep is refused before anything is written.
 */
public final class Updater {
    private Updater() {
    }

    /**
     * Applies {@code changes} to the file at {@code path}. A shared file, opened with its owner key,
     * keeps its partitions, column groups, grants (under fresh secrets: the same access keys and
     * unlock tokens open the new version), indexes and chunk map in the owner catalog.
     * Its embedded files, package and saved shapes carry over in their file groups
     * ({@link SharedRewrite#update}), with the update's file changes made on the way.
     *
     * @throws io.jazmin.error.JazminKeyException         when a shared file is not opened with its owner key
     * @throws io.jazmin.error.UnsupportedFeatureException when the file needs writer features this library does not know
     */
    public static UpdateResult update(Path path, WriteOptions options, UpdateChanges changes) {
        try (WriterLock lock = WriterLock.acquire(path)) {
            return update(lock, path, options, changes);
        }
    }

    /**
     * {@link #update(Path, WriteOptions, UpdateChanges)} under {@code lock}, which the caller took on
     * {@code path} to read and decide the changes under it too (applying a change file).
     */
    public static UpdateResult update(WriterLock lock, Path path, WriteOptions options, UpdateChanges changes) {
        try (RewriteSource source = RewriteSource.openForRewrite(path, Rewriter.readOptions(options), "updated")) {
            TableReader target = source.table(changes.table());
            TableLayoutChoice targetLayout = layout(target, changes);
            Function<TableReader, TableLayoutChoice> layout = t -> t == target ? targetLayout : TableLayoutChoice.of(t);
            String metadata = JsonTexts.mergeObjects(source.metadata(), changes.metadata());
            UpdateResult[] result = new UpdateResult[1];
            SharedRewrite.TableRows rows = (table, writer) -> {
                if (table == target) {
                    result[0] = rewrite(table, changes, targetLayout.sortedBy(), writer);
                } else {
                    copy(table.rows().iterator(), writer, null);
                }
            };
            if (source.file().grant() != null) {
                SharedRewrite.update(lock, source, options, metadata, changes.files(), rows, layout);
                return result[0];
            }
            WriteOptions base = source.rewriteOptions(options, metadata);
            FullFileWriter writer = new FullFileWriter(lock, base);
            try {
                writer.carryFiles(source.files(), changes.files());
                for (TableReader table : source.tables()) {
                    writer.startTable(table.name(), table.columns(), layout.apply(table).applyTo(base));
                    rows.write(table, writer);
                }
                writer.finish();
                return result[0];
            } finally {
                writer.close();
            }
        }
    }

    /**
     * The sort order and indexes the target table is written with: those {@code changes} re-declare
     * (checked against its columns before anything is written), else its own.
     */
    private static TableLayoutChoice layout(TableReader table, UpdateChanges changes) {
        TableLayoutChoice own = TableLayoutChoice.of(table);
        List<String> sortedBy = changes.sortedBy() == null ? own.sortedBy() : changes.sortedBy();
        Map<String, Set<IndexKind>> indexes = changes.indexes() == null ? own.indexes() : changes.indexes();
        sortedBy.forEach(column -> indexOf(table.columns(), column));
        indexes.keySet().forEach(column -> indexOf(table.columns(), column));
        if (!sortedBy.equals(table.sortedBy()) && !sortedBy.isEmpty() && table.rowCount() > RowQuery.SORT_BUDGET_ROWS) {
            throw new JazminValidationException("table '" + table.name() + "' has " + table.rowCount()
                    + " rows, more than the " + RowQuery.SORT_BUDGET_ROWS + " an update sorts into a new order "
                    + sortedBy + " in memory; write the table anew sorted instead");
        }
        return new TableLayoutChoice(sortedBy, indexes);
    }

    private static UpdateResult rewrite(TableReader table, UpdateChanges changes, List<String> sortedBy,
                                        FullFileWriter writer) {
        List<Column> columns = table.columns();
        Set<Long> dropped = new HashSet<>();
        long deleted = 0;
        if (changes.delete() != null) {
            deleted = collect(table, changes.delete(), dropped);
        }
        long updated = 0;
        Filter keys = keyFilter(changes);
        if (keys != null) {
            updated = collect(table, keys, dropped);
        }
        List<Object[]> added = new ArrayList<>();
        for (Map<String, ?> row : changes.upsert()) {
            added.add(inColumnOrder(columns, row));
        }
        for (Map<String, ?> row : changes.insert()) {
            added.add(inColumnOrder(columns, row));
        }
        Comparator<Object[]> order = sortOrder(columns, sortedBy);
        if (order != null) {
            added.sort(order);
        }
        Iterator<Row> existing = table.rows().iterator();
        if (order != null && !sortedBy.equals(table.sortedBy())) {
            // A new order: the kept rows are sorted into it in memory (the row count was checked).
            List<Object[]> resorted = new ArrayList<>();
            existing.forEachRemaining(row -> {
                if (!dropped.contains(row.rowId())) {
                    resorted.add(values(row));
                }
            });
            resorted.sort(order);
            Merge merge = new Merge(added, order, Set.of());
            for (Object[] values : resorted) {
                merge.emitBefore(values, writer);
                writer.add(values);
            }
            merge.emitRest(writer);
        } else {
            copy(existing, writer, new Merge(added, order, dropped));
        }
        long inserted = changes.upsert().size() + changes.insert().size() - updated;
        return new UpdateResult(writer.rowCount(), inserted, updated, deleted);
    }

    private static long collect(TableReader table, Filter filter, Set<Long> into) {
        long before = into.size();
        table.find(filter, io.jazmin.data.RowQuery.all().withSelect(List.of(table.columns().get(0).name())))
                .forEach(r -> into.add(r.rowId()));
        return into.size() - before;
    }

    private static Filter keyFilter(UpdateChanges changes) {
        return changes.upsert().isEmpty() ? null : keyFilter(changes.keyColumns(), changes.upsert());
    }

    /**
     * The rows whose key columns equal those of one of {@code rows}: one flat {@code in} for a single
     * key column, else one flat OR of equalities, so thousands of rows bind without deep nesting.
     */
    public static Filter keyFilter(List<String> keyColumns, Collection<? extends Map<String, ?>> rows) {
        if (keyColumns.isEmpty()) {
            throw new JazminValidationException("upserts need at least one key column");
        }
        List<Object> single = new ArrayList<>();
        List<Filter> each = new ArrayList<>();
        for (Map<String, ?> row : rows) {
            List<Filter> parts = new ArrayList<>();
            for (String column : keyColumns) {
                if (!row.containsKey(column) || row.get(column) == null) {
                    throw new JazminValidationException("an upserted row lacks key column '" + column + "'");
                }
                parts.add(Filter.eq(column, row.get(column)));
                single.add(row.get(column));
            }
            each.add(parts.size() == 1 ? parts.get(0) : new Filter.And(parts));
        }
        return keyColumns.size() == 1 ? Filter.in(keyColumns.get(0), single) : new Filter.Or(each);
    }

    private static Object[] inColumnOrder(List<Column> columns, Map<String, ?> row) {
        Object[] values = new Object[columns.size()];
        int known = 0;
        for (int i = 0; i < values.length; i++) {
            String name = columns.get(i).name();
            if (row.containsKey(name)) {
                values[i] = row.get(name);
                known++;
            }
        }
        if (known != row.size()) {
            throw new InvalidRowException(0, null, "has columns the table does not have: " + row.keySet());
        }
        return values;
    }

    /** Orders rows (values in column order) by the sort columns, nulls first, by key form. */
    private static Comparator<Object[]> sortOrder(List<Column> columns, List<String> sortedBy) {
        if (sortedBy.isEmpty()) {
            return null;
        }
        Comparator<Object[]> order = null;
        for (String name : sortedBy) {
            int p = indexOf(columns, name);
            Column c = columns.get(p);
            Comparator<Object> keys = KeyForms.comparator(c.type());
            Comparator<Object[]> byColumn = Comparator.comparing(row -> key(c, row[p]),
                    Comparator.nullsFirst(keys));
            order = order == null ? byColumn : order.thenComparing(byColumn);
        }
        return order;
    }

    private static Object key(Column c, Object value) {
        if (value == null) {
            return null;
        }
        try {
            return KeyForms.keyOf(c.type(), ValueCoercion.coerce(c, value));
        } catch (ValueCoercion.Mismatch m) {
            throw new InvalidRowException(0, c.name(), m.getMessage());
        }
    }

    private static int indexOf(List<Column> columns, String name) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equals(name)) {
                return i;
            }
        }
        throw new JazminValidationException("unknown column '" + name + "'");
    }

    /** Streams the existing rows, leaving out dropped ones and merging new rows into place. */
    private static void copy(Iterator<Row> rows, FullFileWriter writer, Merge merge) {
        while (rows.hasNext()) {
            Row row = rows.next();
            if (merge != null && merge.dropped.contains(row.rowId())) {
                continue;
            }
            Object[] values = values(row);
            if (merge != null) {
                merge.emitBefore(values, writer);
            }
            writer.add(values);
        }
        if (merge != null) {
            merge.emitRest(writer);
        }
    }

    private static Object[] values(Row row) {
        Object[] values = new Object[row.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = row.get(i);
        }
        return values;
    }

    /** New rows waiting to be merged into an ordered stream of existing rows. */
    private static final class Merge {
        private final List<Object[]> added;
        private final Comparator<Object[]> order;
        private final Set<Long> dropped;
        private int next;

        Merge(List<Object[]> added, Comparator<Object[]> order, Set<Long> dropped) {
            this.added = added;
            this.order = order;
            this.dropped = dropped;
        }

        /** Writes the new rows that sort before {@code existing} (existing rows go first on ties). */
        void emitBefore(Object[] existing, FullFileWriter writer) {
            if (order == null) {
                return;
            }
            while (next < added.size() && order.compare(added.get(next), existing) < 0) {
                writer.add(added.get(next++));
            }
        }

        void emitRest(FullFileWriter writer) {
            while (next < added.size()) {
                writer.add(added.get(next++));
            }
        }
    }
}
