package io.jazmin.spark.summary;

import io.jazmin.data.Filter;
import java.util.Collection;
import java.util.Map;

/**
 * Decides from a file's value ranges whether a JAZMIN filter can match any of its rows: only a
 * filter the ranges prove false for every row rules the file out. Conditions on columns without a
 * range, operators the ranges say nothing about ({@code ne}, text operators, {@code isNull}),
 * {@code not} and nested filters keep the file; {@code and} rules it out when one part does,
 * {@code or} when every part does. A null cell matches none of the conditions that prune
 * ({@code eq}, {@code in}, comparisons), so ranges over the non-null values suffice.
 */
public final class SummaryPruner {
    private SummaryPruner() {
    }

    /** Whether a row of a file with {@code ranges} may match {@code filter} ({@code null}: every row does). */
    public static boolean mayMatch(Filter filter, Map<String, ValueRange> ranges) {
        if (filter == null) {
            return true;
        }
        if (filter instanceof Filter.And and) {
            return and.parts().stream().allMatch(p -> mayMatch(p, ranges));
        }
        if (filter instanceof Filter.Or or) {
            return or.parts().stream().anyMatch(p -> mayMatch(p, ranges));
        }
        if (filter instanceof Filter.Condition c) {
            ValueRange range = ranges.get(c.column());
            return range == null || mayMatch(c, range);
        }
        return true; // not, nested: not judged
    }

    private static boolean mayMatch(Filter.Condition c, ValueRange range) {
        return switch (c.op()) {
            case EQ -> inRange(range, c.operand());
            case IN -> ((Collection<?>) c.operand()).stream().anyMatch(v -> v != null && inRange(range, v))
                    || ((Collection<?>) c.operand()).stream().anyMatch(v -> v != null && range.comparable(v) == null);
            case GT -> compareToMax(range, c.operand(), false);
            case GTE -> compareToMax(range, c.operand(), true);
            case LT -> compareToMin(range, c.operand(), false);
            case LTE -> compareToMin(range, c.operand(), true);
            case NE, CONTAINS, ICONTAINS, STARTS_WITH, IS_NULL, ENDS_WITH, IEQ, ISTARTS_WITH, IENDS_WITH -> true;
        };
    }

    /** Whether {@code value} lies within the range (or is not of its type, which decides nothing). */
    private static boolean inRange(ValueRange range, Object value) {
        Comparable<?> v = range.comparable(value);
        return v == null || ValueRange.compare(v, range.min()) >= 0 && ValueRange.compare(v, range.max()) <= 0;
    }

    /** {@code > value} ({@code >=} when {@code equal}) may hold for the largest value. */
    private static boolean compareToMax(ValueRange range, Object value, boolean equal) {
        Comparable<?> v = range.comparable(value);
        int cmp = v == null ? 1 : ValueRange.compare(range.max(), v);
        return cmp > 0 || equal && cmp == 0;
    }

    /** {@code < value} ({@code <=} when {@code equal}) may hold for the smallest value. */
    private static boolean compareToMin(ValueRange range, Object value, boolean equal) {
        Comparable<?> v = range.comparable(value);
        int cmp = v == null ? -1 : ValueRange.compare(range.min(), v);
        return cmp < 0 || equal && cmp == 0;
    }
}
