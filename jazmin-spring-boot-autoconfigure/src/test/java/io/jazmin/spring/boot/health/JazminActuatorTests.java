package io.jazmin.spring.boot.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.key.JazminKey;
import io.jazmin.spring.boot.autoconfigure.JazminAutoConfiguration;
import io.jazmin.spring.boot.autoconfigure.JazminRepositoriesAutoConfiguration;
import io.jazmin.spring.boot.autoconfigure.domain.good.Item;
import io.jazmin.spring.boot.autoconfigure.domain.good.ItemRepository;
import io.jazmin.spring.boot.endpoint.JazminEndpoint;
import io.jazmin.spring.boot.endpoint.JazminEndpointAutoConfiguration;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.CompositeHealthContributor;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

/** The health indicator (up, and down for missing, damaged and wrongly keyed files) and the jazmin endpoint. */
class JazminActuatorTests {
    @TempDir
    Path dir;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(JazminAutoConfiguration.class,
                    JazminRepositoriesAutoConfiguration.class, JazminHealthContributorAutoConfiguration.class,
                    JazminEndpointAutoConfiguration.class))
            .withPropertyValues("management.endpoints.web.exposure.include=jazmin");

    @Configuration(proxyBeanMethods = false)
    @AutoConfigurationPackage(basePackageClasses = Item.class)
    static class Repositories {
    }

    private String[] items(String... more) {
        List<String> all = new ArrayList<>(List.of("jazmin.files.items.path=" + dir.resolve("items.jzm")));
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    private static Health health(AssertableApplicationContext context) {
        CompositeHealthContributor jazmin = context.getBean("jazminHealthContributor",
                CompositeHealthContributor.class);
        return ((HealthIndicator) jazmin.getContributor("items")).health(true);
    }

    private void writeItems(String key) {
        runner.withUserConfiguration(Repositories.class)
                .withPropertyValues(items("jazmin.files.items.create-if-missing=true", "jazmin.files.items.key=" + key))
                .run(context -> {
                    ItemRepository repository = context.getBean(ItemRepository.class);
                    repository.saveAll(List.of(new Item(1, "a"), new Item(2, "b"), new Item(3, "c")));
                    repository.deleteById(2L);
                });
    }

    @Test
    void upWithTheFilesRowsAndPath() {
        String key = JazminKey.generate().text();
        writeItems(key);
        runner.withPropertyValues(items("jazmin.files.items.key=" + key)).run(context -> {
            Health health = health(context);
            assertThat(health.getStatus()).isEqualTo(Status.UP);
            assertThat(health.getDetails()).containsEntry("file", "items").containsEntry("rows", 2L)
                    .containsEntry("path", dir.resolve("items.jzm").toString());
            assertThat(health.toString()).doesNotContain(key);
        });
    }

    @Test
    void downNamingTheFileWhenMissingDamagedOrWronglyKeyed() throws Exception {
        runner.withPropertyValues(items()).run(context -> assertThat(health(context).getDetails())
                .containsEntry("file", "items").containsEntry("error", "file does not exist"));
        String key = JazminKey.generate().text();
        writeItems(key);
        String wrong = JazminKey.generate().text();
        runner.withPropertyValues(items("jazmin.files.items.key=" + wrong)).run(context -> {
            Health health = health(context);
            assertThat(health.getStatus()).isEqualTo(Status.DOWN);
            assertThat(health.getDetails()).containsEntry("file", "items");
            assertThat(health.getDetails().get("error").toString()).containsIgnoringCase("key");
            assertThat(health.toString()).doesNotContain(wrong).doesNotContain(key);
        });
        Files.write(dir.resolve("items.jzm"), new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
        runner.withPropertyValues(items()).run(context -> {
            Health health = health(context);
            assertThat(health.getStatus()).isEqualTo(Status.DOWN);
            assertThat(health.getDetails()).containsEntry("file", "items").containsKey("error");
        });
    }

    @Test
    void endpointListsEachFilesStorageWithoutSecrets() {
        String key = JazminKey.generate().text();
        writeItems(key);
        runner.withPropertyValues(items("jazmin.files.items.key=" + key,
                "jazmin.files.gone.path=" + dir.resolve("gone.jzm"))).run(context -> {
            Map<String, JazminEndpoint.FileReport> files = context.getBean(JazminEndpoint.class).files();
            assertThat(files).containsOnlyKeys("items", "gone");
            JazminEndpoint.FileReport items = files.get("items");
            assertThat(items.readable()).isTrue();
            assertThat(items.encrypted()).isTrue();
            assertThat(items.rows()).isEqualTo(2);
            assertThat(items.deletedRows()).isEqualTo(1);
            assertThat(items.bytes()).isEqualTo(Files.size(dir.resolve("items.jzm")));
            assertThat(items.appends()).isPositive();
            assertThat(files.toString()).doesNotContain(key);
            assertThat(files.get("gone")).satisfies(gone -> {
                assertThat(gone.readable()).isFalse();
                assertThat(gone.error()).isEqualTo("file does not exist");
            });
            assertThat(context.getBean(JazminEndpoint.class).file("items")).isEqualTo(items);
            assertThat(context.getBean(JazminEndpoint.class).file("nosuch")).isNull();
        });
    }

    @Test
    void endpointOnlyWithActuatorAndWhenExposed() {
        runner.withPropertyValues(items()).run(context -> assertThat(context).hasSingleBean(JazminEndpoint.class));
        runner.withPropertyValues(items("management.endpoints.web.exposure.include=health"))
                .run(context -> assertThat(context).doesNotHaveBean(JazminEndpoint.class));
        runner.withPropertyValues(items()).withClassLoader(new FilteredClassLoader(Endpoint.class))
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(JazminEndpoint.class));
    }
}
