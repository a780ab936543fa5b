package io.jazmin.spring.data.repository.config;

import io.jazmin.spring.data.core.mapping.event.JazminAuditingCallback;
import java.lang.annotation.Annotation;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.support.BeanDefinitionBuilder;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.data.auditing.DateTimeProvider;
import org.springframework.data.auditing.IsNewAwareAuditingHandler;
import org.springframework.data.auditing.config.AuditingBeanDefinitionRegistrarSupport;
import org.springframework.data.auditing.config.AuditingConfiguration;
import org.springframework.data.config.ParsingUtils;
import org.springframework.util.StringUtils;

/** Registers the auditing handler and the before-convert callback that applies it ({@link EnableJazminAuditing}). */
class JazminAuditingRegistrar extends AuditingBeanDefinitionRegistrarSupport {
    private static final String HANDLER = "jazminAuditingHandler";
    private static final String MAPPING_CONTEXT = "jazminMappingContext";

    @Override
    protected Class<? extends Annotation> getAnnotation() {
        return EnableJazminAuditing.class;
    }

    @Override
    protected String getAuditingHandlerBeanName() {
        return HANDLER;
    }

    @Override
    protected BeanDefinitionBuilder getAuditHandlerBeanDefinitionBuilder(AuditingConfiguration configuration) {
        BeanDefinitionBuilder handler = BeanDefinitionBuilder.rootBeanDefinition(IsNewAwareAuditingHandler.class, "from")
                .addConstructorArgReference(MAPPING_CONTEXT);
        handler = configureDefaultAuditHandlerAttributes(configuration, handler);
        if (!StringUtils.hasText(configuration.getDateTimeProviderRef())) {
            // JAZMIN datetimes hold milliseconds: the clock's nanoseconds would make every audited save fail.
            handler.addPropertyValue("dateTimeProvider", (DateTimeProvider) () ->
                    Optional.of(Instant.now().truncatedTo(ChronoUnit.MILLIS)));
        }
        return handler;
    }

    @Override
    protected void registerAuditListenerBeanDefinition(BeanDefinition handler, BeanDefinitionRegistry registry) {
        BeanDefinitionBuilder callback = BeanDefinitionBuilder.rootBeanDefinition(JazminAuditingCallback.class)
                .addConstructorArgValue(ParsingUtils.getObjectFactoryBeanDefinition(HANDLER, registry));
        registerInfrastructureBeanWithId(callback.getBeanDefinition(), JazminAuditingCallback.class.getName(), registry);
    }
}
