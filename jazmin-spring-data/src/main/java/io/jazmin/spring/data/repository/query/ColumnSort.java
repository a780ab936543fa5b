package io.jazmin.spring.data.repository.query;

import io.jazmin.spring.data.core.mapping.JazminPersistentEntity;
import io.jazmin.spring.data.core.mapping.JazminPersistentProperty;
import java.util.List;
import org.springframework.data.core.TypeInformation;
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
        return Sort.by(sort.stream().map(order -> order.withProperty(column(order.getProperty(), entity))).toList());
    }

    private static String column(String property, JazminPersistentEntity<?> entity) {
        JazminPersistentProperty p = entity.getPersistentProperty(property);
        if (p == null) {
            throw new PropertyReferenceException(property, TypeInformation.of(entity.getType()), List.of());
        }
        return p.getColumnName();
    }
}
