package io.jazmin.spring.boot.autoconfigure;

import io.jazmin.spring.data.core.JazminFiles;
import io.jazmin.spring.data.core.JazminOperations;
import io.jazmin.spring.data.core.JazminTemplate;
import io.jazmin.spring.data.core.JazminTransactionManager;
import io.jazmin.spring.data.core.JazminFileMeters;
import io.jazmin.spring.data.core.MicrometerQueryObserver;
import io.jazmin.spring.data.core.QueryObserver;
import io.jazmin.spring.data.core.mapping.JazminMappingContext;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.observation.ObservationRegistry;
import java.util.concurrent.Executor;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.DependsOn;
import org.springframework.core.env.Environment;
import org.springframework.transaction.TransactionManager;
import org.springframework.transaction.annotation.AbstractTransactionManagementConfiguration;
import org.springframework.transaction.annotation.EnableTransactionManagement;

/**
 * The JAZMIN infrastructure: the configured files, the mapping context, the
 * {@link JazminTemplate} and a {@link JazminTransactionManager} (with {@code @Transactional}
 * enabled); each backs off when the application defines its own. Query observations are
 * reported when an {@link ObservationRegistry} is present, and the files' gauges
 * ({@link JazminFileMeters}) when Micrometer's meters are. The engine's chunk work (read-ahead,
 * parallel encoding) runs on the application's task executor ({@code applicationTaskExecutor}, which
 * Spring Boot defines) when there is one, on the engine's own daemon threads otherwise. Unknown
 * {@code jazmin.*} properties fail the start, and a failed start deletes the empty files it created.
 */
@AutoConfiguration(afterName = "org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration")
@ConditionalOnClass(JazminTemplate.class)
@EnableConfigurationProperties(JazminProperties.class)
public final class JazminAutoConfiguration {
    /** The name Spring Boot's task execution auto-configuration gives its executor. */
    static final String APPLICATION_TASK_EXECUTOR = "applicationTaskExecutor";

    @Bean(destroyMethod = "destroy")
    @ConditionalOnMissingBean
    JazminFiles jazminFiles(JazminProperties properties, Environment environment,
                            @Qualifier(APPLICATION_TASK_EXECUTOR) ObjectProvider<Executor> taskExecutor) {
        JazminPropertyNames.check(environment);
        JazminFiles files = new JazminFiles(FileDefinitions.of(properties, taskExecutor.getIfAvailable()));
        files.warmUp();
        return files;
    }

    @Bean
    @ConditionalOnMissingBean
    JazminMappingContext jazminMappingContext() {
        return new JazminMappingContext();
    }

    /** Created before the template, so before any repository creates a file. */
    @Bean
    FilesCreatedAtStartup jazminFilesCreatedAtStartup(JazminFiles files) {
        return new FilesCreatedAtStartup(files);
    }

    /** Named {@code jazminTemplate}: repositories refer to the operations bean by that name. */
    @Bean
    @ConditionalOnMissingBean(JazminOperations.class)
    @DependsOn("jazminFilesCreatedAtStartup")
    JazminTemplate jazminTemplate(JazminFiles files, JazminMappingContext mappingContext,
                                  ObjectProvider<QueryObserver> observer, JazminProperties properties) {
        JazminTemplate template = new JazminTemplate(files, mappingContext,
                observer.getIfUnique(() -> QueryObserver.NONE));
        if (properties.getMaxResultRows() < 1) {
            throw new IllegalStateException("jazmin.max-result-rows must be at least 1, got "
                    + properties.getMaxResultRows());
        }
        template.setMaxResultRows(properties.getMaxResultRows());
        return template;
    }

    /** Backs off when the application has a transaction manager of its own (JDBC's, say). */
    @Bean
    @ConditionalOnMissingBean(TransactionManager.class)
    JazminTransactionManager transactionManager(JazminFiles files) {
        return new JazminTransactionManager(files);
    }

    /** {@code @Transactional} works without the application enabling it (as Spring Boot does for JDBC). */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnMissingBean(AbstractTransactionManagementConfiguration.class)
    @EnableTransactionManagement
    static class TransactionManagementConfiguration {
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(ObservationRegistry.class)
    static class ObservationConfiguration {

        @Bean
        @ConditionalOnMissingBean
        @ConditionalOnSingleCandidate(ObservationRegistry.class)
        QueryObserver jazminQueryObserver(ObservationRegistry registry) {
            return new MicrometerQueryObserver(registry);
        }
    }

    /** Gauges of the configured files, bound by Spring Boot's metrics to every {@code MeterRegistry}. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(MeterBinder.class)
    static class FileMetersConfiguration {

        @Bean
        @ConditionalOnMissingBean
        JazminFileMeters jazminFileMeters(JazminFiles files) {
            return new JazminFileMeters(files);
        }
    }
}
