package io.jazmin.internal.query;

import io.jazmin.internal.column.ChunkStatistics;
import java.util.Set;

/** {@code isNull: true/false} on any column. */
final class NullTest extends Predicate {
    final int position;
    final boolean wantNull;

    NullTest(int position, boolean wantNull) {
        this.position = position;
        this.wantNull = wantNull;
    }

    @Override
    public boolean test(ChunkValues values, int row) {
        return values.byPosition()[position].isNull(row) == wantNull;
    }

    @Override
    public Tri prune(StatisticsView stats) {
        ChunkStatistics s = stats.column(position);
        if (s == null) {
            return Tri.SOME;
        }
        boolean noNulls = s.nullCount() == 0;
        boolean allNull = s.nullCount() == stats.rowCount();
        if (wantNull) {
            return noNulls ? Tri.NONE : allNull ? Tri.ALL : Tri.SOME;
        }
        return allNull ? Tri.NONE : noNulls ? Tri.ALL : Tri.SOME;
    }

    @Override
    void collectColumns(Set<Integer> into) {
        into.add(position);
    }
}
