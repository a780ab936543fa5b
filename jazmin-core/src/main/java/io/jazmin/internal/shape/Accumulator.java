package io.jazmin.internal.shape;

import io.jazmin.schema.ColumnType;
import io.jazmin.internal.column.KeyForms;
import io.jazmin.internal.shape.ShapeNode.Aggregate;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * The running value of one aggregate over a set of rows. Sums skip nulls (and NaN) and are exact
 * for int (growing past 64 bits when needed) and decimal (the largest scale of the inputs); min
 * and max compare in key order and keep the value as read. Null when no value was added.
 */
final class Accumulator {
    private final Aggregate aggregate;
    private long count;
    private long longSum;
    private BigInteger bigSum;
    private double floatSum;
    private BigDecimal decimalSum;
    private Object best;
    private Object bestKey;
    private boolean any;

    Accumulator(Aggregate aggregate) {
        this.aggregate = aggregate;
    }

    void add(HeldRow row) {
        if (aggregate.kind() == Aggregate.Kind.COUNT) {
            count++;
            return;
        }
        Object v = row.value(aggregate.position());
        ColumnType type = aggregate.column().type();
        if (v == null || v instanceof Double d && d.isNaN()) {
            return;
        }
        if (aggregate.kind() == Aggregate.Kind.SUM) {
            addToSum(type, v);
        } else {
            Object key = KeyForms.keyOf(type, v);
            int c = any ? KeyForms.comparator(type).compare(key, bestKey) : 0;
            if (!any || (aggregate.kind() == Aggregate.Kind.MIN ? c < 0 : c > 0)) {
                best = v;
                bestKey = key;
            }
        }
        any = true;
    }

    private void addToSum(ColumnType type, Object v) {
        switch (type) {
            case INT -> {
                long x = (Long) v;
                if (bigSum != null) {
                    bigSum = bigSum.add(BigInteger.valueOf(x));
                } else {
                    long s = longSum + x;
                    if (((longSum ^ s) & (x ^ s)) < 0) { // overflow: continue exactly
                        bigSum = BigInteger.valueOf(longSum).add(BigInteger.valueOf(x));
                    } else {
                        longSum = s;
                    }
                }
            }
            case FLOAT -> floatSum += (Double) v;
            case DECIMAL -> decimalSum = decimalSum == null ? (BigDecimal) v : decimalSum.add((BigDecimal) v);
            case BOOL, STRING, DATETIME, BINARY, JSON, LIST, OBJECT -> throw notSummable(type);
        }
    }

    /** The result: a Long count; a Long or BigInteger, Double or BigDecimal sum; a min or max value; or null. */
    Object result() {
        if (aggregate.kind() == Aggregate.Kind.COUNT) {
            return count;
        }
        if (!any) {
            return null;
        }
        if (aggregate.kind() != Aggregate.Kind.SUM) {
            return best;
        }
        return switch (aggregate.column().type()) {
            case INT -> bigSum != null ? bigSum : (Object) longSum;
            case FLOAT -> floatSum;
            case DECIMAL -> decimalSum;
            case BOOL, STRING, DATETIME, BINARY, JSON, LIST, OBJECT -> throw notSummable(aggregate.column().type());
        };
    }

    /** Whether {@code $sum} applies to a column of {@code type} (ShapeCompiler refuses the others). */
    static boolean summable(ColumnType type) {
        return switch (type) {
            case INT, FLOAT, DECIMAL -> true;
            case BOOL, STRING, DATETIME, BINARY, JSON, LIST, OBJECT -> false;
        };
    }

    private static IllegalStateException notSummable(ColumnType type) {
        return new IllegalStateException("no sum of a " + type.typeName() + " column");
    }
}
