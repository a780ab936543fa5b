package io.jazmin.spring.data.core.mapping.event;

import org.springframework.beans.factory.ObjectFactory;
import org.springframework.core.Ordered;
import org.springframework.data.auditing.IsNewAwareAuditingHandler;

/**
 * Fills {@code @CreatedDate}, {@code @CreatedBy}, {@code @LastModifiedDate} and
 * {@code @LastModifiedBy} before an entity is converted for saving; registered by
 * {@code @EnableJazminAuditing}. Runs first among the before-convert callbacks.
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

    @Override
    public int getOrder() {
        return 100;
    }
}
