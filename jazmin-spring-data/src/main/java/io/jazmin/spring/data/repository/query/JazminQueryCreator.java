package io.jazmin.spring.data.repository.query;

import io.jazmin.spring.data.core.query.ColumnSort;
import io.jazmin.data.Filter;
import io.jazmin.spring.data.core.mapping.JazminPersistentEntity;
import io.jazmin.spring.data.core.query.JazminQuery;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.springframework.data.domain.Sort;
import org.springframework.data.repository.query.ParameterAccessor;
import org.springframework.data.repository.query.parser.AbstractQueryCreator;
import org.springframework.data.repository.query.parser.Part;
import org.springframework.data.repository.query.parser.PartTree;

/**
 * Builds the engine filter of a derived query from its {@link PartTree}: each part becomes a
 * condition on its column, {@code And}/{@code Or} become flat {@code and}/{@code or} lists, and the
 * sort (from the method name and a {@code Sort} or {@code Pageable} argument) is turned into columns.
 * How the query runs (page, count, ...) is {@link JazminPartTreeQuery}'s concern.
 */
public class JazminQueryCreator extends AbstractQueryCreator<JazminQuery, Filter> {
    private final JazminPersistentEntity<?> entity;
    private final String method;
    private final boolean distinct;

    /**
     * @param method the method's name for error messages
     */
    public JazminQueryCreator(PartTree tree, ParameterAccessor parameters, JazminPersistentEntity<?> entity,
                              String method) {
        super(tree, parameters);
        this.entity = entity;
        this.method = method;
        this.distinct = tree.isDistinct();
    }

    @Override
    protected Filter create(Part part, Iterator<Object> iterator) {
        String column = PartFilters.column(part.getProperty().getSegment(), entity, method);
        return PartFilters.toFilter(part, column, iterator, method);
    }

    @Override
    protected Filter and(Part part, Filter base, Iterator<Object> iterator) {
        return flatten(base, create(part, iterator), true);
    }

    @Override
    protected Filter or(Filter base, Filter criteria) {
        return flatten(base, criteria, false);
    }

    @Override
    protected JazminQuery complete(Filter criteria, Sort sort) {
        return JazminQuery.where(criteria).withSort(ColumnSort.of(sort, entity)).withDistinct(distinct);
    }

    /** {@code a and b} (or {@code a or b}) without nesting a list of the same kind in another. */
    private static Filter flatten(Filter a, Filter b, boolean and) {
        List<Filter> parts = new ArrayList<>();
        for (Filter f : List.of(a, b)) {
            if (and && f instanceof Filter.And x) {
                parts.addAll(x.parts());
            } else if (!and && f instanceof Filter.Or x) {
                parts.addAll(x.parts());
            } else {
                parts.add(f);
            }
        }
        return and ? new Filter.And(parts) : new Filter.Or(parts);
    }
}
