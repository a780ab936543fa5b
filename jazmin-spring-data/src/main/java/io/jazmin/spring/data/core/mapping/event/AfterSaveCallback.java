package io.jazmin.spring.data.core.mapping.event;

import org.springframework.data.mapping.callback.EntityCallback;

/**
 * Called after an entity's row was written (inside a transaction: once the save joined it).
 *
 * @param <T> the entity type
 */
@FunctionalInterface
public interface AfterSaveCallback<T> extends EntityCallback<T> {

    /**
     * Called after the row is written; returns the entity to go on with (the same one, or a changed copy of an immutable one).
     *
     * @param entity the entity
     * @param file   the name of the configured file it belongs to
     */
    T onAfterSave(T entity, String file);
}
