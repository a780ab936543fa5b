package io.jazmin.internal.query;

import io.jazmin.data.Filter.Op;
import io.jazmin.internal.column.ChunkStatistics;
import io.jazmin.internal.column.ColumnVector;
import java.util.Arrays;

/**
 * A condition on a float column. NaN matches no comparison except {@code ne}; −0 equals +0.
 * Statistics never prove that every row matches a comparison, since NaN rows are left out of them.
 */
final class DoubleTest extends ColumnPredicate {
    final Op op;
    final double operand;
    final double[] values;

    DoubleTest(int position, Op op, double operand, double[] inValues) {
        super(position);
        this.op = op;
        this.operand = operand;
        this.values = inValues == null ? null : normalise(inValues);
    }

    private static double[] normalise(double[] in) {
        // Key form: -0 folds into +0; NaN never equals anything, so it is dropped.
        return Arrays.stream(in).filter(d -> !Double.isNaN(d)).map(d -> d == 0 ? 0.0 : d).distinct().sorted().toArray();
    }

    @Override
    boolean testValue(ColumnVector v, int row) {
        double x = v.getDouble(row);
        return switch (op) {
            case EQ -> x == operand;
            case NE -> !(x == operand);
            case GT -> x > operand;
            case GTE -> x >= operand;
            case LT -> x < operand;
            case LTE -> x <= operand;
            case IN -> !Double.isNaN(x) && Arrays.binarySearch(values, x == 0 ? 0.0 : x) >= 0;
            // FilterBinder binds isNull to NullTest and refuses text operators on floats.
            case IS_NULL, CONTAINS, ICONTAINS, STARTS_WITH, ENDS_WITH, IEQ, ISTARTS_WITH, IENDS_WITH -> throw new IllegalStateException(op.name());
        };
    }

    @Override
    Tri pruneBounds(ChunkStatistics s) {
        Double min = (Double) s.minKey(io.jazmin.schema.ColumnType.FLOAT);
        Double max = (Double) s.maxKey(io.jazmin.schema.ColumnType.FLOAT);
        if (min == null || max == null) {
            return Tri.SOME;
        }
        boolean none = switch (op) {
            case EQ -> operand < min || operand > max || Double.isNaN(operand);
            case GT -> max <= operand;
            case GTE -> max < operand;
            case LT -> min >= operand;
            case LTE -> min > operand;
            case IN -> noneWithin(min, max);
            case NE, IS_NULL, CONTAINS, ICONTAINS, STARTS_WITH, ENDS_WITH, IEQ, ISTARTS_WITH, IENDS_WITH -> false;
        };
        return none ? Tri.NONE : Tri.SOME;
    }

    private boolean noneWithin(double min, double max) {
        for (double d : values) {
            if (d >= min && d <= max) {
                return false;
            }
        }
        return true;
    }
}
