package io.jazmin.spring.data.core;

import io.jazmin.spring.data.core.mapping.event.AfterConvertCallback;
import io.jazmin.spring.data.core.mapping.event.AfterConvertEvent;
import io.jazmin.spring.data.core.mapping.event.AfterDeleteCallback;
import io.jazmin.spring.data.core.mapping.event.AfterDeleteEvent;
import io.jazmin.spring.data.core.mapping.event.AfterSaveCallback;
import io.jazmin.spring.data.core.mapping.event.AfterSaveEvent;
import io.jazmin.spring.data.core.mapping.event.BeforeConvertCallback;
import io.jazmin.spring.data.core.mapping.event.BeforeConvertEvent;
import io.jazmin.spring.data.core.mapping.event.BeforeDeleteCallback;
import io.jazmin.spring.data.core.mapping.event.BeforeDeleteEvent;
import io.jazmin.spring.data.core.mapping.event.BeforeSaveCallback;
import io.jazmin.spring.data.core.mapping.event.BeforeSaveEvent;
import io.jazmin.spring.data.core.mapping.event.JazminAuditingCallback;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.ApplicationContext;
import org.springframework.data.mapping.callback.EntityCallback;
import org.springframework.data.mapping.callback.EntityCallbacks;

/**
 * The entity callbacks and application events of one template, in the order Spring Data modules
 * use: before convert (auditing), before save, after save, after convert on reads, before and
 * after delete. Without an
 * application context (a template built by hand) every step returns the entity unchanged.
 */
final class EntityLifecycle {
    private final EntityCallbacks callbacks;
    private final ApplicationContext events;
    private final List<JazminAuditingCallback> auditing;

    private EntityLifecycle(EntityCallbacks callbacks, ApplicationContext events, List<JazminAuditingCallback> auditing) {
        this.callbacks = callbacks;
        this.events = events;
        this.auditing = auditing;
    }

    static EntityLifecycle none() {
        return new EntityLifecycle(null, null, List.of());
    }

    static EntityLifecycle of(ApplicationContext context) {
        return new EntityLifecycle(EntityCallbacks.create(context), context,
                context.getBeanProvider(JazminAuditingCallback.class).orderedStream().toList());
    }

    /** Whether auditing is on, so saves must tell which entities are new to their file. */
    boolean audits() {
        return !auditing.isEmpty();
    }

    /**
     * {@link #beforeConvert(List, String)}, after filling the creation members of the entities
     * {@code newToFile} accepts (their id is not stored in the file), whatever {@code isNew} says.
     */
    <T> List<T> beforeConvert(List<T> entities, String file, Predicate<T> newToFile) {
        List<T> marked = entities;
        for (JazminAuditingCallback audit : auditing) {
            marked = marked.stream().map(e -> newToFile.test(e) ? markCreated(audit, e) : e).toList();
        }
        return beforeConvert(marked, file);
    }

    @SuppressWarnings("unchecked")
    private static <T> T markCreated(JazminAuditingCallback audit, T entity) {
        return (T) audit.markCreated(entity);
    }

    boolean isActive() {
        return callbacks != null;
    }

    <T> List<T> beforeConvert(List<T> entities, String file) {
        return each(entities, e -> new BeforeConvertEvent<>(e, file), BeforeConvertCallback.class, file);
    }

    <T> List<T> beforeSave(List<T> entities, String file) {
        return each(entities, e -> new BeforeSaveEvent<>(e, file), BeforeSaveCallback.class, file);
    }

    <T> List<T> afterSave(List<T> entities, String file) {
        return each(entities, e -> new AfterSaveEvent<>(e, file), AfterSaveCallback.class, file);
    }

    <T> List<T> beforeDelete(List<T> entities, String file) {
        return each(entities, e -> new BeforeDeleteEvent<>(e, file), BeforeDeleteCallback.class, file);
    }

    <T> List<T> afterDelete(List<T> entities, String file) {
        return each(entities, e -> new AfterDeleteEvent<>(e, file), AfterDeleteCallback.class, file);
    }

    /** Publishes {@code event} of each entity, then runs the callbacks of {@code callback}, in order. */
    @SuppressWarnings("rawtypes")
    private <T> List<T> each(List<T> entities, Function<T, ApplicationEvent> event,
                             Class<? extends EntityCallback> callback, String file) {
        if (!isActive()) {
            return entities;
        }
        return entities.stream().map(e -> {
            events.publishEvent(event.apply(e));
            return callbacks.callback(callback, e, file);
        }).toList();
    }

    <T> T afterConvert(T entity, String file) {
        if (!isActive()) {
            return entity;
        }
        events.publishEvent(new AfterConvertEvent<>(entity, file));
        return callbacks.callback(AfterConvertCallback.class, entity, file);
    }
}
