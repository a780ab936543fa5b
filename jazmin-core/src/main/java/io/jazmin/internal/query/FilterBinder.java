package io.jazmin.internal.query;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.data.Filter;
import io.jazmin.data.Filter.Op;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import io.jazmin.error.InvalidFilterException;

/**
 * Binds a {@link Filter} to a table's columns: checks column names and operators, converts
 * operands to the column types, and builds the {@link Predicate} tree. Errors read like the
 * reference libraries' ("Invalid filter: unknown column 'x'").
 */
public final class FilterBinder {
    private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
    private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);

    private final List<Column> columns;
    private final Map<String, Integer> positions = new HashMap<>();

    public FilterBinder(List<Column> columns) {
        this.columns = columns;
        for (int i = 0; i < columns.size(); i++) {
            positions.put(columns.get(i).name(), i);
        }
    }

    /** The predicate for {@code filter}; {@code null} means every row. */
    public Predicate bind(Filter filter) {
        if (filter == null) {
            return new Predicate.Constant(true);
        }
        if (filter instanceof Filter.And and) {
            List<Predicate> parts = new ArrayList<>();
            for (Filter f : and.parts()) {
                parts.add(bind(f));
            }
            parts = mergeRanges(parts);
            return parts.size() == 1 ? parts.get(0) : new Predicate.And(parts);
        }
        if (filter instanceof Filter.Or or) {
            List<Predicate> parts = new ArrayList<>();
            for (Filter f : or.parts()) {
                parts.add(bind(f));
            }
            return parts.size() == 1 ? parts.get(0) : new Predicate.Or(parts);
        }
        if (filter instanceof Filter.Not not) {
            return new Predicate.Not(bind(not.inner()));
        }
        if (filter instanceof Filter.Nested nested) {
            Integer position = positions.get(nested.column());
            if (position == null) {
                throw new InvalidFilterException("unknown column '" + nested.column() + "'");
            }
            return NestedPredicate.bind(position, columns.get(position), nested.op(), nested.inner());
        }
        return condition((Filter.Condition) filter);
    }

    /** ANDed ranges on one int/datetime column become one range (one bounded index lookup). */
    private static List<Predicate> mergeRanges(List<Predicate> parts) {
        Map<Integer, LongTest> ranges = new HashMap<>();
        List<Predicate> out = new ArrayList<>();
        for (Predicate p : parts) {
            if (p instanceof LongTest t && t.kind == LongTest.Kind.RANGE) {
                LongTest seen = ranges.get(t.position);
                if (seen != null) {
                    LongTest merged = LongTest.range(t.position, t.type, Math.max(seen.low, t.low),
                            Math.min(seen.high, t.high));
                    out.set(out.indexOf(seen), merged);
                    ranges.put(t.position, merged);
                    continue;
                }
                ranges.put(t.position, t);
            }
            out.add(p);
        }
        return out;
    }

    private Predicate condition(Filter.Condition c) {
        Integer position = positions.get(c.column());
        if (position == null) {
            throw new InvalidFilterException("unknown column '" + c.column() + "'");
        }
        ColumnType type = columns.get(position).type();
        Op op = c.op();
        return switch (op) {
            case IS_NULL -> new NullTest(position, Operands.toBoolean(c.column(), c.operand()));
            case CONTAINS, ICONTAINS, STARTS_WITH, ENDS_WITH, IEQ, ISTARTS_WITH, IENDS_WITH -> {
                if (!type.isText()) {
                    throw new InvalidFilterException("'" + op.jsonName() + "' only applies to string columns");
                }
                yield new TextTest(position, op, Operands.toText(c.column(), c.operand()));
            }
            case IN -> in(position, requireOrdered(type, op), c.column(), (List<?>) c.operand());
            case EQ, NE, GT, GTE, LT, LTE -> comparison(position, requireOrdered(type, op), c);
        };
    }

    private static ColumnType requireOrdered(ColumnType type, Op op) {
        if (!type.isOrdered()) {
            throw new InvalidFilterException("'" + op.jsonName() + "' does not apply to " + type.typeName()
                    + " columns (only isNull does)");
        }
        return type;
    }

    /** eq, ne and the ranges on an ordered column. */
    private Predicate comparison(int position, ColumnType type, Filter.Condition c) {
        Op op = c.op();
        if (c.operand() == null) {
            throw new InvalidFilterException("'" + op.jsonName() + "' needs a value, not null");
        }
        return switch (type) {
            case INT, DATETIME -> longComparison(position, type, c.column(), op, c.operand());
            case FLOAT -> new DoubleTest(position, op, Operands.toDouble(c.column(), c.operand()), null);
            case BOOL, DECIMAL, STRING -> new KeyTest(position, type, op, key(type, c.column(), c.operand()), null);
            case BINARY, JSON, LIST, OBJECT -> throw unordered(type);
        };
    }

    /** The key of a bool, decimal or string operand (the types a {@link KeyTest} compares). */
    private Object key(ColumnType type, String column, Object v) {
        return switch (type) {
            case BOOL -> Operands.toBoolean(column, v);
            case DECIMAL -> Operands.toDecimal(column, v);
            case STRING -> Operands.toText(column, v);
            case INT, FLOAT, DATETIME, BINARY, JSON, LIST, OBJECT -> throw unordered(type);
        };
    }

    /** A type {@link #requireOrdered} has refused, or one a {@link KeyTest} does not compare: a bug here. */
    private static IllegalStateException unordered(ColumnType type) {
        return new IllegalStateException("no key test for a " + type.typeName() + " column");
    }

    private Predicate in(int position, ColumnType type, String column, List<?> listed) {
        // Null and NaN items equal no value (reference 1.3.0): left out before conversion.
        List<?> operands = listed.stream().filter(o -> o != null && !isNaN(o)).toList();
        return switch (type) {
            case INT, DATETIME -> {
                List<Long> values = new ArrayList<>();
                for (Object o : operands) {
                    BigDecimal d = number(type, column, o);
                    if (isLong(d)) {
                        values.add(d.longValueExact());
                    }
                }
                yield LongTest.in(position, type, values.stream().mapToLong(Long::longValue).toArray());
            }
            case FLOAT -> {
                double[] values = operands.stream().mapToDouble(o -> Operands.toDouble(column, o))
                        .filter(d -> !Double.isNaN(d)).toArray();
                yield new DoubleTest(position, Op.IN, 0, values);
            }
            case BOOL, DECIMAL, STRING -> {
                Set<Object> keys = new HashSet<>();
                for (Object o : operands) {
                    keys.add(key(type, column, o));
                }
                yield new KeyTest(position, type, Op.IN, null, keys);
            }
            case BINARY, JSON, LIST, OBJECT -> throw unordered(type);
        };
    }

    private static boolean isNaN(Object o) {
        return o instanceof Double d && d.isNaN() || o instanceof Float f && f.isNaN();
    }

    private static BigDecimal number(ColumnType type, String column, Object v) {
        return switch (type) {
            case DATETIME -> Operands.epochMillis(column, v);
            case INT -> Operands.exactNumber(column, v);
            case BOOL, FLOAT, DECIMAL, STRING, BINARY, JSON, LIST, OBJECT ->
                    throw new IllegalStateException(type.typeName() + " columns have no long comparisons");
        };
    }

    private static boolean isLong(BigDecimal d) {
        return d.stripTrailingZeros().scale() <= 0 && d.compareTo(LONG_MIN) >= 0 && d.compareTo(LONG_MAX) <= 0;
    }

    /**
     * An int/datetime comparison as an inclusive range of longs; operands that are fractional or
     * beyond 64 bits are rounded to the equivalent integer bound, or make the test constant.
     */
    private static Predicate longComparison(int position, ColumnType type, String column, Op op, Object operand) {
        BigDecimal d = number(type, column, operand);
        return switch (op) {
            case EQ -> longEquality(position, type, true, d);
            case NE -> longEquality(position, type, false, d);
            case GT -> longBound(position, type, true, d.setScale(0, RoundingMode.FLOOR).add(BigDecimal.ONE));
            case GTE -> longBound(position, type, true, d.setScale(0, RoundingMode.CEILING));
            case LT -> longBound(position, type, false, d.setScale(0, RoundingMode.CEILING).subtract(BigDecimal.ONE));
            case LTE -> longBound(position, type, false, d.setScale(0, RoundingMode.FLOOR));
            // bound by condition; listed so that a new operator is decided here too
            case IN, IS_NULL, CONTAINS, ICONTAINS, STARTS_WITH, ENDS_WITH, IEQ, ISTARTS_WITH, IENDS_WITH ->
                    throw new IllegalStateException("'" + op.jsonName() + "' is not a comparison");
        };
    }

    private static Predicate longEquality(int position, ColumnType type, boolean eq, BigDecimal d) {
        if (!isLong(d)) {
            return eq ? new Predicate.Constant(false) : new NullTest(position, false);
        }
        long v = d.longValueExact();
        return eq ? LongTest.range(position, type, v, v) : LongTest.notEqual(position, type, v);
    }

    /** {@code >= bound} when {@code lower}, else {@code <= bound}. */
    private static Predicate longBound(int position, ColumnType type, boolean lower, BigDecimal bound) {
        if (bound.compareTo(LONG_MAX) > 0) {
            return lower ? new Predicate.Constant(false) : new NullTest(position, false);
        }
        if (bound.compareTo(LONG_MIN) < 0) {
            return lower ? new NullTest(position, false) : new Predicate.Constant(false);
        }
        long b = bound.longValueExact();
        return lower ? LongTest.range(position, type, b, Long.MAX_VALUE) : LongTest.range(position, type, Long.MIN_VALUE, b);
    }
}
