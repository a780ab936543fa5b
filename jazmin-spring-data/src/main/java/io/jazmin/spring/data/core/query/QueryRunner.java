package io.jazmin.spring.data.core.query;

import io.jazmin.JazminTable;
import io.jazmin.Row;
import io.jazmin.RowQuery;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.stream.Stream;
import org.springframework.data.domain.Sort;

/**
 * Runs a {@link JazminQuery} on a table. The engine filters every query; ordering is chosen here:
 * <ul>
 * <li>unsorted, or sorted along a prefix of the file's {@code sorted_by} ascending: file order, with
 *     offset and limit passed to the engine (it skips whole chunks);</li>
 * <li>other orders with a limit: a top-k over the sort columns only (a heap bounded to
 *     offset + limit), then the few winning rows are read by row id;</li>
 * <li>other orders without a limit: every match is read (the caller asked for all of them) with
 *     its sort key, then sorted.</li>
 * </ul>
 * {@code distinct} drops repeated results before the slice is taken.
 */
public final class QueryRunner {
    private QueryRunner() {
    }

    /** The results of {@code query}; the stream reads {@code table} lazily where it can. */
    public static <T> Stream<T> run(JazminTable table, JazminQuery query, RowReader<T> reader) {
        if (!query.distinct()) {
            return ordered(table, query, reader);
        }
        Stream<T> distinct = ordered(table, query.withOffset(0).withLimit(-1), reader).distinct().skip(query.offset());
        return query.limit() < 0 ? distinct : distinct.limit(query.limit());
    }

    /** Whether the file's own order already is {@code sort}. */
    public static boolean servedByFileOrder(Sort sort, List<String> sortedBy) {
        int i = 0;
        for (Sort.Order order : sort) {
            if (i >= sortedBy.size() || !order.getProperty().equals(sortedBy.get(i)) || order.isDescending()
                    || order.isIgnoreCase() || order.getNullHandling() != Sort.NullHandling.NATIVE) {
                return false;
            }
            i++;
        }
        return true;
    }

    private static <T> Stream<T> ordered(JazminTable table, JazminQuery query, RowReader<T> reader) {
        if (servedByFileOrder(query.sort(), table.sortedBy())) {
            return reader.find(table, query.filter(), RowQuery.all().withOffset(query.offset())
                    .withLimit(query.limit()));
        }
        return query.limit() >= 0 ? topK(table, query, reader) : sortAll(table, query, reader);
    }

    private static <T> Stream<T> topK(JazminTable table, JazminQuery query, RowReader<T> reader) {
        long k = query.offset() + query.limit();
        if (query.limit() == 0 || k > Integer.MAX_VALUE) {
            return query.limit() == 0 ? Stream.empty() : sortAll(table, query, reader);
        }
        Comparator<SortKey> order = SortKey.comparator(query.sort());
        PriorityQueue<SortKey> heap = new PriorityQueue<>((int) Math.min(k, 1024) + 1, order.reversed());
        List<String> columns = sortColumns(query.sort());
        try (Stream<Row> rows = table.find(query.filter(), RowQuery.all().withSelect(distinct(columns)))) {
            rows.forEach(row -> {
                SortKey key = SortKey.of(row, columns);
                if (heap.size() < k) {
                    heap.add(key);
                } else if (order.compare(key, heap.peek()) < 0) {
                    heap.poll();
                    heap.add(key);
                }
            });
        }
        List<SortKey> top = new ArrayList<>(heap);
        top.sort(order);
        return top.stream().skip(query.offset()).map(key -> reader.get(table, key.rowId()).orElseThrow());
    }

    private record Keyed<T>(SortKey key, T value) {
    }

    /** Two scans of the same filter yield the same rows in the same order, so keys and values pair up. */
    private static <T> Stream<T> sortAll(JazminTable table, JazminQuery query, RowReader<T> reader) {
        List<String> columns = sortColumns(query.sort());
        List<Keyed<T>> all = new ArrayList<>();
        try (Stream<Row> keys = table.find(query.filter(), RowQuery.all().withSelect(distinct(columns)));
             Stream<T> values = reader.find(table, query.filter(), RowQuery.all())) {
            Iterator<Row> k = keys.iterator();
            Iterator<T> v = values.iterator();
            while (k.hasNext()) {
                all.add(new Keyed<>(SortKey.of(k.next(), columns), v.next()));
            }
        }
        Comparator<SortKey> order = SortKey.comparator(query.sort());
        all.sort((a, b) -> order.compare(a.key, b.key));
        Stream<T> sorted = all.stream().skip(query.offset()).map(Keyed::value);
        return query.limit() < 0 ? sorted : sorted.limit(query.limit());
    }

    private static List<String> sortColumns(Sort sort) {
        return sort.stream().map(Sort.Order::getProperty).toList();
    }

    private static List<String> distinct(List<String> columns) {
        return columns.stream().distinct().toList();
    }
}
