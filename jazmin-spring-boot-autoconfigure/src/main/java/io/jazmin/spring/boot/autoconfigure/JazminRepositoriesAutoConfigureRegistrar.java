package io.jazmin.spring.boot.autoconfigure;

import io.jazmin.spring.data.repository.config.EnableJazminRepositories;
import io.jazmin.spring.data.repository.config.JazminRepositoryConfigurationExtension;
import java.lang.annotation.Annotation;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.boot.autoconfigure.AutoConfigurationPackages;
import org.springframework.boot.autoconfigure.data.AbstractRepositoryConfigurationSourceSupport;
import org.springframework.data.repository.config.RepositoryConfigurationExtension;
import org.springframework.data.util.Streamable;

/**
 * Scans the auto-configuration packages for JAZMIN repositories; none are scanned when the
 * application registered no package (a plain context without {@code @SpringBootApplication}).
 */
class JazminRepositoriesAutoConfigureRegistrar extends AbstractRepositoryConfigurationSourceSupport {
    private BeanFactory beanFactory;

    @Override
    public void setBeanFactory(BeanFactory beanFactory) {
        super.setBeanFactory(beanFactory);
        this.beanFactory = beanFactory;
    }

    @Override
    protected Streamable<String> getBasePackages() {
        return AutoConfigurationPackages.has(beanFactory) ? super.getBasePackages() : Streamable.empty();
    }

    @Override
    protected Class<? extends Annotation> getAnnotation() {
        return EnableJazminRepositories.class;
    }

    @Override
    protected Class<?> getConfiguration() {
        return EnableJazminRepositoriesConfiguration.class;
    }

    @Override
    protected RepositoryConfigurationExtension getRepositoryConfigurationExtension() {
        return new JazminRepositoryConfigurationExtension();
    }

    /** Carries the annotation's defaults for the scan. */
    @EnableJazminRepositories
    private static final class EnableJazminRepositoriesConfiguration {
    }
}
