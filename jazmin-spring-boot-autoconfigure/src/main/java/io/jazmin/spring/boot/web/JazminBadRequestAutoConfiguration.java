package io.jazmin.spring.boot.web;

import io.jazmin.spring.boot.autoconfigure.JazminAutoConfiguration;
import io.jazmin.spring.data.core.JazminOperations;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.web.servlet.DispatcherServlet;

/**
 * In a Spring MVC application, registers {@link JazminBadRequestAdvice}: unknown sort properties and
 * unusable query arguments answer {@code 400} with a problem detail instead of {@code 500}.
 */
@AutoConfiguration(after = JazminAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass(DispatcherServlet.class)
@ConditionalOnBean(JazminOperations.class)
public final class JazminBadRequestAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    JazminBadRequestAdvice jazminBadRequestAdvice() {
        return new JazminBadRequestAdvice();
    }
}
