package io.jazmin.internal.shape;

import io.jazmin.schema.ColumnType;
import io.jazmin.data.SortKey;
import io.jazmin.internal.column.KeyForms;
import io.jazmin.internal.shape.ShapeNode.ListOptions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/**
 * How held rows and groups are ordered and told apart: a list's {@code $sort} in key order
 * (decimals by value, strings by UTF-16 unit; nulls first ascending and last descending, as the
 * engine's sorted queries order them), and a group's identity from its grouping values.
 */
final class RowOrder {
    private RowOrder() {
    }

    /** {@code items} sorted by the list's keys (stably: ties keep their order), then cut to its limit. */
    static <T> List<T> ordered(TableScope scope, ListOptions list, List<T> items,
                                       Function<T, HeldRow> rowOf) {
        List<T> out = items;
        if (!list.sort().isEmpty()) {
            out = new ArrayList<>(items);
            Comparator<HeldRow> order = order(scope, list);
            out.sort((a, b) -> order.compare(rowOf.apply(a), rowOf.apply(b)));
        }
        return list.limit() >= 0 && list.limit() < out.size() ? out.subList(0, (int) list.limit()) : out;
    }

    /** The list's {@code $sort} on held rows: key order, nulls first ascending and last descending. */
    private static Comparator<HeldRow> order(TableScope scope, ListOptions list) {
        Comparator<HeldRow> order = (a, b) -> 0;
        for (int i = 0; i < list.sort().size(); i++) {
            int p = list.sortPositions()[i];
            ColumnType type = scope.columns().get(p).type();
            Comparator<Object> keys = KeyForms.comparator(type);
            boolean desc = list.sort().get(i).descending();
            Comparator<HeldRow> byKey = (a, b) -> {
                Object x = key(type, a.value(p));
                Object y = key(type, b.value(p));
                int c = x == null ? (y == null ? 0 : -1) : y == null ? 1 : keys.compare(x, y);
                return desc ? -c : c;
            };
            order = order.thenComparing(byKey);
        }
        return order;
    }

    /**
     * A value's key form; a float NaN keeps NaN as its key, so it groups apart from nulls and sorts
     * after every number, as the engine's sorted queries place it ({@link SortKey}).
     */
    private static Object key(ColumnType type, Object value) {
        if (value instanceof Double d && d.isNaN()) {
            return d;
        }
        return value == null ? null : KeyForms.keyOf(type, value);
    }

    /** The identity of a row's group: the key forms of its grouping values (decimals by value). */
    static Object groupKey(TableScope scope, int[] groupBy, HeldRow row) {
        if (groupBy.length == 1) {
            return key(scope.columns().get(groupBy[0]).type(), row.value(groupBy[0]));
        }
        Object[] keys = new Object[groupBy.length];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = key(scope.columns().get(groupBy[i]).type(), row.value(groupBy[i]));
        }
        return Arrays.asList(keys);
    }
}
