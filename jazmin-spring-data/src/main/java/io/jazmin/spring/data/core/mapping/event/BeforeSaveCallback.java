package io.jazmin.spring.data.core.mapping.event;

import org.springframework.data.mapping.callback.EntityCallback;

/**
 * Called after an entity's version was checked and advanced, just before its row is written.
 *
 * @param <T> the entity type
 */
@FunctionalInterface
public interface BeforeSaveCallback<T> extends EntityCallback<T> {

    /**
     * Called just before the row is written (inside the file's write lock); returns the entity to go on with (the same one, or a changed copy of an immutable one).
     *
     * @param entity the entity
     * @param file   the name of the configured file it belongs to
     */
    T onBeforeSave(T entity, String file);
}
