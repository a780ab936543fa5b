package io.jazmin.spring.data.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.data.Filter;
import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.spring.data.core.JazminFileDefinition;
import io.jazmin.spring.data.core.JazminFiles;
import io.jazmin.spring.data.core.JazminTemplate;
import io.jazmin.spring.data.testing.AuditedTemplateConfiguration;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.annotation.CreatedBy;
import org.springframework.data.annotation.CreatedDate;
import org.springframework.data.annotation.LastModifiedBy;
import org.springframework.data.annotation.LastModifiedDate;

/**
 * {@code @CreatedDate} and {@code @CreatedBy} are filled when the id is new to the file, although
 * Spring Data's {@code isNew} answers no for an id the application set (no {@code @Version}, a
 * non-zero primitive id), and left alone when the save updates a stored id.
 */
class CreatedOnNewIdsTests {
    record Memo(@JazminId long id, String text, @CreatedDate Instant created, @LastModifiedDate Instant modified,
                @CreatedBy String author, @LastModifiedBy String editor) {
        Memo withText(String value) {
            return new Memo(id, value, created, modified, author, editor);
        }
    }

    @Configuration
    static class Config extends AuditedTemplateConfiguration {
        static Path dir;

        @Bean
        JazminFiles jazminFiles() {
            return new JazminFiles(List.of(JazminFileDefinition.of("memos", dir.resolve("memos.jzm"))
                    .withCreateIfMissing(true)));
        }
    }

    @TempDir
    Path dir;

    AnnotationConfigApplicationContext context;
    JazminTemplate template;

    @BeforeEach
    void setUp() {
        Config.dir = dir;
        AuditedTemplateConfiguration.USER.set("ann");
        context = new AnnotationConfigApplicationContext(Config.class);
        template = context.getBean(JazminTemplate.class);
        template.prepare(Memo.class);
    }

    @AfterEach
    void tearDown() {
        context.close();
    }

    private Memo stored(long id) {
        return template.findOne(Filter.eq("id", id), Memo.class).orElseThrow();
    }

    @Test
    void aNewApplicationSetIdGetsItsCreationMembers() {
        Memo saved = template.save(List.of(new Memo(7, "hello", null, null, null, null))).get(0);

        assertThat(saved.created()).isNotNull();
        assertThat(saved.author()).isEqualTo("ann");
        assertThat(saved.modified()).isNotNull();
        assertThat(stored(7)).isEqualTo(saved);
    }

    @Test
    void anUpdateOfAStoredIdKeepsTheCreationAndFillsNoNewOne() {
        Memo first = template.save(List.of(new Memo(7, "a", null, null, null, null))).get(0);
        AuditedTemplateConfiguration.USER.set("bob");
        Memo second = template.save(List.of(first.withText("b"))).get(0);

        assertThat(second.created()).isEqualTo(first.created());
        assertThat(second.author()).isEqualTo("ann");
        assertThat(second.editor()).isEqualTo("bob");

        // An update built without the creation members does not pass for a creation.
        Memo rebuilt = template.save(List.of(new Memo(7, "c", null, null, null, null))).get(0);
        assertThat(rebuilt.created()).isNull();
        assertThat(rebuilt.author()).isNull();
        assertThat(rebuilt.editor()).isEqualTo("bob");
    }

    @Test
    void inOneSaveOnlyTheIdsNewToTheFileAreCreations() {
        template.save(List.of(new Memo(1, "old", null, null, null, null)));
        AuditedTemplateConfiguration.USER.set("bob");
        List<Memo> saved = template.save(List.of(new Memo(1, "old again", null, null, null, null),
                new Memo(2, "new", null, null, null, null)));

        assertThat(saved.get(0).created()).isNull();
        assertThat(saved.get(1).created()).isNotNull();
        assertThat(saved.get(1).author()).isEqualTo("bob");
    }

    @Test
    void insertsAreCreations() {
        Memo inserted = template.insert(List.of(new Memo(3, "x", null, null, null, null))).get(0);

        assertThat(inserted.created()).isNotNull();
        assertThat(inserted.author()).isEqualTo("ann");
    }
}
