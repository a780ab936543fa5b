package io.jazmin.spring.data.core.query;

import io.jazmin.data.Filter;
import java.util.List;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Sort;

/**
 * What to read: an engine filter, an order, a slice of the result and whether repeated results
 * are dropped. Names in the sort are columns. Immutable.
 *
 * @param filter   the engine filter, or {@code null} for every row
 * @param sort     the order (column names); unsorted means file order
 * @param offset   results to skip
 * @param limit    most results, or -1 for all
 * @param distinct whether equal results are returned once
 * @param select   the columns of map results (named-file reads), or empty for all; entity and
 *                 projection reads take the columns of their type
 */
public record JazminQuery(Filter filter, Sort sort, long offset, long limit, boolean distinct,
                          List<String> select) {

    public JazminQuery {
        sort = sort == null ? Sort.unsorted() : sort;
        select = select == null ? List.of() : List.copyOf(select);
        if (offset < 0 || limit < -1) {
            throw new IllegalArgumentException("offset must be >= 0 and limit >= -1, got " + offset + ", " + limit);
        }
    }

    /** Every row in file order. */
    public static JazminQuery all() {
        return new JazminQuery(null, Sort.unsorted(), 0, -1, false, List.of());
    }

    /** The rows matching {@code filter} in file order. */
    public static JazminQuery where(Filter filter) {
        return all().withFilter(filter);
    }

    public JazminQuery withFilter(Filter value) {
        return new JazminQuery(value, sort, offset, limit, distinct, select);
    }

    public JazminQuery withSort(Sort value) {
        return new JazminQuery(filter, value, offset, limit, distinct, select);
    }

    public JazminQuery withOffset(long value) {
        return new JazminQuery(filter, sort, value, limit, distinct, select);
    }

    public JazminQuery withLimit(long value) {
        return new JazminQuery(filter, sort, offset, value, distinct, select);
    }

    public JazminQuery withDistinct(boolean value) {
        return new JazminQuery(filter, sort, offset, limit, value, select);
    }

    public JazminQuery withSelect(List<String> value) {
        return new JazminQuery(filter, sort, offset, limit, distinct, value);
    }

    /** This query narrowed to the page: its offset and size, its sort followed by the page's. */
    public JazminQuery withPage(Pageable pageable) {
        if (pageable.isUnpaged()) {
            return pageable.getSort().isSorted() ? withSort(pageable.getSort()) : this;
        }
        JazminQuery paged = withOffset(offset + pageable.getOffset()).withLimit(limit < 0
                ? pageable.getPageSize() : Math.min(pageable.getPageSize(), Math.max(0, limit - pageable.getOffset())));
        return pageable.getSort().isSorted() ? paged.withSort(sort.and(pageable.getSort())) : paged;
    }
}
