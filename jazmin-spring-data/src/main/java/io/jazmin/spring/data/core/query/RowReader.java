package io.jazmin.spring.data.core.query;

import io.jazmin.data.Filter;
import io.jazmin.JazminTable;
import io.jazmin.data.RowQuery;
import java.util.stream.Stream;

/**
 * How rows of a table become results of one type, reading only the columns the type needs.
 *
 * @param <T> the result type
 */
public interface RowReader<T> {

    /** The results for the rows matching {@code filter}, ordered and sliced by {@code rows}. */
    Stream<T> find(JazminTable table, Filter filter, RowQuery rows);
}
