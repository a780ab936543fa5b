package io.jazmin.spring.data.core.query;

import io.jazmin.Row;
import java.util.Comparator;
import java.util.List;
import org.springframework.data.domain.Sort;

/**
 * The sort column values of one row and its row id, which breaks ties so equal keys keep file order.
 *
 * @param values one cell per sort order
 * @param rowId  the row's id in the table
 */
record SortKey(Object[] values, long rowId) {

    /** The key of {@code row} for {@code columns} (one per sort order). */
    static SortKey of(Row row, List<String> columns) {
        Object[] values = new Object[columns.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = row.get(columns.get(i));
        }
        return new SortKey(values, row.rowId());
    }

    /** Orders keys by {@code sort}: direction, case and null handling per order, then by row id. */
    static Comparator<SortKey> comparator(Sort sort) {
        List<Sort.Order> orders = sort.toList();
        return (a, b) -> {
            for (int i = 0; i < orders.size(); i++) {
                int c = compare(orders.get(i), a.values[i], b.values[i]);
                if (c != 0) {
                    return c;
                }
            }
            return Long.compare(a.rowId, b.rowId);
        };
    }

    /** Nulls go first, as in sorted files, unless the order asks for them last (direction does not move them). */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compare(Sort.Order order, Object a, Object b) {
        if (a == null || b == null) {
            if (a == b) {
                return 0;
            }
            boolean nullsFirst = order.getNullHandling() != Sort.NullHandling.NULLS_LAST;
            return (a == null) == nullsFirst ? -1 : 1;
        }
        int c = order.isIgnoreCase() && a instanceof String s && b instanceof String t
                ? String.CASE_INSENSITIVE_ORDER.compare(s, t)
                : ((Comparable) a).compareTo(b);
        return order.isAscending() ? c : -c;
    }
}
