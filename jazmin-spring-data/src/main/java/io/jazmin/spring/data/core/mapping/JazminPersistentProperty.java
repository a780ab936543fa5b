package io.jazmin.spring.data.core.mapping;

import io.jazmin.mapping.annotation.JazminColumn;
import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.mapping.annotation.JazminIgnore;
import org.springframework.data.mapping.Association;
import org.springframework.data.mapping.PersistentEntity;
import org.springframework.data.mapping.model.AnnotationBasedPersistentProperty;
import org.springframework.data.mapping.model.Property;
import org.springframework.data.mapping.model.SimpleTypeHolder;

/**
 * A member of an entity and the column it is stored in. The id is marked by {@code @JazminId} or
 * Spring Data's {@code @Id}; {@code @JazminIgnore} members are transient; {@code @JazminColumn}
 * renames the column, as the engine's object mapping does.
 */
public class JazminPersistentProperty extends AnnotationBasedPersistentProperty<JazminPersistentProperty> {

    public JazminPersistentProperty(Property property, PersistentEntity<?, JazminPersistentProperty> owner,
                                    SimpleTypeHolder simpleTypeHolder) {
        super(property, owner, simpleTypeHolder);
    }

    /** The column holding this member. */
    public String getColumnName() {
        JazminColumn column = findAnnotation(JazminColumn.class);
        return column == null || column.name().isEmpty() ? getName() : column.name();
    }

    @Override
    public boolean isIdProperty() {
        return super.isIdProperty() || isAnnotationPresent(JazminId.class);
    }

    @Override
    public boolean isTransient() {
        return super.isTransient() || isAnnotationPresent(JazminIgnore.class);
    }

    @Override
    protected Association<JazminPersistentProperty> createAssociation() {
        return null;
    }
}
