package io.jazmin.spring.data.repository.config;

import java.lang.annotation.Annotation;
import org.springframework.data.repository.config.RepositoryBeanDefinitionRegistrarSupport;
import org.springframework.data.repository.config.RepositoryConfigurationExtension;

/** Registers the repositories {@link EnableJazminRepositories} asks for. */
class JazminRepositoriesRegistrar extends RepositoryBeanDefinitionRegistrarSupport {

    @Override
    protected Class<? extends Annotation> getAnnotation() {
        return EnableJazminRepositories.class;
    }

    @Override
    protected RepositoryConfigurationExtension getExtension() {
        return new JazminRepositoryConfigurationExtension();
    }
}
