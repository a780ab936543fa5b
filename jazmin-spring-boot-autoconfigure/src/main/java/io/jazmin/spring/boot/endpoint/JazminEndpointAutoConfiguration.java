package io.jazmin.spring.boot.endpoint;

import io.jazmin.spring.boot.autoconfigure.JazminAutoConfiguration;
import io.jazmin.spring.data.core.JazminFiles;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/** The {@link JazminEndpoint}, when actuator is present and the endpoint is enabled and exposed. */
@AutoConfiguration(after = JazminAutoConfiguration.class)
@ConditionalOnClass({Endpoint.class, ConditionalOnAvailableEndpoint.class})
@ConditionalOnBean(JazminFiles.class)
@ConditionalOnAvailableEndpoint(JazminEndpoint.class)
public final class JazminEndpointAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    JazminEndpoint jazminEndpoint(JazminFiles files) {
        return new JazminEndpoint(files);
    }
}
