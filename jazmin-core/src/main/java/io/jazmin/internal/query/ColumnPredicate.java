package io.jazmin.internal.query;

import io.jazmin.internal.column.ChunkStatistics;
import io.jazmin.internal.column.ColumnVector;
import io.jazmin.internal.column.DictionaryCodes;
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

    /**
     * Whether a non-null value of a decimal, string, binary or json column matches (a dictionary entry:
     * the same answer {@link #testValue} gives each row holding it). Tests bound to other types never
     * meet a dictionary.
     */
    boolean testEntry(Object value) {
        throw new IllegalStateException(getClass().getSimpleName() + " does not test dictionary entries");
    }

    /**
     * A dictionary-coded column is tested once per entry, then row by row through its codes; other
     * columns as {@link Predicate#retain} does.
     */
    @Override
    void retain(ChunkValues values, int rows, long[] bits) {
        ColumnVector v = values.byPosition()[position];
        DictionaryCodes codes = v.dictionaryCodes();
        if (codes == null || codes.size() < rows) {
            super.retain(values, rows, bits);
            return;
        }
        Object[] entries = v.dictionaryEntries();
        long[] match = new long[(entries.length + 63) >>> 6];
        for (int e = 0; e < entries.length; e++) {
            if (testEntry(entries[e])) {
                match[e >>> 6] |= 1L << e;
            }
        }
        // A null row's code names an entry too: retainWords clears null rows.
        retainWords(bits, rows, v.nullBits(), (base, n, asked) -> codes.matching(match, base, n));
    }

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
