package io.jazmin.spring.data.core.mapping.event;

import org.springframework.context.ApplicationEvent;

/**
 * An entity's lifecycle event, published by the template as an application event alongside the
 * matching entity callback.
 *
 * @param <T> the entity type
 */
public abstract class JazminMappingEvent<T> extends ApplicationEvent {
    private final String file;

    protected JazminMappingEvent(T entity, String file) {
        super(entity);
        this.file = file;
    }

    /** The entity. */
    @SuppressWarnings("unchecked")
    @Override
    public T getSource() {
        return (T) super.getSource();
    }

    /** The name of the configured file the entity belongs to. */
    public String getFile() {
        return file;
    }
}
