package io.jazmin.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.mapping.JazminMapper;
import io.jazmin.spring.data.core.JazminFileMeters;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** The files' gauges in the application's meter registry, as Spring Boot's metrics bind them. */
class JazminFileMetersAutoConfigurationTests {
    @TempDir
    Path dir;

    record Item(long id, String label) {
    }

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(MetricsAutoConfiguration.class,
                    SimpleMetricsExportAutoConfiguration.class, JazminAutoConfiguration.class));

    @Test
    void eachConfiguredFileHasItsGaugesInTheRegistry() {
        JazminMapper.forType(Item.class).write(dir.resolve("items.jzm"), List.of(new Item(1, "a"), new Item(2, "b")));
        runner.withPropertyValues("jazmin.files.items.path=" + dir.resolve("items.jzm")).run(context -> {
            MeterRegistry registry = context.getBean(MeterRegistry.class);
            assertThat(registry.get("jazmin.file.rows").tag("file", "items").gauge().value()).isEqualTo(2);
            assertThat(registry.get("jazmin.file.appends").tag("file", "items").gauge().value()).isZero();
            assertThat(registry.get("jazmin.file.dead.bytes").tag("file", "items").gauge().value()).isZero();
        });
    }

    @Test
    void noGaugesWithoutMicrometersMeters() {
        runner.withClassLoader(new FilteredClassLoader(MeterBinder.class))
                .withPropertyValues("jazmin.files.items.path=" + dir.resolve("items.jzm"),
                        "jazmin.files.items.create-if-missing=true")
                .run(context -> assertThat(context).doesNotHaveBean(JazminFileMeters.class));
    }
}
