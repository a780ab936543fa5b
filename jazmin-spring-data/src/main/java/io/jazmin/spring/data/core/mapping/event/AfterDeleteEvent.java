package io.jazmin.spring.data.core.mapping.event;

/**
 * Published for each entity a delete removed, after the delete is written (see {@link AfterDeleteCallback}).
 *
 * @param <T> the entity type
 */
public class AfterDeleteEvent<T> extends JazminMappingEvent<T> {
    public AfterDeleteEvent(T entity, String file) {
        super(entity, file);
    }
}
