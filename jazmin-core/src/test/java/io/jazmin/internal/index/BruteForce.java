package io.jazmin.internal.index;

import io.jazmin.schema.ColumnType;
import io.jazmin.internal.column.KeyForms;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.function.IntPredicate;
import java.util.function.Predicate;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

/**
 * What an index lookup must return, found by checking every cell: the reference answer of the
 * index tests. {@code cells[i]} is the stored value of row {@code firstRow + i}.
 */
final class BruteForce {
    private final ColumnType type;
    private final Object[] cells;
    private final long firstRow;
    private final Comparator<Object> order;
    private final Object[] keys; // index keys of the cells, computed once
    private long[][] grams; // the cells' trigrams, computed on first use

    BruteForce(ColumnType type, Object[] cells, long firstRow) {
        this.type = type;
        this.cells = cells;
        this.firstRow = firstRow;
        this.order = KeyForms.comparator(type);
        this.keys = new Object[cells.length];
        for (int i = 0; i < cells.length; i++) {
            keys[i] = cells[i] == null ? null : IndexKeys.keyOf(type, cells[i]);
        }
    }

    RowIdSet rows(IndexLookup lookup) {
        if (lookup instanceof IndexLookup.Eq eq) {
            Object q = KeyForms.keyOf(type, eq.value());
            return where(k -> q != null && order.compare(k, q) == 0);
        } else if (lookup instanceof IndexLookup.In in) {
            List<Object> qs = in.values().stream().map(v -> KeyForms.keyOf(type, v)).filter(Objects::nonNull).toList();
            return where(k -> qs.stream().anyMatch(q -> order.compare(k, q) == 0));
        } else if (lookup instanceof IndexLookup.Range r) {
            Object low = r.lower() == null ? null : KeyForms.keyOf(type, r.lower());
            Object high = r.upper() == null ? null : KeyForms.keyOf(type, r.upper());
            if ((r.lower() != null && low == null) || (r.upper() != null && high == null)) {
                return RowIdSet.empty(); // a NaN bound
            }
            return where(k -> (low == null || holds(order.compare(k, low), 1, r.lowerInclusive()))
                    && (high == null || holds(order.compare(k, high), -1, r.upperInclusive())));
        } else if (lookup instanceof IndexLookup.StartsWith s) {
            return where(v -> ((String) v).startsWith(s.prefix()));
        } else if (lookup instanceof IndexLookup.IsNull) {
            return select(i -> cells[i] == null);
        } else if (lookup instanceof IndexLookup.Contains c) {
            // What a trigram index must return: the rows having every gram of the text.
            long[] wanted = Trigrams.of(c.text());
            long[][] all = grams();
            return select(i -> cells[i] != null
                    && LongStream.of(wanted).allMatch(g -> Arrays.binarySearch(all[i], g) >= 0));
        }
        throw new IllegalArgumentException(lookup.toString());
    }

    /** Rows whose text really contains {@code text} (ASCII letters folded when {@code ignoreCase}). */
    RowIdSet containing(String text, boolean ignoreCase) {
        String wanted = fold(text, ignoreCase);
        return select(i -> cells[i] != null && fold((String) cells[i], ignoreCase).contains(wanted));
    }

    private static String fold(String s, boolean ignoreCase) {
        if (!ignoreCase) {
            return s;
        }
        StringBuilder sb = new StringBuilder(s.length());
        s.chars().forEach(c -> sb.append(Trigrams.fold((char) c)));
        return sb.toString();
    }

    private long[][] grams() {
        if (grams == null) {
            grams = new long[cells.length][];
            for (int i = 0; i < cells.length; i++) {
                grams[i] = cells[i] == null ? null : Trigrams.of((String) cells[i]);
            }
        }
        return grams;
    }

    // Whether the comparison result has the wanted sign (or is 0 when inclusive).
    private static boolean holds(int c, int sign, boolean inclusive) {
        return Integer.signum(c) == sign || (inclusive && c == 0);
    }

    /** Rows whose index key passes {@code test} (null cells and NaN have none). */
    private RowIdSet where(Predicate<Object> test) {
        return select(i -> keys[i] != null && test.test(keys[i]));
    }

    private RowIdSet select(IntPredicate test) {
        return RowIdSet.of(IntStream.range(0, cells.length).filter(test).mapToLong(i -> firstRow + i).toArray());
    }
}
