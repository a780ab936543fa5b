package io.jazmin.spring.data.core.query;

import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Sort;
import org.springframework.util.Assert;

/**
 * A criteria query on an entity: {@code Query.query(where("age").gt(30)).with(Sort.by("name")).limit(10)}.
 * The criteria and the sort name entity members; a template maps them to columns and runs the
 * query as a {@link JazminQuery}. Immutable.
 *
 * @param criteria the conditions (empty for every row)
 * @param sort     the order by members; unsorted means file order
 * @param skip     results to skip
 * @param limit    most results, or -1 for all
 */
public record Query(Criteria criteria, Sort sort, long skip, long limit) {

    public Query {
        Assert.notNull(criteria, "criteria must not be null");
        sort = sort == null ? Sort.unsorted() : sort;
        Assert.isTrue(skip >= 0 && limit >= -1, () -> "skip must be >= 0 and limit >= -1, got " + skip + ", " + limit);
    }

    /** The rows matching {@code criteria}, in file order. */
    public static Query query(Criteria criteria) {
        return new Query(criteria, Sort.unsorted(), 0, -1);
    }

    /** This query ordered by {@code value} after its current order. */
    public Query with(Sort value) {
        return new Query(criteria, sort.and(value), skip, limit);
    }

    /** This query narrowed to the page (its offset, size and sort). */
    public Query with(Pageable pageable) {
        if (pageable.isUnpaged()) {
            return with(pageable.getSort());
        }
        return with(pageable.getSort()).skip(pageable.getOffset()).limit(pageable.getPageSize());
    }

    public Query skip(long value) {
        return new Query(criteria, sort, value, limit);
    }

    public Query limit(long value) {
        return new Query(criteria, sort, skip, value);
    }
}
