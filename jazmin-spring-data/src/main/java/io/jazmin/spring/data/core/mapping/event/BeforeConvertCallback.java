package io.jazmin.spring.data.core.mapping.event;

import org.springframework.data.mapping.callback.EntityCallback;

/**
 * Called before an entity is converted to a row for saving: where auditing fills its dates and users, and ids or defaults can be set.
 *
 * @param <T> the entity type
 */
@FunctionalInterface
public interface BeforeConvertCallback<T> extends EntityCallback<T> {

    /**
     * Called before the entity is turned into a row; returns the entity to go on with (the same one, or a changed copy of an immutable one).
     *
     * @param entity the entity
     * @param file   the name of the configured file it belongs to
     */
    T onBeforeConvert(T entity, String file);
}
