package io.jazmin.spring.data.core.mapping.event;

/**
 * Published for each entity a delete is about to remove (see {@link BeforeDeleteCallback}).
 *
 * @param <T> the entity type
 */
public class BeforeDeleteEvent<T> extends JazminMappingEvent<T> {
    public BeforeDeleteEvent(T entity, String file) {
        super(entity, file);
    }
}
