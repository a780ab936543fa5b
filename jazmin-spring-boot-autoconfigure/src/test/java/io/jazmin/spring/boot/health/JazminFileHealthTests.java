package io.jazmin.spring.boot.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.WriteLock;
import io.jazmin.key.JazminKey;
import io.jazmin.spring.boot.autoconfigure.JazminAutoConfiguration;
import io.jazmin.spring.boot.autoconfigure.JazminRepositoriesAutoConfiguration;
import io.jazmin.spring.boot.autoconfigure.domain.good.Item;
import io.jazmin.spring.boot.autoconfigure.domain.good.ItemRepository;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.CompositeHealthContributor;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

/**
 * The health indicator reads the file itself, not the application's pooled readers: a file
 * scrambled in place while the application runs goes {@code DOWN} (damaged) at the next check
 * after the time-to-live, a wrong key is {@code DOWN} (wrong-key), a healthy file is {@code UP} with
 * its rows; never a secret in the details.
 */
class JazminFileHealthTests {
    @TempDir
    Path dir;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(JazminAutoConfiguration.class,
                    JazminRepositoriesAutoConfiguration.class, JazminHealthContributorAutoConfiguration.class));
    /** With the {@code items} repository, which fails the start for a missing file or a wrong key. */
    private final ApplicationContextRunner withItems = runner.withUserConfiguration(Repositories.class);

    @Configuration(proxyBeanMethods = false)
    @AutoConfigurationPackage(basePackageClasses = Item.class)
    static class Repositories {
    }

    private Path file() {
        return dir.resolve("items.jzm");
    }

    private String[] items(String key, String timeToLive) {
        List<String> all = new ArrayList<>(List.of("jazmin.files.items.path=" + file(),
                "jazmin.files.items.create-if-missing=true", "management.health.jazmin.time-to-live=" + timeToLive));
        if (key != null) {
            all.add("jazmin.files.items.key=" + key);
        }
        return all.toArray(String[]::new);
    }

    private static Health health(AssertableApplicationContext context) {
        CompositeHealthContributor jazmin = context.getBean("jazminHealthContributor",
                CompositeHealthContributor.class);
        return ((HealthIndicator) jazmin.getContributor("items")).health(true);
    }

    private static void storeItems(AssertableApplicationContext context) {
        ItemRepository items = context.getBean(ItemRepository.class);
        items.saveAll(List.of(new Item(1, "a"), new Item(2, "b"), new Item(3, "c")));
        items.deleteById(2L);
        assertThat(items.count()).isEqualTo(2);
    }

    /** Overwrites every byte of the file in place (same inode, same length) with random ones. */
    private void scramble() throws IOException {
        byte[] noise = new byte[(int) Files.size(file())];
        new Random(31).nextBytes(noise);
        try (FileChannel channel = FileChannel.open(file(), StandardOpenOption.WRITE)) {
            channel.write(ByteBuffer.wrap(noise), 0);
            channel.force(true);
        }
    }

    @Test
    void upWithTheRowsOfTheFileWithoutTheKey() {
        String key = JazminKey.generate().text();
        withItems.withPropertyValues(items(key, "0s")).run(context -> {
            storeItems(context);
            Health health = health(context);
            assertThat(health.getStatus()).isEqualTo(Status.UP);
            assertThat(health.getDetails()).containsEntry("file", "items").containsEntry("rows", 2L)
                    .containsEntry("columns", 2).containsEntry("bytes", Files.size(file()))
                    .doesNotContainKey("reason");
            assertThat(health.toString()).doesNotContain(key);
        });
    }

    @Test
    void aFileScrambledWhileTheApplicationRunsIsDownAsDamaged() {
        String key = JazminKey.generate().text();
        withItems.withPropertyValues(items(key, "0s")).run(context -> {
            storeItems(context);
            assertThat(health(context).getStatus()).isEqualTo(Status.UP);
            scramble();
            Health health = health(context);
            assertThat(health.getStatus()).isEqualTo(Status.DOWN);
            assertThat(health.getDetails()).containsEntry("file", "items").containsEntry("reason", "damaged")
                    .containsKey("error");
            assertThat(health.toString()).doesNotContain(key);
        });
    }

    @Test
    void aPlainFileScrambledIsDownAsDamaged() {
        withItems.withPropertyValues(items(null, "0s")).run(context -> {
            storeItems(context);
            scramble();
            assertThat(health(context).getDetails()).containsEntry("reason", "damaged");
        });
    }

    @Test
    void aCheckIsReusedForItsTimeToLive() {
        withItems.withPropertyValues(items(null, "1h")).run(context -> {
            storeItems(context);
            assertThat(health(context).getStatus()).isEqualTo(Status.UP);
            scramble();
            assertThat(health(context).getStatus()).as("within the time-to-live").isEqualTo(Status.UP);
        });
    }

    @Test
    void aWrongKeyIsDownWithoutEitherKey() {
        String key = JazminKey.generate().text();
        withItems.withPropertyValues(items(key, "0s")).run(JazminFileHealthTests::storeItems);
        String wrong = JazminKey.generate().text();
        runner.withPropertyValues(items(wrong, "0s")).run(context -> {
            Health health = health(context);
            assertThat(health.getStatus()).isEqualTo(Status.DOWN);
            assertThat(health.getDetails()).containsEntry("reason", "wrong-key");
            assertThat(health.toString()).doesNotContain(wrong).doesNotContain(key);
        });
    }

    @Test
    void aMissingFileIsDownAndALeftLockIsShown() throws IOException {
        runner.withPropertyValues("jazmin.files.items.path=" + file()).run(context -> {
            assertThat(health(context).getDetails()).containsEntry("reason", "missing");
        });
        withItems.withPropertyValues(items(null, "0s")).run(context -> {
            storeItems(context);
            Files.createFile(dir.resolve("items.jzm.lock"));
            Health health = health(context);
            assertThat(health.getStatus()).isEqualTo(Status.UP);
            assertThat(health.getDetails()).containsEntry("writerLock", "holder-not-recorded")
                    .containsKey("writerLockSince");
            Files.delete(dir.resolve("items.jzm.lock"));
            try (WriteLock held = WriteLock.acquire(dir.resolve("items.jzm"))) {
                assertThat(health(context).getDetails()).containsEntry("writerLock", "held");
            }
            assertThat(health(context).getDetails()).doesNotContainKey("writerLock");
        });
    }
}
