package io.jazmin.spring.data.core.query;

import io.jazmin.JazminTable;
import io.jazmin.data.RowQuery;
import io.jazmin.data.SortKey;
import java.util.List;
import java.util.stream.Stream;
import org.springframework.data.domain.Sort;

/**
 * Runs a {@link JazminQuery} on a table: the engine filters, orders and slices it (file order when
 * unsorted or sorted along the file's {@code sorted_by}; otherwise it ranks the matches on their
 * sort columns alone and reads only the returned rows). {@code distinct} drops repeated results
 * before the slice is taken.
 */
public final class QueryRunner {
    private QueryRunner() {
    }

    /** The results of {@code query}; the stream reads {@code table} lazily where it can. */
    public static <T> Stream<T> run(JazminTable table, JazminQuery query, RowReader<T> reader) {
        RowQuery ordered = RowQuery.all().withOrder(order(query.sort()));
        if (!query.distinct()) {
            return reader.find(table, query.filter(), ordered.withOffset(query.offset()).withLimit(query.limit()));
        }
        Stream<T> distinct = reader.find(table, query.filter(), ordered).distinct().skip(query.offset());
        return query.limit() < 0 ? distinct : distinct.limit(query.limit());
    }

    /**
     * The engine order of {@code sort} (names are columns). Native null handling puts nulls first
     * whatever the direction, as in sorted files; ignore-case orders compare strings case-insensitively.
     */
    static List<SortKey> order(Sort sort) {
        return sort.stream().map(QueryRunner::key).toList();
    }

    private static SortKey key(Sort.Order order) {
        SortKey key = order.isAscending() ? SortKey.asc(order.getProperty()) : SortKey.desc(order.getProperty());
        key = order.isIgnoreCase() ? key.ignoringCase() : key;
        return order.getNullHandling() == Sort.NullHandling.NULLS_LAST ? key.nullsLast() : key.nullsFirst();
    }
}
