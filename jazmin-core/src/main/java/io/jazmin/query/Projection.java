package io.jazmin.query;

import io.jazmin.data.Filter;
import io.jazmin.data.RowQuery;
import io.jazmin.mapping.JazminMapper;
import io.jazmin.schema.Column;

/**
 * A typed query's rows read as a smaller record or POJO ({@link Query#select}): the filter, order,
 * offset and limit of the query, and only the projection's columns read besides those the filter
 * and order use. Immutable.
 *
 * @param <P> the projection type
 */
public final class Projection<P> extends Results<P> {
    private final JazminMapper<P> mapper;
    private final Filter filter;
    private final RowQuery rowQuery;

    Projection(JazminMapper<P> mapper, Filter filter, RowQuery of) {
        this.mapper = mapper;
        this.filter = filter;
        this.rowQuery = of.withSelect(mapper.schema().columns().stream().map(Column::name).toList());
    }

    @Override
    public Filter filter() {
        return filter;
    }

    @Override
    public RowQuery rowQuery() {
        return rowQuery;
    }

    @Override
    JazminMapper<P> results() {
        return mapper;
    }

    @Override
    boolean projection() {
        return true;
    }

    @Override
    public String toString() {
        return "Projection<" + mapper.type().getSimpleName() + "> " + (filter == null ? "{}" : filter.toJson())
                + " " + rowQuery;
    }
}
