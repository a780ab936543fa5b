package io.jazmin.spring.data.core.mapping.event;

/**
 * Published after an entity was read from a row.
 *
 * @param <T> the entity type
 */
public class AfterConvertEvent<T> extends JazminMappingEvent<T> {
    public AfterConvertEvent(T entity, String file) {
        super(entity, file);
    }
}
