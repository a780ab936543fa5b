package io.jazmin.spring.data.repository.support;

import io.jazmin.data.Filter;
import io.jazmin.spring.data.core.JazminOperations;
import io.jazmin.spring.data.core.ResultRows;
import io.jazmin.spring.data.core.mapping.JazminPersistentEntity;
import io.jazmin.spring.data.core.query.JazminQuery;
import io.jazmin.spring.data.core.query.ColumnSort;
import io.jazmin.spring.data.repository.query.ResultReaders;
import java.util.Collection;
import java.util.List;
import java.util.stream.Stream;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Sort;
import org.springframework.data.projection.ProjectionFactory;
import org.springframework.data.repository.query.FluentQuery.FetchableFluentQuery;
import org.springframework.data.repository.query.ReturnedType;
import org.springframework.data.support.PageableExecutionUtils;
import org.springframework.util.Assert;

/**
 * The fluent query of {@code findBy(Example, ...)}: the example's filter with a sort, a limit and a
 * result type (entity, interface, DTO or record, read as repository methods read them). The
 * properties given to {@link #project} are accepted but do not narrow the read: the result type
 * decides which columns are decoded.
 *
 * @param <R> the result type
 */
final class ExampleFluentQuery<R> implements FetchableFluentQuery<R> {
    private final JazminOperations operations;
    private final JazminPersistentEntity<?> entity;
    private final ProjectionFactory projections;
    private final Filter filter;
    private final Sort sort;
    private final long limit;
    private final Class<R> type;

    ExampleFluentQuery(JazminOperations operations, JazminPersistentEntity<?> entity, ProjectionFactory projections,
                       Filter filter, Sort sort, long limit, Class<R> type) {
        this.operations = operations;
        this.entity = entity;
        this.projections = projections;
        this.filter = filter;
        this.sort = sort;
        this.limit = limit;
        this.type = type;
    }

    @Override
    public FetchableFluentQuery<R> sortBy(Sort value) {
        Assert.notNull(value, "sort must not be null");
        return new ExampleFluentQuery<>(operations, entity, projections, filter, sort.and(value), limit, type);
    }

    @Override
    public FetchableFluentQuery<R> limit(int value) {
        Assert.isTrue(value >= 0, "limit must not be negative");
        return new ExampleFluentQuery<>(operations, entity, projections, filter, sort, value, type);
    }

    @Override
    public <N> FetchableFluentQuery<N> as(Class<N> resultType) {
        Assert.notNull(resultType, "resultType must not be null");
        return new ExampleFluentQuery<>(operations, entity, projections, filter, sort, limit, resultType);
    }

    @Override
    public FetchableFluentQuery<R> project(Collection<String> properties) {
        return this;
    }

    @Override
    public R oneValue() {
        List<R> found = read(query().withLimit(limit < 0 ? 2 : Math.min(limit, 2)));
        if (found.size() > 1) {
            throw new IncorrectResultSizeDataAccessException("Query by Example on " + entity.getFileName()
                    + " expects one result", 1);
        }
        return found.isEmpty() ? null : found.get(0);
    }

    @Override
    public R firstValue() {
        List<R> found = read(query().withLimit(limit == 0 ? 0 : 1));
        return found.isEmpty() ? null : found.get(0);
    }

    @Override
    public List<R> all() {
        return read(query());
    }

    @Override
    public Page<R> page(Pageable pageable) {
        Assert.notNull(pageable, "pageable must not be null");
        Pageable byColumns = pageable.isPaged() ? PageRequest.of(
                pageable.getPageNumber(), pageable.getPageSize(), ColumnSort.of(pageable.getSort(), entity))
                : pageable;
        List<R> content = read(query().withPage(byColumns));
        return PageableExecutionUtils.getPage(content, pageable, this::count);
    }

    @Override
    public Stream<R> stream() {
        return stream(query());
    }

    @Override
    public long count() {
        return operations.count(entity.getFileName(), filter);
    }

    @Override
    public boolean exists() {
        return operations.exists(entity.getFileName(), filter);
    }

    private JazminQuery query() {
        return JazminQuery.where(filter).withSort(ColumnSort.of(sort, entity)).withLimit(limit);
    }

    private List<R> read(JazminQuery query) {
        return ResultRows.toList(stream(query), operations.getMaxResultRows(), entity.getFileName());
    }

    @SuppressWarnings("unchecked")
    private Stream<R> stream(JazminQuery query) {
        ReturnedType returned = ReturnedType.of(type, entity.getType(), projections);
        Stream<Object> results = (Stream<Object>) operations.stream(entity.getFileName(), query,
                ResultReaders.of(returned, entity, projections));
        return ResultReaders.readsEntities(returned, entity) && returned.isProjecting()
                ? results.map(e -> projections.createProjection(type, e)) : (Stream<R>) results;
    }
}
