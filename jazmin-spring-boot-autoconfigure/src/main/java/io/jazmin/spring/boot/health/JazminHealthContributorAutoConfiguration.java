package io.jazmin.spring.boot.health;

import io.jazmin.spring.boot.autoconfigure.JazminAutoConfiguration;
import io.jazmin.spring.data.core.FileAccess;
import io.jazmin.spring.data.core.JazminFiles;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.CompositeHealthContributor;
import org.springframework.boot.health.contributor.HealthContributor;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/** A health indicator per configured file, under {@code jazmin}, when Spring Boot's health support is present. */
@AutoConfiguration(after = JazminAutoConfiguration.class)
@ConditionalOnClass(HealthContributor.class)
@ConditionalOnBean(JazminFiles.class)
@ConditionalOnEnabledHealthIndicator("jazmin")
public final class JazminHealthContributorAutoConfiguration {
    /** How long one check of a file is reused. */
    static final String TIME_TO_LIVE = "management.health.jazmin.time-to-live";
    private static final Duration DEFAULT_TIME_TO_LIVE = Duration.ofSeconds(10);

    @Bean
    @ConditionalOnMissingBean(name = "jazminHealthContributor")
    HealthContributor jazminHealthContributor(JazminFiles files, Environment environment) {
        Duration timeToLive = Binder.get(environment).bind(TIME_TO_LIVE, Duration.class).orElse(DEFAULT_TIME_TO_LIVE);
        Map<String, HealthContributor> indicators = new LinkedHashMap<>();
        for (FileAccess file : files.all()) {
            indicators.put(file.name(), new JazminFileHealthIndicator(file, timeToLive));
        }
        return CompositeHealthContributor.fromMap(indicators);
    }
}
