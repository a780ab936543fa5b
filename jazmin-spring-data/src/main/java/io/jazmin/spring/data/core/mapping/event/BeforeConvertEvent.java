package io.jazmin.spring.data.core.mapping.event;

/**
 * Published before an entity is converted to a row for saving.
 *
 * @param <T> the entity type
 */
public class BeforeConvertEvent<T> extends JazminMappingEvent<T> {
    public BeforeConvertEvent(T entity, String file) {
        super(entity, file);
    }
}
