package io.jazmin.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import io.jazmin.spring.boot.autoconfigure.domain.bad.Gadget;
import io.jazmin.spring.boot.autoconfigure.domain.badquery.Widget;
import io.jazmin.spring.boot.autoconfigure.domain.good.Item;
import io.jazmin.spring.boot.autoconfigure.domain.good.ItemRepository;
import io.jazmin.spring.boot.diagnostics.AccessKeyWriteFailureAnalyzer;
import io.jazmin.spring.boot.diagnostics.ConflictingJazminPropertiesFailureAnalyzer;
import io.jazmin.spring.boot.diagnostics.FilePreparationFailureAnalyzer;
import io.jazmin.spring.boot.diagnostics.UnboundEntityFailureAnalyzer;
import io.jazmin.spring.boot.diagnostics.UnknownJazminPropertyFailureAnalyzer;
import io.jazmin.spring.boot.diagnostics.UnsupportedQueryFailureAnalyzer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.springframework.core.io.support.SpringFactoriesLoader.FailureHandler;

/** Start-up failures: unknown keys, the failure analyzers' reports, and nothing left on disk. */
class JazminStartupFailureTests {
    @TempDir
    Path dir;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(JazminAutoConfiguration.class,
                    JazminRepositoriesAutoConfiguration.class));

    private String itemsPath() {
        return "jazmin.files.items.path=" + dir.resolve("items.jzm");
    }

    /** The analysis {@code analyzer} gives of the start-up failure of {@code runner}. */
    private static FailureAnalysis analysis(ApplicationContextRunner runner, FailureAnalyzer analyzer) {
        FailureAnalysis[] analysis = new FailureAnalysis[1];
        runner.run(context -> {
            assertThat(context).hasFailed();
            analysis[0] = analyzer.analyze(context.getStartupFailure());
        });
        assertThat(analysis[0]).as("analyzed").isNotNull();
        return analysis[0];
    }

    /** The folder's files but the lock guard every writer of a folder leaves (WriterLock). */
    private List<Path> filesInDir() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> !p.getFileName().toString().equals(".jazmin-lock-guard")).toList();
        }
    }

    @Test
    void rejectsAnUnknownTopLevelKeyWithTheNearestName() {
        runner.withPropertyValues("jazmin.priorty=speed").run(context -> assertThat(context).hasFailed()
                .getFailure().rootCause().isInstanceOf(UnknownJazminPropertyException.class)
                .hasMessageContaining("jazmin.priorty").hasMessageContaining("did you mean jazmin.priority?"));
        FailureAnalysis analysis = analysis(runner.withPropertyValues("jazmin.max-results-rows=5"),
                new UnknownJazminPropertyFailureAnalyzer());
        assertThat(analysis.getDescription()).contains("jazmin.max-results-rows").contains("is not a JAZMIN setting");
        assertThat(analysis.getAction()).contains("Did you mean jazmin.max-result-rows?");
    }

    @Test
    void rejectsAnUnknownFileKeyWithTheNearestNameOfThatFile() {
        FailureAnalysis analysis = analysis(runner.withPropertyValues("jazmin.files.customers.path=" + dir.resolve("c.jzm"),
                "jazmin.files.customers.create-if-mising=true"), new UnknownJazminPropertyFailureAnalyzer());
        assertThat(analysis.getDescription()).contains("jazmin.files.customers.create-if-mising");
        assertThat(analysis.getAction()).contains("Did you mean jazmin.files.customers.create-if-missing?");
        analysis = analysis(runner.withPropertyValues("jazmin.files.customers.compaction.apends=3"),
                new UnknownJazminPropertyFailureAnalyzer());
        assertThat(analysis.getAction()).contains("jazmin.files.customers.compaction.appends");
    }

    @Test
    void acceptsEveryValidSpellingOfValidKeys() {
        runner.withPropertyValues(itemsPath(), "jazmin.files.items.createIfMissing=true",
                "jazmin.files.items.sorted-by[0]=id", "jazmin.files.items.indexes.label=sorted",
                "jazmin.files.items.compaction.deleted-ratio=0.5", "jazmin.maxResultRows=10",
                "jazmin.repositories.enabled=true", "jazmin.files.other.path=" + dir.resolve("o.jzm"))
                .run(context -> assertThat(context).hasNotFailed());
    }

    @Test
    void failureAnalyzersAreRegistered() {
        List<Class<?>> registered = SpringFactoriesLoader.forDefaultResourceLocation()
                .load(FailureAnalyzer.class, FailureHandler.handleMessage((message, e) -> {
                    // Boot's own analyzers that need a bean factory: not ours.
                })).stream().<Class<?>>map(Object::getClass).toList();
        assertThat(registered).contains(UnknownJazminPropertyFailureAnalyzer.class,
                FilePreparationFailureAnalyzer.class, UnboundEntityFailureAnalyzer.class,
                UnsupportedQueryFailureAnalyzer.class, AccessKeyWriteFailureAnalyzer.class,
                ConflictingJazminPropertiesFailureAnalyzer.class);
    }

    @Test
    void anAccessKeyFileThatTheConfigurationWouldWriteFailsAtStartUpWithoutShowingTheKey() throws IOException {
        JazminKey owner = JazminKey.generate();
        String holder = AccessKeyText.generate(owner).text();
        FailureAnalysis analysis = analysis(runner.withPropertyValues(itemsPath(),
                "jazmin.files.items.access-key=" + holder, "jazmin.files.items.create-if-missing=true"),
                new AccessKeyWriteFailureAnalyzer());
        assertThat(analysis.getDescription()).contains("'items'").contains("jazmin.files.items.access-key")
                .contains("jazmin.files.items.create-if-missing").contains("may only read").doesNotContain(holder);
        assertThat(analysis.getAction()).contains("Remove jazmin.files.items.create-if-missing")
                .contains("jazmin.files.items.owner-key").contains("ChangeFiles.writeChanges").doesNotContain(holder);
        analysis = analysis(runner.withPropertyValues(itemsPath(), "jazmin.files.items.access-key=" + holder,
                "jazmin.files.items.compaction.appends=10"), new AccessKeyWriteFailureAnalyzer());
        assertThat(analysis.getDescription()).contains("jazmin.files.items.compaction.appends").doesNotContain(holder);
        assertThat(filesInDir()).as("nothing written").isEmpty();
    }

    @Test
    void analyzesAMissingFile() throws IOException {
        FailureAnalysis analysis = analysis(runner.withUserConfiguration(GoodPackage.class)
                .withPropertyValues(itemsPath()), new FilePreparationFailureAnalyzer());
        assertThat(analysis.getDescription()).contains("'items'").contains(dir.resolve("items.jzm").toString())
                .contains("does not exist").contains("jazmin.files.items.create-if-missing");
        assertThat(analysis.getAction()).contains("jazmin.files.items.create-if-missing=true")
                .contains("jazmin.files.items.path");
        assertThat(filesInDir()).isEmpty();
    }

    @Test
    void analyzesAWrongOrMissingKeyWithoutShowingIt() {
        String key = JazminKey.generate().text();
        runner.withUserConfiguration(GoodPackage.class).withPropertyValues(itemsPath(),
                "jazmin.files.items.create-if-missing=true", "jazmin.files.items.key=" + key)
                .run(context -> context.getBean(ItemRepository.class).save(new Item(1, "secret row")));
        String wrong = JazminKey.generate().text();
        FailureAnalysis analysis = analysis(runner.withUserConfiguration(GoodPackage.class)
                .withPropertyValues(itemsPath(), "jazmin.files.items.key=" + wrong), new FilePreparationFailureAnalyzer());
        assertThat(analysis.getDescription()).contains("'items'").contains("jazmin.files.items.key")
                .doesNotContain(wrong).doesNotContain(key);
        assertThat(analysis.getAction()).contains("Set jazmin.files.items.key").doesNotContain(wrong);
        analysis = analysis(runner.withPropertyValues(itemsPath(), "jazmin.files.items.key=" + wrong,
                "jazmin.files.items.priority=speed"), new FilePreparationFailureAnalyzer());
        assertThat(analysis.getDescription()).as("speed opens a reader before any repository")
                .contains("'items'").contains("jazmin.files.items.key").doesNotContain(wrong);
        analysis = analysis(runner.withUserConfiguration(GoodPackage.class).withPropertyValues(itemsPath()),
                new FilePreparationFailureAnalyzer());
        assertThat(analysis.getDescription()).contains("none is configured");
        assertThat(analysis.getAction()).contains("jazmin.files.items.key or jazmin.files.items.password");
    }

    @Test
    void analyzesAWrongPasswordWithoutShowingIt() {
        runner.withUserConfiguration(GoodPackage.class).withPropertyValues(itemsPath(),
                "jazmin.files.items.create-if-missing=true", "jazmin.files.items.password=right-pw",
                "jazmin.files.items.kdf-iterations=1000")
                .run(context -> context.getBean(ItemRepository.class).save(new Item(1, "row")));
        FailureAnalysis analysis = analysis(runner.withUserConfiguration(GoodPackage.class)
                .withPropertyValues(itemsPath(), "jazmin.files.items.password=wrong-pw"),
                new FilePreparationFailureAnalyzer());
        assertThat(analysis.getDescription()).contains("'items'").contains("jazmin.files.items.password")
                .doesNotContain("wrong-pw").doesNotContain("right-pw");
        assertThat(analysis.getAction()).contains("Set jazmin.files.items.password").doesNotContain("wrong-pw");
    }

    @Test
    void analyzesALockHeldByAnotherProcess() throws IOException {
        Path lock = Files.createFile(dir.resolve("items.jzm.lock"));
        FailureAnalysis analysis = analysis(runner.withUserConfiguration(GoodPackage.class)
                .withPropertyValues(itemsPath(), "jazmin.files.items.create-if-missing=true"),
                new FilePreparationFailureAnalyzer());
        assertThat(analysis.getDescription()).contains("'items'").contains("another process holds its lock file "
                + lock.toAbsolutePath());
        assertThat(analysis.getAction()).contains("delete " + lock.toAbsolutePath());
        assertThat(filesInDir()).containsExactly(lock);
    }

    @Test
    void analyzesAnEntityBoundToNoConfiguredFile() {
        FailureAnalysis analysis = analysis(runner.withUserConfiguration(GoodPackage.class)
                .withPropertyValues("jazmin.files.others.path=" + dir.resolve("o.jzm")), new UnboundEntityFailureAnalyzer());
        assertThat(analysis.getDescription()).contains(Item.class.getName()).contains("'items'")
                .contains("named by convention").contains("[others]");
        assertThat(analysis.getAction()).contains("jazmin.files.items.path").contains("@JazminStore");
    }

    @Test
    void analyzesAnUnsupportedDerivedQuery() throws IOException {
        FailureAnalysis analysis = analysis(runner.withUserConfiguration(BadPackage.class)
                .withPropertyValues(itemsPath(), "jazmin.files.items.create-if-missing=true"),
                new UnsupportedQueryFailureAnalyzer());
        assertThat(analysis.getDescription()).contains("GadgetRepository.findByLabelRegex").contains("Regex");
        assertThat(analysis.getAction()).contains("supported keyword");
        assertThat(filesInDir()).as("the file the repository created is deleted with the failed start").isEmpty();
    }

    @Test
    void analyzesAnInvalidDeclaredQuery() throws IOException {
        FailureAnalysis analysis = analysis(runner.withUserConfiguration(BadQueryPackage.class)
                .withPropertyValues(itemsPath(), "jazmin.files.items.create-if-missing=true"),
                new UnsupportedQueryFailureAnalyzer());
        assertThat(analysis.getDescription()).contains("WidgetRepository.byColour").contains("'colour'")
                .contains("columns: id, label");
        assertThat(analysis.getAction()).contains("@Query");
        assertThat(filesInDir()).isEmpty();
    }

    @Test
    void aStartFailingAfterTheRepositoriesLeavesNoCreatedFile() throws IOException {
        runner.withUserConfiguration(GoodPackage.class, FailingAfterRepositories.class)
                .withPropertyValues(itemsPath(), "jazmin.files.items.create-if-missing=true")
                .run(context -> assertThat(context).hasFailed().getFailure()
                        .hasStackTraceContaining("fails after the repository"));
        assertThat(filesInDir()).isEmpty();
        runner.withUserConfiguration(GoodPackage.class)
                .withPropertyValues(itemsPath(), "jazmin.files.items.create-if-missing=true")
                .run(context -> assertThat(context).hasNotFailed());
        assertThat(filesInDir()).as("a successful start keeps the file it created")
                .containsExactly(dir.resolve("items.jzm"));
    }

    @Test
    void aFailedStartKeepsRowsWrittenWhileStarting() throws IOException {
        runner.withUserConfiguration(GoodPackage.class, WritingThenFailing.class)
                .withPropertyValues(itemsPath(), "jazmin.files.items.create-if-missing=true")
                .run(context -> assertThat(context).hasFailed());
        assertThat(filesInDir()).containsExactly(dir.resolve("items.jzm"));
    }

    /** A made-up secret per property: none may appear in the report. */
    private static String secretFor(String property) {
        return switch (property) {
            case "key", "owner-key" -> JazminKey.generate().text();
            case "password" -> "correct horse battery staple";
            case "access-key" -> "jza1-not-a-real-access-key";
            case "unlock-token" -> "jzu1-not-a-real-token";
            default -> throw new IllegalArgumentException(property);
        };
    }

    @ParameterizedTest
    @CsvSource({"key, password", "key, access-key", "password, access-key", "owner-key, key", "password, owner-key",
            "owner-key, access-key"})
    void twoSecretsForOneFileFailWithAReportNamingBothAndNeitherValue(String one, String other) {
        String oneSecret = secretFor(one);
        String otherSecret = secretFor(other);
        ApplicationContextRunner both = runner.withUserConfiguration(GoodPackage.class).withPropertyValues(itemsPath(),
                "jazmin.files.items.create-if-missing=true", "jazmin.files.items." + one + "=" + oneSecret,
                "jazmin.files.items." + other + "=" + otherSecret);
        both.run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                .isInstanceOf(ConflictingJazminPropertiesException.class));
        FailureAnalysis analysis = analysis(both, new ConflictingJazminPropertiesFailureAnalyzer());
        assertThat(analysis.getDescription()).contains("jazmin.files.items." + one)
                .contains("jazmin.files.items." + other);
        assertThat(analysis.getAction()).contains("Remove one of");
        assertThat(analysis.getDescription() + analysis.getAction() + analysis.getCause())
                .doesNotContain(oneSecret).doesNotContain(otherSecret);
    }

    @Test
    void anUnlockTokenWithoutAnAccessKeyFailsWithAReportNamingBoth() throws IOException {
        String token = secretFor("unlock-token");
        FailureAnalysis analysis = analysis(runner.withPropertyValues(itemsPath(),
                "jazmin.files.items.create-if-missing=true", "jazmin.files.items.unlock-token=" + token),
                new ConflictingJazminPropertiesFailureAnalyzer());
        assertThat(analysis.getDescription()).contains("jazmin.files.items.unlock-token")
                .contains("jazmin.files.items.access-key");
        assertThat(analysis.getAction()).contains("Set jazmin.files.items.access-key");
        assertThat(analysis.getDescription() + analysis.getAction() + analysis.getCause()).doesNotContain(token);
        assertThat(filesInDir()).isEmpty();
    }

    @Test
    void anEmptyPlaceholderIsNoSecret() {
        runner.withPropertyValues(itemsPath(), "jazmin.files.items.create-if-missing=true", "jazmin.files.items.key=",
                "jazmin.files.items.password=" + secretFor("password"))
                .run(context -> assertThat(context).hasNotFailed());
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
    @AutoConfigurationPackage(basePackageClasses = Widget.class)
    static class BadQueryPackage {
    }

    @Configuration(proxyBeanMethods = false)
    static class FailingAfterRepositories {
        @Bean
        Object failing(ItemRepository items) {
            throw new IllegalStateException("fails after the repository");
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class WritingThenFailing {
        @Bean
        Object failing(ItemRepository items) {
            items.save(new Item(1, "written at startup"));
            throw new IllegalStateException("fails after a write");
        }
    }
}
