package io.jazmin.spring.data.repository.query;

import io.jazmin.spring.data.core.query.ColumnSort;
import io.jazmin.data.Filter;
import io.jazmin.spring.data.core.JazminOperations;
import io.jazmin.spring.data.core.ResultRows;
import io.jazmin.spring.data.core.mapping.JazminPersistentEntity;
import io.jazmin.spring.data.core.query.JazminQuery;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.data.domain.KeysetScrollPosition;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.OffsetScrollPosition;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.SliceImpl;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.Window;
import org.springframework.data.projection.ProjectionFactory;
import org.springframework.data.repository.query.ParametersParameterAccessor;
import org.springframework.data.repository.query.QueryMethod;
import org.springframework.data.repository.query.RepositoryQuery;
import org.springframework.data.repository.query.ResultProcessor;
import org.springframework.data.support.PageableExecutionUtils;

/**
 * A repository query method whose engine query a subclass builds (from the method name, or from a
 * declared filter), run in the shape the method asks for: count, exists, delete, page, slice,
 * window (offset or keyset), stream, list or a single result.
 */
public abstract class AbstractJazminQuery implements RepositoryQuery {
    private final QueryMethod method;
    private final JazminOperations operations;
    private final JazminPersistentEntity<?> entity;
    private final ProjectionFactory projections;
    private final String name;

    protected AbstractJazminQuery(QueryMethod method, JazminOperations operations, ProjectionFactory projections,
                                  Class<?> repositoryInterface) {
        this.method = method;
        this.operations = operations;
        this.projections = projections;
        this.entity = operations.getMappingContext().getRequiredPersistentEntity(
                method.getEntityInformation().getJavaType());
        this.name = repositoryInterface.getSimpleName() + "." + method.getName();
    }

    @Override
    public QueryMethod getQueryMethod() {
        return method;
    }

    /** The entity the method queries. */
    protected JazminPersistentEntity<?> entity() {
        return entity;
    }

    /** {@code Repository.method}, for messages. */
    protected String name() {
        return name;
    }

    /** The engine query the method would run with {@code parameters} (before paging and scrolling). */
    public JazminQuery createQuery(Object[] parameters) {
        return createQuery(new ParametersParameterAccessor(method.getParameters(), parameters));
    }

    /** The filter, sort and limit of one call (paging and scrolling are applied on top). */
    protected abstract JazminQuery createQuery(ParametersParameterAccessor accessor);

    /** Whether the method counts the matching rows. */
    protected abstract boolean isCountQuery();

    /** Whether the method answers whether any row matches. */
    protected abstract boolean isExistsQuery();

    /** Whether the method deletes the matching rows. */
    protected abstract boolean isDeleteQuery();

    /** The order the method declares itself (before a {@code Sort} argument); keyset windows extend it. */
    protected abstract Sort declaredSort();

    /** A {@code Limit} argument merged into {@code limit} (the smaller wins; {@code -1}: none). */
    protected long withLimitArgument(long limit, ParametersParameterAccessor accessor) {
        // Without a Limit parameter the accessor reports the page size as the limit; paging handles that.
        Limit given = method.getParameters().hasLimitParameter() ? accessor.getLimit() : Limit.unlimited();
        if (given.isLimited()) {
            return limit < 0 ? given.max() : Math.min(limit, given.max());
        }
        return limit;
    }

    @Override
    public Object execute(Object[] parameters) {
        ParametersParameterAccessor accessor = new ParametersParameterAccessor(method.getParameters(), parameters);
        JazminQuery query = createQuery(accessor);
        String file = entity.getFileName();
        if (isCountQuery()) {
            return operations.count(file, query.filter());
        }
        if (isExistsQuery()) {
            return operations.exists(file, query.filter());
        }
        if (isDeleteQuery()) {
            return delete(query);
        }
        ResultProcessor processor = method.getResultProcessor().withDynamicProjection(accessor);
        if (method.isScrollQuery()) {
            return scroll(query, accessor, processor);
        }
        if (method.isPageQuery()) {
            Pageable pageable = accessor.getPageable();
            List<Object> content = list(paged(query, pageable, 0), processor);
            return PageableExecutionUtils.getPage(content, pageable, () -> operations.count(file, query.filter()));
        }
        if (method.isSliceQuery()) {
            Pageable pageable = accessor.getPageable();
            List<Object> content = list(paged(query, pageable, 1), processor);
            boolean hasNext = pageable.isPaged() && content.size() > pageable.getPageSize();
            return new SliceImpl<>(hasNext ? content.subList(0, pageable.getPageSize()) : content, pageable, hasNext);
        }
        if (method.isStreamQuery()) {
            return stream(query, processor);
        }
        if (method.isCollectionQuery()) {
            return list(query, processor);
        }
        List<Object> found = list(query.withLimit(query.limit() < 0 ? 2 : Math.min(query.limit(), 2)), processor);
        if (found.size() > 1) {
            throw new IncorrectResultSizeDataAccessException("method " + name + " expects one result", 1);
        }
        return found.isEmpty() ? null : found.get(0);
    }

