package io.jazmin.spring.data.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import io.jazmin.options.Priority;
import io.jazmin.options.WriteOptions;
import java.net.URI;
import java.nio.file.Path;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;

/** A file's configured priority and executor reach the engine's readers and writers; an access key never writes. */
class JazminFileDefinitionTests {

    @Test
    void priorityReachesEveryReadAndWrite() {
        for (Priority priority : Priority.values()) {
            JazminFileDefinition definition = JazminFileDefinition.of("f", Path.of("f.jzm")).withPriority(priority);
            assertThat(definition.readOptions().parallelism().priority()).isEqualTo(priority);
            assertThat(definition.changeOptions().parallelism().priority()).isEqualTo(priority);
            assertThat(definition.writeOptions(WriteOptions.defaults()).parallelism().priority())
                    .isEqualTo(priority);
        }
    }

    @Test
    void theExecutorReachesEveryReadAndWriteAndSurvivesTheOtherSettings() {
        Executor executor = Runnable::run;
        JazminFileDefinition definition = JazminFileDefinition.of("f", Path.of("f.jzm")).withExecutor(executor)
                .withPriority(Priority.SPEED).withPath(Path.of("g.jzm")).withCreateIfMissing(true);
        assertThat(definition.executor()).isSameAs(executor);
        assertThat(definition.readOptions().parallelism().executor()).isSameAs(executor);
        assertThat(definition.changeOptions().parallelism().executor()).isSameAs(executor);
        assertThat(definition.writeOptions(WriteOptions.defaults()).parallelism().executor()).isSameAs(executor);
        assertThat(JazminFileDefinition.of("f", Path.of("f.jzm")).readOptions().parallelism().executor()).isNull();
    }

    @Test
    void aWritableFileIsCompactedAutomaticallyByDefaultAndAReadOnlyOneNever() {
        JazminFileDefinition local = JazminFileDefinition.of("f", Path.of("f.jzm"));
        assertThat(local.compaction()).isEqualTo(CompactionPolicy.AUTOMATIC);
        assertThat(CompactionPolicy.AUTOMATIC.deadBytesRatio()).isEqualTo(0.5);
        assertThat(local.withCompaction(null).compaction()).isEqualTo(CompactionPolicy.AUTOMATIC);
        assertThat(local.withCompaction(CompactionPolicy.NONE).compaction()).isEqualTo(CompactionPolicy.NONE);
        String holder = AccessKeyText.generate(JazminKey.generate()).text();
        assertThat(local.withAccessKey(holder).compaction()).as("the default carried over").isEqualTo(CompactionPolicy.NONE);
        assertThat(JazminFileDefinition.ofUrl("u", URI.create("https://example.com/f.jzm"))
                .withCompaction(CompactionPolicy.AUTOMATIC).compaction()).isEqualTo(CompactionPolicy.NONE);
        assertThatThrownBy(() -> local.withAccessKey(holder).withCompaction(new CompactionPolicy(null, null, 0.3, 0)))
                .isInstanceOf(AccessKeyWriteException.class);
        assertThatThrownBy(() -> new CompactionPolicy(null, null, 1.5, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("dead-bytes-ratio must be between 0 and 1");
        assertThatThrownBy(() -> new CompactionPolicy(null, null, 0.5, -1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("dead-bytes-minimum must be at least 0");
    }

    @Test
    void anAccessKeyFileIsNeitherCreatedWhenMissingNorCompactedAfterWrites() {
        String holder = AccessKeyText.generate(JazminKey.generate()).text();
        JazminFileDefinition definition = JazminFileDefinition.of("shared", Path.of("s.jzm")).withAccessKey(holder);
        assertThatThrownBy(() -> definition.withCreateIfMissing(true))
                .isInstanceOfSatisfying(AccessKeyWriteException.class, e -> {
                    assertThat(e.getWrite()).isEqualTo(AccessKeyWriteException.Write.CREATE_IF_MISSING);
                    assertThat(e.getFileName()).isEqualTo("shared");
                }).hasMessageContaining("may only read the rows and columns its grant opens")
                .message().doesNotContain(holder);
        assertThatThrownBy(() -> definition.withCompaction(new CompactionPolicy(0.2, null)))
                .isInstanceOfSatisfying(AccessKeyWriteException.class,
                        e -> assertThat(e.getWrite()).isEqualTo(AccessKeyWriteException.Write.COMPACTION_THRESHOLD));
        assertThat(definition.withCompaction(CompactionPolicy.NONE).withCreateIfMissing(false)).isEqualTo(definition);
    }

    @Test
    void aFileReadByUrlIsReadOnlyAndNeverShowsTheUrlsSecrets() {
        URI url = URI.create("https://ann:pa55@files.example.com:8443/pub/catalog.jzm?X-Signature=s1gn#top");
        JazminFileDefinition definition = JazminFileDefinition.ofUrl("catalog", url).withPriority(Priority.SPEED);
        assertThat(definition.url()).isEqualTo(url);
        assertThat(definition.path()).isNull();
        assertThat(definition.location()).isEqualTo("https://files.example.com:8443/pub/catalog.jzm");
        assertThat(definition.toString()).contains("url=https://files.example.com:8443/pub/catalog.jzm")
                .doesNotContain("pa55", "s1gn", "ann");
        assertThatThrownBy(() -> definition.withCreateIfMissing(true)).isInstanceOf(ReadOnlyFileException.class)
                .hasMessageContaining("'catalog'").hasMessageContaining("creating it when missing")
                .message().doesNotContain("pa55", "s1gn");
        assertThatThrownBy(() -> definition.withCompaction(new CompactionPolicy(null, 10)))
                .isInstanceOf(ReadOnlyFileException.class);
        assertThat(definition.withPath(Path.of("c.jzm")).url()).as("a path replaces the URL").isNull();
        assertThatThrownBy(() -> JazminFileDefinition.ofUrl("f", URI.create("file:///tmp/f.jzm")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not an http(s) URL");

        FileAccess access = new FileAccess(definition);
        assertThat(access.exists()).isTrue();
        assertThatThrownBy(access::compact).isInstanceOfSatisfying(ReadOnlyFileException.class,
                e -> assertThat(e.getFileName()).isEqualTo("catalog")).hasMessageContaining("a compaction")
                .message().doesNotContain("pa55", "s1gn");
        assertThatThrownBy(() -> access.write((file, table) -> null)).isInstanceOf(ReadOnlyFileException.class);
    }
}
