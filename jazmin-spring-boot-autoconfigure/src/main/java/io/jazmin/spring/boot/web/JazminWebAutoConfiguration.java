package io.jazmin.spring.boot.web;

import io.jazmin.spring.boot.autoconfigure.JazminAutoConfiguration;
import io.jazmin.spring.boot.autoconfigure.JazminProperties;
import io.jazmin.spring.data.core.JazminOperations;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.Ordered;
import org.springframework.web.servlet.DispatcherServlet;
import org.springframework.web.servlet.handler.SimpleUrlHandlerMapping;

/**
 * In a Spring MVC application, serves the embedded files of every file with
 * {@code jazmin.files.<name>.serve-embedded-files=true} at {@code jazmin.web.path/<name>/**} with a
 * {@link JazminEmbeddedFilesHandler} each. Nothing is registered when no file asks for it. The
 * mapping is consulted before the application's static resources, after its controllers.
 */
@AutoConfiguration(after = JazminAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass(DispatcherServlet.class)
@ConditionalOnBean(JazminOperations.class)
@Conditional(OnServedFilesCondition.class)
public final class JazminWebAutoConfiguration {
    /** Before Spring Boot's static resource mapping ({@code Ordered.LOWEST_PRECEDENCE - 1}), after controllers (0). */
    private static final int ORDER = Ordered.LOWEST_PRECEDENCE - 10;

    @Bean
    SimpleUrlHandlerMapping jazminEmbeddedFilesHandlerMapping(JazminProperties properties, JazminOperations operations)
            throws Exception {
        Map<String, Object> handlers = new LinkedHashMap<>();
        String base = properties.getWeb().getPath().replaceAll("/+$", "");
        for (var entry : properties.getFiles().entrySet()) {
            if (entry.getValue().isServeEmbeddedFiles()) {
                JazminEmbeddedFilesHandler handler = new JazminEmbeddedFilesHandler(operations, entry.getKey(),
                        properties.getWeb().isSandbox());
                handler.afterPropertiesSet();
                handlers.put(base + "/" + entry.getKey() + "/**", handler);
            }
        }
        return new SimpleUrlHandlerMapping(handlers, ORDER);
    }
}
