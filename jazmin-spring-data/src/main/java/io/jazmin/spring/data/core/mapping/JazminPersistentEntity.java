package io.jazmin.spring.data.core.mapping;

import io.jazmin.mapping.JazminMapper;
import java.util.List;
import java.util.Locale;
import org.springframework.data.core.PropertyReferenceException;
import org.springframework.data.core.TypeInformation;
import org.springframework.data.mapping.MappingException;
import org.springframework.data.mapping.model.BasicPersistentEntity;

/**
 * An entity type: the file it is stored in, its columns, and the engine mapper that reads and
 * writes it.
 *
 * @param <T> the entity type
 */
public class JazminPersistentEntity<T> extends BasicPersistentEntity<T, JazminPersistentProperty> {

    public JazminPersistentEntity(TypeInformation<T> information) {
        super(information);
    }

    /** The configured file's name: from {@link JazminStore}, else simple name lower-cased + {@code "s"}. */
    public String getFileName() {
        JazminStore file = findAnnotation(JazminStore.class);
        return file != null ? file.value() : getType().getSimpleName().toLowerCase(Locale.ROOT) + "s";
    }

    /** Whether {@link #getFileName()} comes from an annotation rather than the naming convention. */
    public boolean isFileNamed() {
        return isAnnotationPresent(JazminStore.class);
    }

    /**
     * The column of the property named {@code property}.
     *
     * @throws MappingException when the entity has no such property
     */
    public String getColumnName(String property) {
        return getRequiredPersistentProperty(property).getColumnName();
    }

    /**
     * The property named {@code member}, as a query (sort, criteria) names it.
     *
     * @throws PropertyReferenceException when the entity has no such property (Spring MVC answers 400)
     */
    public JazminPersistentProperty getRequiredQueryProperty(String member) {
        JazminPersistentProperty p = getPersistentProperty(member);
        if (p == null) {
            throw new PropertyReferenceException(member, TypeInformation.of(getType()), List.of());
        }
        return p;
    }

    /** The id column, or {@code null} when the entity has no id. */
    public String getIdColumn() {
        JazminPersistentProperty id = getIdProperty();
        return id == null ? null : id.getColumnName();
    }

    /** The property stored in {@code column}, or {@code null}. */
    public JazminPersistentProperty getPropertyForColumn(String column) {
        for (JazminPersistentProperty p : this) {
            if (p.getColumnName().equals(column)) {
                return p;
            }
        }
        return null;
    }

    /** The engine mapper of this type (compiled row mappers are cached there). */
    public JazminMapper<T> getMapper() {
        return JazminMapper.forType(getType());
    }
}
