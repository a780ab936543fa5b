package io.jazmin.internal.query;

import io.jazmin.schema.ColumnType;
import io.jazmin.internal.column.ChunkStatistics;
import io.jazmin.internal.column.ColumnVector;
import java.util.Arrays;

/**
 * A condition on an int or datetime column. Comparisons are normalised to an inclusive range
 * {@code [low, high]} (so {@code gt 5} and {@code lte 9} on one column merge into {@code [6, 9]});
 * {@code in} uses a sorted array searched by halving, fast for thousands of values.
 */
final class LongTest extends ColumnPredicate {
    enum Kind { RANGE, NE, IN }

    final ColumnType type;
    final Kind kind;
    final long low;
    final long high;
    final long[] values;

    private LongTest(int position, ColumnType type, Kind kind, long low, long high, long[] values) {
        super(position);
        this.type = type;
        this.kind = kind;
        this.low = low;
        this.high = high;
        this.values = values;
    }

    static LongTest range(int position, ColumnType type, long low, long high) {
        return new LongTest(position, type, Kind.RANGE, low, high, null);
    }

    static LongTest notEqual(int position, ColumnType type, long value) {
        return new LongTest(position, type, Kind.NE, value, value, null);
    }

    static LongTest in(int position, ColumnType type, long[] values) {
        long[] sorted = Arrays.stream(values).distinct().sorted().toArray();
        return new LongTest(position, type, Kind.IN, 0, 0, sorted);
    }

    @Override
    boolean testValue(ColumnVector v, int row) {
        long x = v.getLong(row);
        return switch (kind) {
            case RANGE -> x >= low && x <= high;
            case NE -> x != low;
            case IN -> Arrays.binarySearch(values, x) >= 0;
        };
    }

    /**
     * The most rows of a word of 64 that a range tests one by one, taking each from the word's set bits;
     * a word with more has all its values tested in one loop without a branch. A condition on a
     * dictionary column before it (issue 33: {@code country = 'NA'}) leaves about 8 rows in a word, and
     * a step from one set bit to the next costs about what testing three values in the loop does.
     */
    static final int FEW_ROWS = 16;

    /**
     * A range (equality included) tested in one loop over the values of a word's rows, or over only
     * the rows still set where they are few ({@link #FEW_ROWS}); other kinds row by row.
     */
    @Override
    void retain(ChunkValues values, int rows, long[] bits) {
        ColumnVector v = values.byPosition()[position];
        if (kind != Kind.RANGE || v.window() != 0 || v.longs().length < rows) {
            super.retain(values, rows, bits);
            return;
        }
        long[] longs = v.longs();
        retainWords(bits, rows, v.nullBits(), (base, n, asked) -> {
            long keep = 0;
            if (Long.bitCount(asked) <= FEW_ROWS) {
                for (long rest = asked; rest != 0; rest &= rest - 1) {
                    int i = Long.numberOfTrailingZeros(rest);
                    long x = longs[base + i];
                    keep |= (x >= low & x <= high ? 1L : 0L) << i;
                }
                return keep;
            }
            for (int i = 0; i < n; i++) {
                long x = longs[base + i];
                keep |= (x >= low & x <= high ? 1L : 0L) << i;
            }
            return keep;
        });
    }

    @Override
    Tri pruneBounds(ChunkStatistics s) {
        Long min = (Long) s.minKey(type);
        Long max = (Long) s.maxKey(type);
        if (min == null || max == null) {
            return Tri.SOME;
        }
        boolean noNulls = s.nullCount() == 0;
        return switch (kind) {
            case RANGE -> max < low || min > high ? Tri.NONE
                    : noNulls && min >= low && max <= high ? Tri.ALL : Tri.SOME;
            case NE -> min == low && max == low ? Tri.NONE
                    : noNulls && (low < min || low > max) ? Tri.ALL : Tri.SOME;
            case IN -> anyWithin(min, max) ? (noNulls && min.equals(max) ? Tri.ALL : Tri.SOME) : Tri.NONE;
        };
    }

    private boolean anyWithin(long min, long max) {
        int i = Arrays.binarySearch(values, min);
        if (i >= 0) {
            return true;
        }
        int next = -i - 1;
        return next < values.length && values[next] <= max;
    }
}
