package io.jazmin.spring.data.repository.query;

import io.jazmin.data.Filter;
import io.jazmin.spring.data.core.CellValues;
import io.jazmin.spring.data.core.mapping.JazminPersistentEntity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import io.jazmin.spring.data.core.InvalidQueryArgumentException;
import org.springframework.data.domain.Sort;

/**
 * Keyset scrolling as an engine filter: for the order {@code (a, b)} and the last keys
 * {@code (x, y)}, rows after the keys are {@code a > x or (a = x and b > y)} (flipped for descending
 * orders), so the engine narrows the rows and indexes can help.
 */
final class KeysetFilter {
    private KeysetFilter() {
    }

    /** {@code sort} with the id property appended when absent, so keys identify one row. */
    static Sort unique(Sort sort, JazminPersistentEntity<?> entity) {
        String id = entity.getRequiredIdProperty().getName();
        return sort.getOrderFor(id) != null ? sort : sort.and(Sort.by(id));
    }

    /** {@code sort} with every direction reversed (to scroll backward). */
    static Sort reversed(Sort sort) {
        return Sort.by(sort.stream().map(o -> o.with(o.getDirection().isAscending() ? Sort.Direction.DESC
                : Sort.Direction.ASC)).toList());
    }

    /** The rows after {@code keys} (property → value) in {@code sort} order. */
    static Filter after(Sort sort, Map<String, ?> keys, JazminPersistentEntity<?> entity) {
        List<Filter> alternatives = new ArrayList<>();
        List<Filter> equalSoFar = new ArrayList<>();
        for (Sort.Order order : sort) {
            if (order.isIgnoreCase()) {
                // The engine's comparison filters are case-sensitive: a window would skip or repeat rows.
                throw new InvalidQueryArgumentException("keyset scrolling cannot follow an ignore-case order ('"
                        + order.getProperty() + "'); use an offset scroll position");
            }
            String column = entity.getColumnName(order.getProperty());
            Object key = CellValues.toCell(keys.get(order.getProperty()));
            if (key == null) {
                throw new InvalidQueryArgumentException("keyset position lacks a non-null value for '"
                        + order.getProperty() + "'; keys given: " + keys.keySet());
            }
            List<Filter> alternative = new ArrayList<>(equalSoFar);
            alternative.add(order.isAscending() ? Filter.gt(column, key) : Filter.lt(column, key));
            alternatives.add(alternative.size() == 1 ? alternative.get(0) : new Filter.And(alternative));
            equalSoFar.add(Filter.eq(column, key));
        }
        return alternatives.size() == 1 ? alternatives.get(0) : new Filter.Or(alternatives);
    }

    /** The keys of {@code entity} for {@code sort}: property → value. */
    static Map<String, Object> keysOf(Object entityValue, Sort sort, JazminPersistentEntity<?> entity) {
        Map<String, Object> keys = new LinkedHashMap<>();
        var accessor = entity.getPropertyAccessor(entityValue);
        for (Sort.Order order : sort) {
            keys.put(order.getProperty(), accessor.getProperty(entity.getRequiredPersistentProperty(order.getProperty())));
        }
        return keys;
    }
}
