package io.jazmin.spring.data.core;

import io.jazmin.data.Filter;
import io.jazmin.spring.data.core.mapping.JazminPersistentEntity;
import io.jazmin.spring.data.core.mapping.JazminPersistentProperty;
import io.jazmin.spring.data.core.query.ColumnSort;
import io.jazmin.spring.data.core.query.Criteria;
import io.jazmin.spring.data.core.query.JazminQuery;
import io.jazmin.spring.data.core.query.Query;
import java.util.Collection;
import java.util.List;
import org.springframework.dao.InvalidDataAccessApiUsageException;

/**
 * Translates {@link Criteria} and {@link Query} on an entity into engine filters and queries: members
 * become their columns and values become cells as derived-query arguments do ({@link CellValues}).
 */
public final class CriteriaFilters {
    private CriteriaFilters() {
    }

    /**
     * The engine filter of {@code criteria}, or {@code null} when it matches every row.
     *
     * @throws org.springframework.data.core.PropertyReferenceException when a member does not exist
     * @throws InvalidDataAccessApiUsageException a string condition on a member that is not a String
     */
    public static Filter toFilter(Criteria criteria, JazminPersistentEntity<?> entity) {
        Criteria.Node node = criteria.node();
        return node == null ? null : filter(node, entity);
    }

    /** The engine query of {@code query}: its filter, its sort by columns, its slice. */
    public static JazminQuery toQuery(Query query, JazminPersistentEntity<?> entity) {
        return JazminQuery.where(toFilter(query.criteria(), entity)).withSort(ColumnSort.of(query.sort(), entity))
                .withOffset(query.skip()).withLimit(query.limit());
    }

    private static Filter filter(Criteria.Node node, JazminPersistentEntity<?> entity) {
        if (node instanceof Criteria.Junction junction) {
            Filter[] parts = junction.nodes().stream().map(n -> filter(n, entity)).toArray(Filter[]::new);
            return junction.all() ? Filter.allOf(parts) : Filter.anyOf(parts);
        }
        Criteria.Condition c = (Criteria.Condition) node;
        JazminPersistentProperty property = entity.getRequiredQueryProperty(c.member());
        String column = property.getColumnName();
        if (isText(c.operator()) || c.ignoreCase()) {
            requireString(c, property, entity);
        }
        Object value = CellValues.toCell(c.value());
        return switch (c.operator()) {
            case IS -> c.ignoreCase() ? Filter.equalsIgnoreCase(column, (String) value) : Filter.eq(column, value);
            case NE -> c.ignoreCase() ? Filter.equalsIgnoreCase(column, (String) value).negate()
                    : Filter.ne(column, value);
            case LT -> Filter.lt(column, value);
            case LTE -> Filter.lte(column, value);
            case GT -> Filter.gt(column, value);
            case GTE -> Filter.gte(column, value);
            case IN -> Filter.in(column, (Collection<?>) value);
            case NIN -> Filter.in(column, (Collection<?>) value).negate();
            case IS_NULL -> Filter.isNull(column);
            case IS_NOT_NULL -> Filter.isNotNull(column);
            case STARTS_WITH -> c.ignoreCase() ? Filter.startsWithIgnoreCase(column, (String) value)
                    : Filter.startsWith(column, (String) value);
            case ENDS_WITH -> c.ignoreCase() ? Filter.endsWithIgnoreCase(column, (String) value)
                    : Filter.endsWith(column, (String) value);
            case CONTAINS -> c.ignoreCase() ? Filter.icontains(column, (String) value)
                    : Filter.contains(column, (String) value);
        };
    }

    private static boolean isText(Criteria.Operator operator) {
        return List.of(Criteria.Operator.STARTS_WITH, Criteria.Operator.ENDS_WITH, Criteria.Operator.CONTAINS)
                .contains(operator);
    }

    private static void requireString(Criteria.Condition c, JazminPersistentProperty property,
                                      JazminPersistentEntity<?> entity) {
        if (property.getType() != String.class || !(c.value() instanceof String)) {
            throw new InvalidDataAccessApiUsageException("Criteria on " + entity.getType().getSimpleName() + ": "
                    + c.operator() + (c.ignoreCase() ? " ignoring case" : "") + " needs a String member and value, '"
                    + c.member() + "' is " + property.getType().getSimpleName());
        }
    }
}
