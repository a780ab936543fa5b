package io.jazmin.internal.query;

import io.jazmin.internal.column.ChunkStatistics;
import io.jazmin.internal.column.ColumnVector;
import java.util.Set;

/**
 * A comparison on one column. Null cells never match (SQL-like semantics, spec §2.1), and a chunk
 * whose statistics show only nulls holds no match; subclasses handle non-null values and bounds.
 */
abstract class ColumnPredicate extends Predicate {
    final int position;

    ColumnPredicate(int position) {
        this.position = position;
    }

    @Override
    public final boolean test(ChunkValues values, int row) {
        ColumnVector v = values.byPosition()[position];
        return !v.isNull(row) && testValue(v, row);
    }

    /** Whether the non-null cell at {@code row} matches. */
    abstract boolean testValue(ColumnVector values, int row);

    @Override
    public final Tri prune(StatisticsView stats) {
        ChunkStatistics s = stats.column(position);
        if (s == null) {
            return Tri.SOME;
        }
        if (s.nullCount() == stats.rowCount()) {
            return Tri.NONE;
        }
        return pruneBounds(s);
    }

    /** What the bounds of a chunk with at least one non-null cell prove. */
    abstract Tri pruneBounds(ChunkStatistics stats);

    @Override
    final void collectColumns(Set<Integer> into) {
        into.add(position);
    }
}
