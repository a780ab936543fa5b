package io.jazmin.spring.data.core.mapping.event;

/**
 * Published after an entity's row was written.
 *
 * @param <T> the entity type
 */
public class AfterSaveEvent<T> extends JazminMappingEvent<T> {
    public AfterSaveEvent(T entity, String file) {
        super(entity, file);
    }
}
