package io.jazmin.spring.data.core.mapping.event;

import org.springframework.beans.factory.ObjectFactory;
import org.springframework.core.Ordered;
import org.springframework.data.auditing.IsNewAwareAuditingHandler;

/**
 * Fills {@code @CreatedDate}, {@code @CreatedBy}, {@code @LastModifiedDate} and
 * {@code @LastModifiedBy} before an entity is converted for saving; registered by
 * {@code @EnableJazminAuditing}. Runs first among the before-convert callbacks. Entities whose id
 * the file does not hold yet get their creation members from {@link #markCreated} first, so
 * {@code @CreatedDate} is filled for new application-set ids too.
 */
public class JazminAuditingCallback implements BeforeConvertCallback<Object>, Ordered {
    private final ObjectFactory<IsNewAwareAuditingHandler> handler;

    public JazminAuditingCallback(ObjectFactory<IsNewAwareAuditingHandler> handler) {
        this.handler = handler;
    }

    @Override
    public Object onBeforeConvert(Object entity, String file) {
        return handler.getObject().markAudited(entity);
    }

    /**
     * Fills the creation members (and, as on every creation, the modification members) of an
     * entity the template found new to its file, which Spring Data's {@code isNew} cannot tell for
     * ids set by the application; {@link #onBeforeConvert} then runs as for any save.
     */
    public Object markCreated(Object entity) {
        return handler.getObject().markCreated(entity);
    }

    @Override
    public int getOrder() {
        return 100;
    }
}
