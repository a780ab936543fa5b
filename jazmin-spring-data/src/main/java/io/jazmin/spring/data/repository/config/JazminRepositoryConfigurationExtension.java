package io.jazmin.spring.data.repository.config;

import io.jazmin.spring.data.core.mapping.JazminStore;
import io.jazmin.spring.data.repository.JazminRepository;
import io.jazmin.spring.data.repository.support.JazminRepositoryFactoryBean;
import java.lang.annotation.Annotation;
import java.util.Collection;
import java.util.List;
import org.springframework.beans.factory.support.BeanDefinitionBuilder;
import org.springframework.data.repository.config.AnnotationRepositoryConfigurationSource;
import org.springframework.data.repository.config.RepositoryConfigurationExtensionSupport;

/**
 * Names the JAZMIN repository factory bean and how to recognise JAZMIN repositories when several
 * Spring Data modules are present ({@link JazminRepository} or {@link JazminStore} entities), and
 * wires each repository to the operations bean named by {@code jazminTemplateRef}.
 */
public class JazminRepositoryConfigurationExtension extends RepositoryConfigurationExtensionSupport {

    @Override
    public String getModuleName() {
        return "JAZMIN";
    }

    @Override
    protected String getModulePrefix() {
        return "jazmin";
    }

    @Override
    public String getRepositoryFactoryBeanClassName() {
        return JazminRepositoryFactoryBean.class.getName();
    }

    @Override
    protected Collection<Class<? extends Annotation>> getIdentifyingAnnotations() {
        return List.of(JazminStore.class);
    }

    @Override
    protected Collection<Class<?>> getIdentifyingTypes() {
        return List.of(JazminRepository.class);
    }

    @Override
    public void postProcess(BeanDefinitionBuilder builder, AnnotationRepositoryConfigurationSource config) {
        builder.addPropertyReference("jazminOperations",
                config.getAttribute("jazminTemplateRef").orElse("jazminTemplate"));
    }
}
