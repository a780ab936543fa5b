package io.jazmin.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.schema.Codec;
import io.jazmin.schema.IndexKind;
import io.jazmin.JazminReader;
import io.jazmin.key.DerivedKeyCache;
import io.jazmin.key.JazminKey;
import io.jazmin.options.WriteOptions;
import io.jazmin.spring.boot.autoconfigure.domain.bad.Gadget;
import io.jazmin.spring.boot.autoconfigure.domain.good.Item;
import io.jazmin.spring.boot.autoconfigure.domain.good.ItemRepository;
import io.jazmin.spring.boot.health.JazminHealthContributorAutoConfiguration;
import io.jazmin.spring.data.core.CompactionPolicy;
import io.jazmin.spring.data.core.JazminFileDefinition;
import io.jazmin.spring.data.core.JazminFiles;
import io.jazmin.spring.data.core.JazminOperations;
import io.jazmin.spring.data.core.JazminTemplate;
import io.jazmin.spring.data.core.MicrometerQueryObserver;
import io.jazmin.options.Priority;
import io.jazmin.spring.data.core.QueryObserver;
import io.jazmin.spring.data.core.TooManyResultsException;
import io.jazmin.spring.data.core.mapping.JazminMappingContext;
import io.jazmin.spring.data.repository.config.EnableJazminRepositories;
import io.micrometer.observation.ObservationRegistry;
import io.jazmin.internal.wire.Preamble;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.HealthContributor;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Property binding, conditions, overrides and startup failures of the auto-configurations (issue 7). */
class JazminAutoConfigurationTests {
    @TempDir
    Path dir;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(JazminAutoConfiguration.class,
                    JazminRepositoriesAutoConfiguration.class, JazminHealthContributorAutoConfiguration.class));

    private String itemsPath() {
        return "jazmin.files.items.path=" + dir.resolve("items.jzm");
    }

    @Test
    void bindsEveryFileProperty() {
        String key = JazminKey.generate().text();
        runner.withPropertyValues("jazmin.priority=memory", itemsPath(), "jazmin.files.items.key=" + key,
                "jazmin.files.items.priority=speed", "jazmin.files.items.create-if-missing=true",
                "jazmin.files.items.codec=brotli", "jazmin.files.items.indexes.label=sorted,trigram",
                "jazmin.files.items.sorted-by=id", "jazmin.files.other.path=" + dir.resolve("o.jzm"),
                "jazmin.files.other.password=secret-pw").run(context -> {
                    JazminFileDefinition items = context.getBean(JazminFiles.class).get("items").definition();
                    assertThat(items.path()).isEqualTo(dir.resolve("items.jzm"));
                    assertThat(items.key()).isEqualTo(key);
                    assertThat(items.priority()).isEqualTo(Priority.SPEED);
                    assertThat(items.createIfMissing()).isTrue();
                    assertThat(items.codec()).isEqualTo(Codec.BROTLI);
                    assertThat(items.indexes()).isEqualTo(Map.of("label", Set.of(IndexKind.SORTED, IndexKind.TRIGRAM)));
                    assertThat(items.sortedBy()).containsExactly("id");
                    assertThat(items.toString()).doesNotContain(key);
                    JazminFileDefinition other = context.getBean(JazminFiles.class).get("other").definition();
                    assertThat(other.priority()).isEqualTo(Priority.MEMORY);
                    assertThat(other.createIfMissing()).isFalse();
                    assertThat(other.password()).isEqualTo("secret-pw");
                    assertThat(other.toString()).doesNotContain("secret-pw");
                    assertThat(context.getBean(JazminProperties.class).getFiles().get("other").toString())
                            .doesNotContain("secret-pw");
                });
    }

    @Test
    void theEngineRunsItsChunkWorkOnTheApplicationTaskExecutor() {
        Executor given = Runnable::run;
        runner.withBean("applicationTaskExecutor", Executor.class, () -> given)
                .withPropertyValues(itemsPath(), "jazmin.files.items.create-if-missing=true",
                        "jazmin.files.items.priority=speed").run(context -> {
                    JazminFiles files = context.getBean(JazminFiles.class);
                    assertThat(files.get("items").definition().executor()).isSameAs(given);
                    assertThat(files.get("items").definition().readOptions().parallelism().executor())
                            .isSameAs(given);
                });
        runner.withPropertyValues(itemsPath()).run(context ->
                assertThat(context.getBean(JazminFiles.class).get("items").definition().executor()).isNull());
    }

    @Test
    void bindsCompactionThresholds() {
        runner.withPropertyValues(itemsPath(), "jazmin.files.items.compaction.deleted-ratio=0.25",
                "jazmin.files.items.compaction.appends=10", "jazmin.files.items.compaction.dead-bytes-ratio=0.75",
                "jazmin.files.items.compaction.dead-bytes-minimum=64KB",
                "jazmin.files.other.path=" + dir.resolve("o.jzm"),
                "jazmin.files.manual.path=" + dir.resolve("m.jzm"), "jazmin.files.manual.compaction.enabled=false")
                .run(context -> {
                    JazminFiles files = context.getBean(JazminFiles.class);
                    assertThat(files.get("items").definition().compaction())
                            .isEqualTo(new CompactionPolicy(0.25, 10, 0.75, 64 * 1024));
                    assertThat(files.get("other").definition().compaction()).isEqualTo(CompactionPolicy.AUTOMATIC);
                    assertThat(files.get("manual").definition().compaction()).isEqualTo(CompactionPolicy.NONE);
                    assertThat(context.getBean(JazminProperties.class).getFiles().get("items").getCompaction()
                            .getAppends()).isEqualTo(10);
                });
        runner.withPropertyValues(itemsPath(), "jazmin.files.items.compaction.deleted-ratio=1.5")
                .run(context -> assertThat(context).hasFailed().getFailure()
                        .hasStackTraceContaining("jazmin.files.items: compaction deleted-ratio must be between 0 and 1"));
        runner.withPropertyValues(itemsPath(), "jazmin.files.items.compaction.appends=0")
                .run(context -> assertThat(context).hasFailed().getFailure()
                        .hasStackTraceContaining("jazmin.files.items: compaction appends must be at least 1"));
    }

    @Test
    void compactsAfterTheWriteThatPassesAThreshold() {
        runner.withUserConfiguration(GoodPackage.class)
                .withPropertyValues(itemsPath(), "jazmin.files.items.create-if-missing=true",
                        "jazmin.files.items.compaction.appends=2").run(context -> {
                    ItemRepository items = context.getBean(ItemRepository.class);
                    items.saveAll(List.of(new Item(1, "alpha"), new Item(2, "beta")));
                    items.save(new Item(3, "gamma"));
                    assertThat(appendCount()).isEqualTo(1);
                    items.deleteById(1L);
                    assertThat(appendCount()).as("compacted after the second append").isZero();
                    assertThat(items.findAll()).containsExactlyInAnyOrder(new Item(2, "beta"), new Item(3, "gamma"));
                });
    }

    private long appendCount() {
        try (JazminReader reader = JazminReader.open(dir.resolve("items.jzm"))) {
            return reader.appendCount();
        }
    }

    @Test
    void bindsKdfIterationsAndWritesNewPasswordFilesWithThem() {
        runner.withUserConfiguration(GoodPackage.class)
                .withPropertyValues(itemsPath(), "jazmin.files.items.create-if-missing=true",
                        "jazmin.files.items.password=pw-of-items", "jazmin.files.items.kdf-iterations=1500",
                        "jazmin.priority=memory").run(context -> {
                    JazminFiles files = context.getBean(JazminFiles.class);
                    assertThat(files.get("items").definition().kdfIterations()).isEqualTo(1_500);
                    ItemRepository items = context.getBean(ItemRepository.class);
                    items.save(new Item(1, "item 1")); // the file's first rows: written anew, a fresh salt
                    DerivedKeyCache keys = files.get("items").readOptions().keyCache();
                    long derived = keys.derivations();
                    for (long id = 2; id <= 6; id++) {
                        items.save(new Item(id, "item " + id));
                        assertThat(items.findById(id)).contains(new Item(id, "item " + id));
                    }
                    assertThat(items.count()).isEqualTo(6);
                    assertThat(keys.derivations()).as("appends keep the salt: no PBKDF2 run per save or read")
                            .isEqualTo(derived);
                    assertThat(keys.hits()).isGreaterThanOrEqualTo(10);
                    assertThat(Preamble.decode(Files.readAllBytes(dir.resolve("items.jzm"))).kdfIterations())
                            .isEqualTo(1_500);
                });
        assertThat(JazminFileDefinition.of("x", dir).kdfIterations()).isEqualTo(WriteOptions.DEFAULT_KDF_ITERATIONS);
        runner.withPropertyValues(itemsPath(), "jazmin.files.items.kdf-iterations=999")
                .run(context -> assertThat(context).hasFailed().getFailure()
                        .hasStackTraceContaining("jazmin.files.items.kdf-iterations must be 1000-10000000, got 999"));
    }

    @Test
    void bindsMaxResultRows() {
        runner.withUserConfiguration(GoodPackage.class)
                .withPropertyValues(itemsPath(), "jazmin.files.items.create-if-missing=true", "jazmin.max-result-rows=2")
                .run(context -> {
                    assertThat(context.getBean(JazminTemplate.class).getMaxResultRows()).isEqualTo(2);
                    ItemRepository items = context.getBean(ItemRepository.class);
                    items.saveAll(List.of(new Item(1, "a1"), new Item(2, "a2"), new Item(3, "a3")));
                    assertThatThrownBy(items::findAll).isInstanceOf(TooManyResultsException.class);
                    assertThatThrownBy(() -> items.findByLabelStartingWith("a"))
                            .isInstanceOf(TooManyResultsException.class).hasMessageContaining("max-result-rows");
                    assertThat(items.count()).isEqualTo(3);
                });
        runner.withPropertyValues("jazmin.max-result-rows=0").run(context -> assertThat(context).hasFailed()
                .getFailure().hasStackTraceContaining("jazmin.max-result-rows must be at least 1"));
    }

    @Test
    void emptySecretPlaceholderMeansNoSecret() {
        runner.withPropertyValues(itemsPath(), "jazmin.files.items.key=").run(context ->
                assertThat(context.getBean(JazminFiles.class).get("items").definition().key()).isNull());
    }

    @Test
    void createsInfrastructureWithDefaults() {
        runner.run(context -> {
            assertThat(context).hasSingleBean(JazminFiles.class).hasSingleBean(JazminMappingContext.class)
                    .hasSingleBean(JazminTemplate.class).hasBean("jazminTemplate").doesNotHaveBean(QueryObserver.class);
            assertThat(context.getBean(JazminProperties.class).getPriority()).isEqualTo(Priority.BALANCED);
        });
    }

    @Test
    void backsOffWithoutTheSpringDataModule() {
        runner.withClassLoader(new FilteredClassLoader(JazminTemplate.class))
                .run(context -> assertThat(context).doesNotHaveBean(JazminFiles.class)
                        .doesNotHaveBean(JazminOperations.class));
    }

    @Test
    void allowsUserToDefineCustomFilesMappingContextAndTemplate() {
        runner.withUserConfiguration(CustomBeans.class).run(context -> {
            assertThat(context.getBean(JazminFiles.class)).isSameAs(context.getBean(CustomBeans.class).files);
            assertThat(context.getBean(JazminMappingContext.class))
                    .isSameAs(context.getBean(CustomBeans.class).mappingContext);
            assertThat(context).getBean(JazminOperations.class).isSameAs(context.getBean("jazminTemplate"));
            assertThat(context).hasSingleBean(JazminOperations.class);
        });
    }

    @Test
    void reportsObservationsWhenARegistryIsPresent() {
        runner.withBean(ObservationRegistry.class, ObservationRegistry::create)
                .run(context -> assertThat(context).getBean(QueryObserver.class)
                        .isInstanceOf(MicrometerQueryObserver.class));
        runner.withBean(ObservationRegistry.class, ObservationRegistry::create)
                .withClassLoader(new FilteredClassLoader(ObservationRegistry.class))
                .run(context -> assertThat(context).doesNotHaveBean(QueryObserver.class));
    }

    @Test
    void allowsUserToDefineCustomQueryObserver() {
        QueryObserver mine = QueryObserver.NONE;
        runner.withBean(ObservationRegistry.class, ObservationRegistry::create)
                .withBean(QueryObserver.class, () -> mine)
                .run(context -> assertThat(context).getBean(QueryObserver.class).isSameAs(mine));
    }

    @Test
    void scansTheApplicationPackagesForRepositories() {
        runner.withUserConfiguration(GoodPackage.class)
                .withPropertyValues(itemsPath(), "jazmin.files.items.create-if-missing=true").run(context -> {
                    assertThat(context).hasSingleBean(ItemRepository.class);
                    ItemRepository items = context.getBean(ItemRepository.class);
                    items.saveAll(List.of(new Item(1, "alpha"), new Item(2, "beta")));
                    assertThat(items.findByLabelStartingWith("al")).containsExactly(new Item(1, "alpha"));
                });
    }

    @Test
    void backsOffWhenRepositoriesAreDisabled() {
        runner.withUserConfiguration(GoodPackage.class)
                .withPropertyValues(itemsPath(), "jazmin.repositories.enabled=false")
                .run(context -> assertThat(context).doesNotHaveBean(ItemRepository.class));
    }

    @Test
    void backsOffWhenTheUserEnablesRepositories() {
        runner.withUserConfiguration(BadPackage.class, UserEnabledGoodRepositories.class)
                .withPropertyValues(itemsPath(), "jazmin.files.items.create-if-missing=true")
                .run(context -> assertThat(context).hasNotFailed().hasSingleBean(ItemRepository.class));
    }

    @Test
    void failsAtStartupOnAnUnsupportedMethod() {
        runner.withUserConfiguration(BadPackage.class)
                .withPropertyValues(itemsPath(), "jazmin.files.items.create-if-missing=true")
                .run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                        .hasMessageContaining("GadgetRepository.findByLabelRegex")
                        .hasMessageContaining("Regex"));
    }

    @Test
    void failsAtStartupWhenTheEntityFileIsMissing() {
        runner.withUserConfiguration(GoodPackage.class).withPropertyValues(itemsPath())
                .run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                        .hasMessageContaining("does not exist"));
        runner.withUserConfiguration(GoodPackage.class)
                .run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                        .hasMessageContaining("'items'").hasMessageContaining("by convention"));
    }

    @Test
    void contributesOneHealthIndicatorPerFile() {
        runner.withUserConfiguration(GoodPackage.class)
                .withPropertyValues(itemsPath(), "jazmin.files.items.create-if-missing=true")
                .run(context -> assertThat(context).hasBean("jazminHealthContributor"));
        runner.withPropertyValues(itemsPath(), "management.health.jazmin.enabled=false")
                .run(context -> assertThat(context).doesNotHaveBean("jazminHealthContributor"));
        runner.withClassLoader(new FilteredClassLoader(HealthContributor.class))
                .run(context -> assertThat(context).doesNotHaveBean("jazminHealthContributor"));
    }

    @Configuration(proxyBeanMethods = false)
    @AutoConfigurationPackage(basePackageClasses = Item.class)
    static class GoodPackage {
    }

    @Configuration(proxyBeanMethods = false)
    @AutoConfigurationPackage(basePackageClasses = Gadget.class)
    static class BadPackage {
    }

    @Configuration(proxyBeanMethods = false)
    @EnableJazminRepositories(basePackageClasses = Item.class)
    static class UserEnabledGoodRepositories {
    }

    @Configuration(proxyBeanMethods = false)
    static class CustomBeans {
        final JazminFiles files = new JazminFiles(List.of());
        final JazminMappingContext mappingContext = new JazminMappingContext();

        @Bean
        JazminFiles myFiles() {
            return files;
        }

        @Bean
        JazminMappingContext myMappingContext() {
            return mappingContext;
        }

        @Bean
        JazminOperations jazminTemplate() {
            return new JazminTemplate(files, mappingContext);
        }
    }
}
