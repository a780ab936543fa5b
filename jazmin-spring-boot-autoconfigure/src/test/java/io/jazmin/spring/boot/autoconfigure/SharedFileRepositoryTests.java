package io.jazmin.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminFile;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import io.jazmin.key.UnlockToken;
import io.jazmin.spring.boot.autoconfigure.domain.shared.hidden.PersonWithBalance;
import io.jazmin.spring.boot.autoconfigure.domain.shared.hidden.PersonWithBalanceRepository;
import io.jazmin.spring.boot.autoconfigure.domain.shared.visible.Person;
import io.jazmin.spring.boot.autoconfigure.domain.shared.visible.PersonRepository;
import io.jazmin.spring.data.core.HiddenColumnException;
import io.jazmin.testing.CanonicalJson;
import io.jazmin.testing.ConformanceCase;
import io.jazmin.testing.SharedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

/**
 * Repositories over a shared file (spec §1.19) with {@code jazmin.files.<name>.access-key},
 * {@code owner-key} and {@code unlock-token}: a key's repository sees only its rows and columns, an
 * entity member bound to a column the key cannot see fails at start-up, secrets come through
 * placeholders and never show. Uses the js-access interop case: Bob sees the 80 rows of ZA without
 * group {@code pii} (balance, blob); Carol holds an online grant.
 */
class SharedFileRepositoryTests {
    private static final ConformanceCase CASE = ConformanceCase.named("js-access");

    @TempDir
    Path dir;

    private Path file;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(JazminAutoConfiguration.class,
                    JazminRepositoriesAutoConfiguration.class));

    @BeforeEach
    void copyCase() throws Exception {
        file = dir.resolve("people.jzm");
        Files.copy(CASE.dataFile(), file);
    }

    private static String secret(String view, String member) {
        return CASE.views().stream().filter(v -> v.name().equals(view)).findFirst().orElseThrow().spec()
                .get(member).asString();
    }

    @Test
    void anAccessKeysRepositorySeesOnlyItsRowsAndColumns() {
        String bob = secret("bob", "accessKeyText");
        runner.withUserConfiguration(VisiblePackage.class).withPropertyValues("jazmin.files.people.path=" + file,
                "jazmin.files.people.access-key=${PEOPLE_ACCESS_KEY}", "PEOPLE_ACCESS_KEY=" + bob).run(context -> {
                    assertThat(context).hasNotFailed();
                    PersonRepository people = context.getBean(PersonRepository.class);
                    List<Person> all = people.findAll();
                    assertThat(all).hasSize(80).allSatisfy(p -> assertThat(p.country()).isEqualTo("ZA"));
                    assertThat(all).extracting(Person::id).containsExactlyElementsOf(expectedIds("bob"));
                    assertThat(people.count()).isEqualTo(80);
                    assertThat(people.findByCountry("BW")).as("another partition's rows").isEmpty();
                    JazminProperties properties = context.getBean(JazminProperties.class);
                    assertThat(properties.getFiles().get("people").toString()).contains("access-key")
                            .doesNotContain(bob.substring(5));
                    assertThat(FileDefinitions.of(properties).toString()).contains("secret=access-key")
                            .doesNotContain(bob.substring(5));
                });
    }

    @Test
    void theOwnerKeysRepositorySeesEveryRowAndColumn() {
        runner.withUserConfiguration(HiddenPackage.class).withPropertyValues("jazmin.files.people.path=" + file,
                "jazmin.files.people.owner-key=" + secret("key", "keyText")).run(context -> {
                    assertThat(context).hasNotFailed();
                    List<PersonWithBalance> all = context.getBean(PersonWithBalanceRepository.class).findAll();
                    assertThat(all).hasSize(500);
                    assertThat(all).extracting(PersonWithBalance::balance).anySatisfy(b -> assertThat(b).isNotNull());
                });
    }

    @Test
    void aMemberBoundToAColumnTheKeyCannotSeeFailsAtStartUpNamingFileMemberAndGroup() {
        String bob = secret("bob", "accessKeyText");
        runner.withUserConfiguration(HiddenPackage.class).withPropertyValues("jazmin.files.people.path=" + file,
                "jazmin.files.people.access-key=" + bob).run(context -> {
                    assertThat(context).hasFailed();
                    Throwable failure = context.getStartupFailure();
                    HiddenColumnException hidden = find(failure, HiddenColumnException.class);
                    assertThat(hidden).as("cause").isNotNull();
                    assertThat(hidden.getFileName()).isEqualTo("people");
                    assertThat(hidden.getMember()).isEqualTo("PersonWithBalance.balance");
                    assertThat(hidden.getHiddenGroups()).containsExactly("pii");
                    assertThat(hidden.getMessage()).contains("'people'", "PersonWithBalance.balance", "[pii]")
                            .doesNotContain(bob.substring(5));
                });
    }

    @Test
    void anOnlineGrantOpensWithTheUnlockTokenProperty() throws Exception {
        String carol = CanonicalJson.parse(Files.readString(SharedFiles.root().resolve("conformance")
                .resolve("source").resolve("keys.json"))).get("carol").asString();
        UnlockToken token = JazminFile.issueUnlockToken(file, JazminKey.parse(secret("key", "keyText")),
                AccessKeyText.parse(carol));
        runner.withUserConfiguration(VisiblePackage.class).withPropertyValues("jazmin.files.people.path=" + file,
                "jazmin.files.people.access-key=" + carol).run(context -> assertThat(context).hasFailed());
        runner.withUserConfiguration(VisiblePackage.class).withPropertyValues("jazmin.files.people.path=" + file,
                "jazmin.files.people.access-key=" + carol, "jazmin.files.people.unlock-token=${TOKEN}",
                "TOKEN=" + token.text()).run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context.getBean(PersonRepository.class).count()).isPositive();
                });
    }

    private static List<Long> expectedIds(String view) throws IOException {
        return Files.readAllLines(CASE.dir().resolve("expected." + view + ".jsonl")).stream()
                .filter(l -> !l.isBlank()).map(l -> CanonicalJson.parse(l).get("id").asLong()).toList();
    }

    private static <T extends Throwable> T find(Throwable t, Class<T> type) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (type.isInstance(c)) {
                return type.cast(c);
            }
        }
        return null;
    }

    @Configuration(proxyBeanMethods = false)
    @AutoConfigurationPackage(basePackageClasses = Person.class)
    static class VisiblePackage {
    }

    @Configuration(proxyBeanMethods = false)
    @AutoConfigurationPackage(basePackageClasses = PersonWithBalance.class)
    static class HiddenPackage {
    }
}
