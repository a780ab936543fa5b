package io.jazmin.internal.shape;

import io.jazmin.schema.Column;
import io.jazmin.data.Filter;
import io.jazmin.data.SortKey;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** One compiled place of an export shape's template, checked against its table's columns. */
sealed interface ShapeNode {

    /** A column's value: the row's, or in a set of rows the first row's (null when the set is empty). */
    record Value(Column column, int position) implements ShapeNode {
    }

    /** A literal JSON value (a number, boolean or null, or {@code $value}). */
    record Literal(JsonNode value) implements ShapeNode {
    }

    /** A member of the file's metadata ({@code $meta}), or null. */
    record Meta(String key) implements ShapeNode {
    }

    /** {@code $count}, {@code $sum}, {@code $min} or {@code $max} over a set of rows. */
    record Aggregate(Kind kind, Column column, int position) implements ShapeNode {
        enum Kind { COUNT, SUM, MIN, MAX }
    }

    /** An object: its members evaluated in the same context, in order. */
    record Members(List<String> names, List<ShapeNode> members) implements ShapeNode {
        public Members {
            names = List.copyOf(names);
            members = List.copyOf(members);
        }
    }

    /**
     * The options of a list: one item per row or per group of rows, filtered, sorted and cut.
     *
     * @param filter       the list's own {@code $filter}, or {@code null}
     * @param memoryFilter index of that filter among its table's held-row filters, or -1
     * @param groupBy      the grouping columns (positions), empty for one item per row
     * @param sort         the {@code $sort} keys ({@code -} prefix: descending, nulls last)
     * @param sortPositions the sort columns' positions
     * @param limit        most items, or -1 for all
     * @param xmlItem      the element name of each item in XML output
     * @param item         the item template
     */
    record ListOptions(Filter filter, int memoryFilter, int[] groupBy, List<SortKey> sort, int[] sortPositions,
                       long limit, String xmlItem, ShapeNode item) {
        boolean grouped() {
            return groupBy.length > 0;
        }
    }

    /** {@code $rows}: a list over the rows of the current set. */
    record Rows(TableScope scope, ListOptions list) implements ShapeNode {
    }

    /**
     * {@code $from}/{@code $on}: the rows of another table whose {@code childPositions} columns equal
     * the current row's (or set's first row's) {@code parentPositions} columns, as a list
     * ({@code $rows}) or as one set ({@code $one}, null when nothing is linked).
     *
     * @param filter the link's {@code $filter} (applied in the linked table's query), or {@code null}
     * @param list   the list options ({@code $rows}), or {@code null} for {@code $one}
     * @param one    the {@code $one} template, or {@code null} for {@code $rows}
     */
    record Link(TableScope linked, Column[] childColumns, int[] parentPositions, Filter filter, ListOptions list,
                ShapeNode one) implements ShapeNode {
    }
}
