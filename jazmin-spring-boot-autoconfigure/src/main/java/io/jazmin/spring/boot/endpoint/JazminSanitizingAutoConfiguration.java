package io.jazmin.spring.boot.endpoint;

import org.springframework.boot.actuate.endpoint.SanitizingFunction;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;

/**
 * With actuator present, a {@link JazminSecretsSanitizer}, so {@code /actuator/env} and
 * {@code /actuator/configprops} never show JAZMIN's keys, passwords, access keys and unlock
 * tokens, whatever {@code show-values} says. Registered whether or not files are configured: the
 * environment can hold secrets before any file uses them.
 */
@AutoConfiguration
@ConditionalOnClass(SanitizingFunction.class)
public final class JazminSanitizingAutoConfiguration {

    @Bean
    JazminSecretsSanitizer jazminSecretsSanitizer() {
        return new JazminSecretsSanitizer();
    }
}
