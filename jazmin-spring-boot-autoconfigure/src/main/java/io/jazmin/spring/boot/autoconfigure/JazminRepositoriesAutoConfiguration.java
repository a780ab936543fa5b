package io.jazmin.spring.boot.autoconfigure;

import io.jazmin.spring.data.core.JazminOperations;
import io.jazmin.spring.data.repository.config.EnableJazminRepositories;
import io.jazmin.spring.data.repository.support.JazminRepositoryFactoryBean;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Import;

/**
 * JAZMIN repositories in the application's packages, as if {@link EnableJazminRepositories} were
 * declared on the main class. Backs off when the application declares it itself (or defines any
 * JAZMIN repository factory bean), and when {@code jazmin.repositories.enabled=false}.
 */
@AutoConfiguration(after = JazminAutoConfiguration.class)
@ConditionalOnClass(EnableJazminRepositories.class)
@ConditionalOnBean(JazminOperations.class)
@ConditionalOnBooleanProperty(name = "jazmin.repositories.enabled", matchIfMissing = true)
@ConditionalOnMissingBean(JazminRepositoryFactoryBean.class)
@Import(JazminRepositoriesAutoConfigureRegistrar.class)
public final class JazminRepositoriesAutoConfiguration {
}
