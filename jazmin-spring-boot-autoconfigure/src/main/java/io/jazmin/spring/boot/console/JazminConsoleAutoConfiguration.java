package io.jazmin.spring.boot.console;

import io.jazmin.spring.boot.autoconfigure.JazminAutoConfiguration;
import io.jazmin.spring.boot.autoconfigure.JazminProperties;
import io.jazmin.spring.data.core.JazminFiles;
import io.jazmin.viewer.Viewer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ImportRuntimeHints;
import org.springframework.core.Ordered;
import org.springframework.web.servlet.DispatcherServlet;
import org.springframework.web.servlet.handler.SimpleUrlHandlerMapping;

/**
 * With {@code jazmin.console.enabled=true}, in a Spring MVC application with {@code jazmin-viewer}
 * on the class path (the starter brings it), serves the console at {@code jazmin.console.path}: the
 * viewer of {@code jazmin view} over every file configured under {@code jazmin.files}, read-only,
 * each opened with its configured secret through its pooled readers ({@link JazminConsoleHandler}).
 * Loopback-only unless {@code jazmin.console.allow-remote=true}. No security rule of its own: the
 * application's filters (Spring Security's) apply to the console's path as to any other. The viewer's
 * UI files are registered for native images ({@link ConsoleRuntimeHints}).
 */
@AutoConfiguration(after = JazminAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass({DispatcherServlet.class, Viewer.class})
@ConditionalOnBean(JazminFiles.class)
@ConditionalOnProperty(prefix = "jazmin.console", name = "enabled", havingValue = "true")
@ImportRuntimeHints(ConsoleRuntimeHints.class)
public final class JazminConsoleAutoConfiguration {
    /** Before Spring Boot's static resource mapping ({@code Ordered.LOWEST_PRECEDENCE - 1}), after controllers (0). */
    private static final int ORDER = Ordered.LOWEST_PRECEDENCE - 10;

    @Bean
    SimpleUrlHandlerMapping jazminConsoleHandlerMapping(JazminProperties properties, JazminFiles files) {
        JazminProperties.Console console = properties.getConsole();
        String path = path(console.getPath());
        if (files.all().isEmpty()) {
            throw new IllegalStateException("jazmin.console.enabled is true but no file is configured under jazmin.files");
        }
        List<ConsoleFile> viewed = files.all().stream().map(ConsoleFile::new).toList();
        JazminConsoleHandler handler = new JazminConsoleHandler(new Viewer(viewed), path, console.isAllowRemote());
        Map<String, Object> handlers = new LinkedHashMap<>();
        handlers.put(path, handler);
        handlers.put(path + "/**", handler);
        return new SimpleUrlHandlerMapping(handlers, ORDER);
    }

    /** {@code jazmin.console.path} without trailing slashes; a path that is not below {@code /} is refused. */
    static String path(String configured) {
        String path = configured == null ? "" : configured.replaceAll("/+$", "");
        if (!path.startsWith("/") || !path.matches("/[A-Za-z0-9._~/-]+") || path.contains("//")) {
            throw new IllegalStateException("jazmin.console.path must be a path below / of letters, digits and "
                    + "'.', '_', '~', '-', such as /jazmin-console, not '" + configured + "'");
        }
        return path;
    }
}
