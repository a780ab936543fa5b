package io.jazmin.spring.data.repository.query;

import io.jazmin.spring.data.core.mapping.JazminPersistentEntity;
import org.springframework.data.domain.Sort;

/** Turns a sort by entity properties into the same sort by columns. */
public final class ColumnSort {
    private ColumnSort() {
    }

    /**
     * {@code sort} with each property replaced by its column.
     *
     * @throws org.springframework.data.mapping.MappingException when a property does not exist
     */
    public static Sort of(Sort sort, JazminPersistentEntity<?> entity) {
        return Sort.by(sort.stream().map(order -> order.withProperty(entity.getColumnName(order.getProperty())))
                .toList());
    }
}
