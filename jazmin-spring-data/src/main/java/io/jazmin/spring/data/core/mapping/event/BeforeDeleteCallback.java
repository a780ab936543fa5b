package io.jazmin.spring.data.core.mapping.event;

import org.springframework.data.mapping.callback.EntityCallback;

/**
 * Called for each entity a delete is about to remove, inside the file's write: the entity given to
 * {@code delete(entity)}/{@code deleteAll(entities)}, or each stored entity a delete by id or
 * filter matched (read just before, in the same write). A callback that throws cancels the whole
 * delete; nothing is removed.
 *
 * @param <T> the entity type
 */
@FunctionalInterface
public interface BeforeDeleteCallback<T> extends EntityCallback<T> {

    /**
     * Called just before the rows are removed; returns the entity to go on with. For
     * {@code delete(entity)} the returned entity's id (and version) say which row is removed; a
     * delete by id or filter removes the rows it matched whatever the callback returns.
     *
     * @param entity the entity
     * @param file   the name of the configured file it belongs to
     */
    T onBeforeDelete(T entity, String file);
}
