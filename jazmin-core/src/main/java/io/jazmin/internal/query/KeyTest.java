package io.jazmin.internal.query;

import io.jazmin.schema.ColumnType;
import io.jazmin.data.Filter.Op;
import io.jazmin.internal.column.ChunkStatistics;
import io.jazmin.internal.column.ColumnVector;
import io.jazmin.internal.column.KeyForms;
import io.jazmin.internal.column.Utf8Text;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Set;

/**
 * A comparison on a bool, decimal or string column, made on key forms (decimals by numeric value,
 * so 1.50 equals 1.5; strings by UTF-16 code units). {@code in} uses a hash set of keys.
 */
final class KeyTest extends ColumnPredicate {
    final ColumnType type;
    final Op op;
    final Object operand;
    final Set<Object> inKeys;
    private final Comparator<Object> order;
    /** A string equality's operand in UTF-8, tested on plain strings' bytes; else {@code null}. */
    private final byte[] utf8;

    KeyTest(int position, ColumnType type, Op op, Object operandKey, Set<Object> inKeys) {
        super(position);
        this.type = type;
        this.op = op;
        this.operand = operandKey;
        this.inKeys = inKeys == null ? null : new HashSet<>(inKeys);
        this.order = KeyForms.comparator(type);
        this.utf8 = type == ColumnType.STRING && op == Op.EQ && operandKey instanceof String s ? Utf8Text.needle(s)
                : null;
    }

    /** A string equality is tested on plain strings' bytes (no string per value). */
    @Override
    void retain(ChunkValues values, int rows, long[] bits) {
        ColumnVector v = values.byPosition()[position];
        if (utf8 != null && Utf8Text.readable(v) && v.size() >= rows) {
            retainEach(bits, row -> !v.isNull(row) && Utf8Text.matches(v, row, utf8, Utf8Text.Match.EQUALS));
        } else {
            super.retain(values, rows, bits);
        }
    }

    /** The key of a non-null value as a vector's {@code get} returns it. */
    private Object key(Object value) {
        return switch (type) {
            case DECIMAL -> KeyForms.keyOf(type, value);
            case BOOL, INT, FLOAT, STRING, DATETIME -> value;
            // Only ordered types are bound to a KeyTest.
            case BINARY, JSON, LIST, OBJECT -> throw new IllegalStateException(type.name());
        };
    }

    @Override
    boolean testValue(ColumnVector v, int row) {
        return matches(type == ColumnType.BOOL ? v.getBoolean(row) : key(v.get(row)));
    }

    @Override
    boolean testEntry(Object value) {
        return matches(key(value));
    }

    private boolean matches(Object k) {
        return switch (op) {
            case EQ -> order.compare(k, operand) == 0;
            case NE -> order.compare(k, operand) != 0;
            case GT -> order.compare(k, operand) > 0;
            case GTE -> order.compare(k, operand) >= 0;
            case LT -> order.compare(k, operand) < 0;
            case LTE -> order.compare(k, operand) <= 0;
            case IN -> inKeys.contains(k);
            // FilterBinder binds isNull to NullTest and text operators to TextTest.
            case IS_NULL, CONTAINS, ICONTAINS, STARTS_WITH, ENDS_WITH, IEQ, ISTARTS_WITH, IENDS_WITH -> throw new IllegalStateException(op.name());
        };
    }

    @Override
    Tri pruneBounds(ChunkStatistics s) {
        Object min = s.minKey(type);
        Object max = s.maxKey(type);
        boolean none = switch (op) {
            case EQ -> (min != null && order.compare(operand, min) < 0) || (max != null && order.compare(operand, max) > 0);
            case GT -> max != null && order.compare(max, operand) <= 0;
            case GTE -> max != null && order.compare(max, operand) < 0;
            // A string min may be a truncated prefix, still a lower bound: these stay safe.
            case LT -> min != null && order.compare(min, operand) >= 0;
            case LTE -> min != null && order.compare(min, operand) > 0;
            case IN -> min != null && max != null && inKeys.stream()
                    .noneMatch(k -> order.compare(k, min) >= 0 && order.compare(k, max) <= 0);
            case NE, IS_NULL, CONTAINS, ICONTAINS, STARTS_WITH, ENDS_WITH, IEQ, ISTARTS_WITH, IENDS_WITH -> false;
        };
        if (none) {
            return Tri.NONE;
        }
        return allMatch(s, min, max) ? Tri.ALL : Tri.SOME;
    }

    /** Every row matches when there are no nulls and the whole exact range satisfies the comparison. */
    private boolean allMatch(ChunkStatistics s, Object min, Object max) {
        if (s.nullCount() != 0 || min == null || max == null || (type.isText() && !exactBound(min))) {
            return false;
        }
        return switch (op) {
            case EQ -> order.compare(min, operand) == 0 && order.compare(max, operand) == 0;
            case GT -> order.compare(min, operand) > 0;
            case GTE -> order.compare(min, operand) >= 0;
            case LT -> order.compare(max, operand) < 0;
            case LTE -> order.compare(max, operand) <= 0;
            case NE, IN, IS_NULL, CONTAINS, ICONTAINS, STARTS_WITH, ENDS_WITH, IEQ, ISTARTS_WITH, IENDS_WITH -> false;
        };
    }

    /** A string bound shorter than the truncation length is the exact value, not a prefix. */
    private static boolean exactBound(Object bound) {
        return ((String) bound).length() < ChunkStatistics.MAX_STRING_BOUND - 1;
    }
}
