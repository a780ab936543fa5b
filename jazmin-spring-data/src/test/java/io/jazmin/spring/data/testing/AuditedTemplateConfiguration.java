package io.jazmin.spring.data.testing;

import io.jazmin.spring.data.core.JazminFiles;
import io.jazmin.spring.data.core.JazminTemplate;
import io.jazmin.spring.data.core.mapping.JazminMappingContext;
import io.jazmin.spring.data.repository.config.EnableJazminAuditing;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.context.annotation.Bean;
import org.springframework.data.domain.AuditorAware;

/**
 * The Spring set-up of the tests of auditing around template saves: a {@link JazminTemplate} over
 * the files a subclass's {@code jazminFiles()} bean names, with auditing by the user {@link #USER}
 * holds. Subclasses are {@code @Configuration} classes adding the files and any callbacks.
 */
@EnableJazminAuditing
public abstract class AuditedTemplateConfiguration {
    /** The auditor's name (tests set it before each save they attribute). */
    public static final AtomicReference<String> USER = new AtomicReference<>("ann");

    @Bean
    JazminMappingContext jazminMappingContext() {
        return new JazminMappingContext();
    }

    @Bean
    JazminTemplate jazminTemplate(JazminFiles files, JazminMappingContext context) {
        return new JazminTemplate(files, context);
    }

    @Bean
    AuditorAware<String> auditor() {
        return () -> Optional.of(USER.get());
    }
}
