package io.jazmin.spring.data.core.query;

import io.jazmin.spring.data.core.mapping.JazminPersistentEntity;
import org.springframework.data.domain.Sort;
import org.springframework.data.core.PropertyReferenceException;

/** Turns a sort by entity properties into the same sort by columns. */
public final class ColumnSort {
    private ColumnSort() {
    }

    /**
     * {@code sort} with each property replaced by its column.
     *
     * @throws PropertyReferenceException when a property does not exist (Spring MVC answers 400)
     */
    public static Sort of(Sort sort, JazminPersistentEntity<?> entity) {
        return Sort.by(sort.stream().map(order -> order.withProperty(
                entity.getRequiredQueryProperty(order.getProperty()).getColumnName())).toList());
    }
}
