package io.jazmin.spring.data.core.mapping.event;

/**
 * Published just before an entity's row is written.
 *
 * @param <T> the entity type
 */
public class BeforeSaveEvent<T> extends JazminMappingEvent<T> {
    public BeforeSaveEvent(T entity, String file) {
        super(entity, file);
    }
}
