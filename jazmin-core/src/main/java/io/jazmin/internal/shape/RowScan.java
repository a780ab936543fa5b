package io.jazmin.internal.shape;

import io.jazmin.data.Filter;
import io.jazmin.data.SortKey;
import io.jazmin.internal.column.ColumnVector;
import io.jazmin.internal.query.ChunkValues;
import io.jazmin.internal.query.MatchBatch;
import io.jazmin.internal.query.Predicate;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.TreeSet;

/**
 * Reads a table's matching rows through the query engine (indexes, statistics, only the columns
 * asked for) as {@link HeldRow}s. Rows meant to be held in memory also get the results of the
 * table's held-row filters, tested on the decoded chunk.
 */
final class RowScan implements Iterator<HeldRow> {
    private final int width;
    private final int[] select;
    private final List<Predicate> filters;
    private final Iterator<MatchBatch> batches;
    private MatchBatch batch;
    private ColumnVector[] byPosition;
    private int next;

    private RowScan(TableScope scope, Filter filter, List<SortKey> order, int[] positions, long limit, boolean held) {
        this.width = scope.columns().size();
        this.filters = held ? scope.heldFilters() : List.of();
        TreeSet<Integer> columns = new TreeSet<>();
        for (int p : positions) {
            columns.add(p);
        }
        for (Predicate f : filters) {
            columns.addAll(f.columns());
        }
        if (columns.isEmpty() && width > 0) {
            columns.add(0); // the engine reads rows by their columns: one to count them by
        }
        this.select = columns.stream().mapToInt(Integer::intValue).toArray();
        this.batches = scope.table().matchBatches(filter, order, select, limit);
    }

    /** The rows of {@code scope} matching {@code filter}, in {@code order}, with the values at {@code positions}. */
    static RowScan rows(TableScope scope, Filter filter, List<SortKey> order, int[] positions, long limit) {
        return new RowScan(scope, filter, order, positions, limit, false);
    }

    /** As {@link #rows}, in file order, with every column the shape reads and the held-row filters' results. */
    static RowScan held(TableScope scope, Filter filter) {
        return held(scope, filter, List.of());
    }

    /** As {@link #held(TableScope, Filter)}, in {@code order}. */
    static RowScan held(TableScope scope, Filter filter, List<SortKey> order) {
        return new RowScan(scope, filter, order, scope.usedPositions(), -1, true);
    }

    @Override
    public boolean hasNext() {
        while ((batch == null || next >= batch.count()) && batches.hasNext()) {
            batch = batches.next();
            next = 0;
            byPosition = new ColumnVector[width];
            for (int i = 0; i < select.length; i++) {
                byPosition[select[i]] = batch.selected()[i];
            }
        }
        return batch != null && next < batch.count();
    }

    @Override
    public HeldRow next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        int row = batch.positions()[next++];
        Object[] values = new Object[width];
        for (int p : select) {
            values[p] = byPosition[p].get(row);
        }
        boolean[] matches = null;
        if (!filters.isEmpty()) {
            ChunkValues chunk = new ChunkValues(byPosition, batch.chunk().rowCount());
            matches = new boolean[filters.size()];
            for (int f = 0; f < matches.length; f++) {
                matches[f] = filters.get(f).test(chunk, row);
            }
        }
        return new HeldRow(values, matches);
    }
}