    /** The page's slice of {@code query}, reading {@code extra} more rows (a slice's look-ahead). */
    private static JazminQuery paged(JazminQuery query, Pageable pageable, int extra) {
        if (pageable.isUnpaged()) {
            return query;
        }
        long size = pageable.getPageSize() + extra;
        return query.withOffset(pageable.getOffset()).withLimit(query.limit() < 0 ? size : Math.min(size,
                query.limit()));
    }

    private Object delete(JazminQuery query) {
        // The removed entities are read in the delete's own write, so the list is exactly what it removed.
        return method.isCollectionQuery() ? operations.findAllAndDelete(query.filter(), entity.getType())
                : operations.delete(query.filter(), entity.getType());
    }

    private Object scroll(JazminQuery query, ParametersParameterAccessor accessor, ResultProcessor processor) {
        ScrollPosition position = accessor.getScrollPosition();
        if (position instanceof KeysetScrollPosition keyset) {
            return keyset(query, keyset, accessor, processor);
        }
        OffsetScrollPosition offset = position instanceof OffsetScrollPosition o ? o : ScrollPosition.offset();
        long start = offset.isInitial() ? 0 : offset.getOffset() + 1;
        List<Object> content = list(query.withOffset(start).withLimit(lookAhead(query)), processor);
        boolean hasNext = query.limit() >= 0 && content.size() > query.limit();
        return Window.from(trim(content, query), OffsetScrollPosition.positionFunction(start), hasNext);
    }

    private Object keyset(JazminQuery query, KeysetScrollPosition position, ParametersParameterAccessor accessor,
                          ResultProcessor processor) {
        Sort order = KeysetFilter.unique(declaredSort().and(accessor.getSort()), entity);
        Sort read = position.scrollsBackward() ? KeysetFilter.reversed(order) : order;
        Filter filter = query.filter();
        if (!position.isInitial()) {
            Filter after = KeysetFilter.after(read, position.getKeys(), entity);
            filter = filter == null ? after : Filter.allOf(filter, after);
        }
        JazminQuery keyed = query.withFilter(filter).withSort(ColumnSort.of(read, entity)).withLimit(lookAhead(query));
        List<?> entities = new ArrayList<>(operations.find(keyed, entity.getType()));
        boolean hasNext = query.limit() >= 0 && entities.size() > query.limit();
        List<?> window = trim(entities, query);
        if (position.scrollsBackward()) {
            Collections.reverse(window);
        }
        List<Object> content = window.stream().map(e -> (Object) processor.processResult(e)).toList();
        return Window.from(content, i -> ScrollPosition.of(KeysetFilter.keysOf(window.get(i), order, entity),
                position.getDirection()), hasNext);
    }

    private static long lookAhead(JazminQuery query) {
        return query.limit() < 0 ? -1 : query.limit() + 1;
    }

    private static <T> List<T> trim(List<T> content, JazminQuery query) {
        return query.limit() >= 0 && content.size() > query.limit()
                ? new ArrayList<>(content.subList(0, (int) query.limit())) : content;
    }

    private List<Object> list(JazminQuery query, ResultProcessor processor) {
        return ResultRows.toList(stream(query, processor), operations.getMaxResultRows(), entity.getFileName());
    }

    @SuppressWarnings("unchecked")
    private Stream<Object> stream(JazminQuery query, ResultProcessor processor) {
        Stream<Object> results = (Stream<Object>) operations.stream(entity.getFileName(), query,
                ResultReaders.of(processor.getReturnedType(), entity, projections));
        return ResultReaders.readsEntities(processor.getReturnedType(), entity)
                && processor.getReturnedType().isProjecting() ? results.map(processor::processResult) : results;
    }
}
