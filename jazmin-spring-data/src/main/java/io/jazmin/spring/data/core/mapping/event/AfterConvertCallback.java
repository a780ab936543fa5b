package io.jazmin.spring.data.core.mapping.event;

import org.springframework.data.mapping.callback.EntityCallback;

/**
 * Called after an entity was read from a row, before the caller gets it.
 *
 * @param <T> the entity type
 */
@FunctionalInterface
public interface AfterConvertCallback<T> extends EntityCallback<T> {

    /**
     * Called after the entity is read from its row; returns the entity to go on with (the same one, or a changed copy of an immutable one).
     *
     * @param entity the entity
     * @param file   the name of the configured file it belongs to
     */
    T onAfterConvert(T entity, String file);
}
