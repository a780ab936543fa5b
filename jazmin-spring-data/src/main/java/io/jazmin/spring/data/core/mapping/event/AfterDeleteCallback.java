package io.jazmin.spring.data.core.mapping.event;

import org.springframework.data.mapping.callback.EntityCallback;

/**
 * Called for each entity after the delete that removed it is written (inside a transaction: once
 * the delete joined it), with what {@link BeforeDeleteCallback} returned.
 *
 * @param <T> the entity type
 */
@FunctionalInterface
public interface AfterDeleteCallback<T> extends EntityCallback<T> {

    /**
     * Called after the rows are removed; returns the entity to go on with (a derived
     * {@code deleteBy…} returning a list returns these).
     *
     * @param entity the entity
     * @param file   the name of the configured file it belonged to
     */
    T onAfterDelete(T entity, String file);
}
