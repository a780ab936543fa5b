package io.jazmin.spring.data.repository.support;

import io.jazmin.data.Filter;
import io.jazmin.spring.data.core.CellValues;
import io.jazmin.spring.data.core.mapping.JazminPersistentEntity;
import io.jazmin.spring.data.core.mapping.JazminPersistentProperty;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Example;
import org.springframework.data.domain.ExampleMatcher;
import org.springframework.data.mapping.PersistentPropertyAccessor;
import org.springframework.data.support.ExampleMatcherAccessor;

/**
 * Translates a Query by Example probe into an engine filter: one condition per top-level member that
 * is set (a {@code null} or empty {@code Optional} member only with {@code NullHandler.INCLUDE}, as
 * is-null), joined by {@code and} ({@code matchingAll}) or {@code or} ({@code matchingAny}). String
 * members follow the path's string matcher (exact, starting, ending, containing) and ignore-case
 * setting; other members are compared for equality, as derived queries convert them. Primitive
 * members always take part unless ignored, as in Spring Data JPA; empty collections and maps do not.
 */
final class ExampleFilter {
    private ExampleFilter() {
    }

    /**
     * The filter of {@code example}, or {@code null} when it constrains nothing.
     *
     * @throws InvalidDataAccessApiUsageException for a regex matcher, or a set collection, map or nested member
     */
    static Filter of(Example<?> example, JazminPersistentEntity<?> entity) {
        ExampleMatcher matcher = example.getMatcher();
        ExampleMatcherAccessor paths = new ExampleMatcherAccessor(matcher);
        PersistentPropertyAccessor<?> probe = entity.getPropertyAccessor(example.getProbe());
        List<Filter> conditions = new ArrayList<>();
        for (JazminPersistentProperty property : entity) {
            String path = property.getName();
            if (paths.isIgnoredPath(path)) {
                continue;
            }
            Object raw = probe.getProperty(property);
            Object value = paths.getValueTransformerForPath(path)
                    .apply(Optional.ofNullable(raw instanceof Optional<?> o ? o.orElse(null) : raw)).orElse(null);
            if (value == null) {
                if (paths.getNullHandler() == ExampleMatcher.NullHandler.INCLUDE) {
                    conditions.add(Filter.isNull(property.getColumnName()));
                }
                continue;
            }
            if (value instanceof Collection<?> c && c.isEmpty() || value instanceof Map<?, ?> m && m.isEmpty()) {
                continue; // an empty collection is what a probe has when it says nothing about it
            }
            if (property.isCollectionLike() || property.isMap() || property.isEntity()) {
                throw new InvalidDataAccessApiUsageException("Query by Example on " + entity.getType().getSimpleName()
                        + ": member '" + path + "' is a collection, map or nested object, which JAZMIN examples "
                        + "cannot match; leave it null or ignore it with withIgnorePaths(\"" + path + "\")");
            }
            conditions.add(value instanceof String text ? text(property.getColumnName(), path, text, paths)
                    : Filter.eq(property.getColumnName(), CellValues.toCell(value)));
        }
        if (conditions.isEmpty()) {
            return null;
        }
        if (conditions.size() == 1) {
            return conditions.get(0);
        }
        return matcher.isAllMatching() ? new Filter.And(conditions) : new Filter.Or(conditions);
    }

    private static Filter text(String column, String path, String text, ExampleMatcherAccessor paths) {
        boolean ignoreCase = paths.isIgnoreCaseForPath(path);
        return switch (paths.getStringMatcherForPath(path)) {
            case DEFAULT, EXACT -> ignoreCase ? Filter.equalsIgnoreCase(column, text) : Filter.eq(column, text);
            case STARTING -> ignoreCase ? Filter.startsWithIgnoreCase(column, text) : Filter.startsWith(column, text);
            case ENDING -> ignoreCase ? Filter.endsWithIgnoreCase(column, text) : Filter.endsWith(column, text);
            case CONTAINING -> ignoreCase ? Filter.icontains(column, text) : Filter.contains(column, text);
            case REGEX -> throw new InvalidDataAccessApiUsageException("Query by Example: member '" + path
                    + "' uses a regex string matcher, which the JAZMIN engine does not support");
        };
    }
}
