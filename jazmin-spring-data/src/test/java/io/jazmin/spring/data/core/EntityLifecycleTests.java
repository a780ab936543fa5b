package io.jazmin.spring.data.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.data.Filter;
import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.spring.data.core.mapping.event.AfterSaveEvent;
import io.jazmin.spring.data.core.mapping.event.BeforeSaveCallback;
import io.jazmin.spring.data.testing.AuditedTemplateConfiguration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.data.annotation.CreatedBy;
import org.springframework.data.annotation.CreatedDate;
import org.springframework.data.annotation.LastModifiedBy;
import org.springframework.data.annotation.LastModifiedDate;
import org.springframework.data.annotation.Version;

/** {@code @Version} checks, auditing, entity callbacks and events around template saves. */
class EntityLifecycleTests {
    record Note(@JazminId long id, String text, @Version Long version, @CreatedDate Instant created,
                @LastModifiedDate Instant modified, @CreatedBy String author, @LastModifiedBy String editor) {
        Note withText(String value) {
            return new Note(id, value, version, created, modified, author, editor);
        }
    }

    static final List<Object> EVENTS = new ArrayList<>();

    @Configuration
    static class Config extends AuditedTemplateConfiguration {
        static Path dir;

        @Bean
        JazminFiles jazminFiles() {
            return new JazminFiles(List.of(JazminFileDefinition.of("notes", dir.resolve("notes.jzm"))
                    .withCreateIfMissing(true)));
        }

        /** Upper-cases the text just before the row is written. */
        @Bean
        BeforeSaveCallback<Note> shout() {
            return (note, file) -> note.withText(note.text().toUpperCase());
        }

        @Bean
        ApplicationListener<AfterSaveEvent<?>> afterSave() {
            return event -> EVENTS.add(event.getSource());
        }
    }

    @TempDir
    Path dir;

    AnnotationConfigApplicationContext context;
    JazminTemplate template;

    @BeforeEach
    void setUp() {
        Config.dir = dir;
        EVENTS.clear();
        AuditedTemplateConfiguration.USER.set("ann");
        context = new AnnotationConfigApplicationContext(Config.class);
        template = context.getBean(JazminTemplate.class);
        template.prepare(Note.class);
    }

    @AfterEach
    void tearDown() {
        context.close();
    }

    @Test
    void newEntitiesGetAVersionAuditFieldsAndCallbacks() {
        Note saved = template.save(List.of(new Note(1, "hello", null, null, null, null, null))).get(0);

        assertThat(saved.version()).isZero();
        assertThat(saved.text()).isEqualTo("HELLO");
        assertThat(saved.created()).isNotNull();
        assertThat(saved.modified()).isNotNull();
        assertThat(saved.author()).isEqualTo("ann");
        assertThat(saved.editor()).isEqualTo("ann");
        assertThat(template.findOne(Filter.eq("id", 1L), Note.class)).contains(saved);
        assertThat(EVENTS).containsExactly(saved);
    }

    @Test
    void aSaveAtTheStoredVersionAdvancesItAndKeepsTheCreation() {
        Note first = template.save(List.of(new Note(1, "a", null, null, null, null, null))).get(0);
        AuditedTemplateConfiguration.USER.set("bob");
        Note second = template.save(List.of(first.withText("b"))).get(0);

        assertThat(second.version()).isEqualTo(1);
        assertThat(second.author()).isEqualTo("ann");
        assertThat(second.editor()).isEqualTo("bob");
        assertThat(second.created()).isEqualTo(first.created());
        assertThat(template.findOne(Filter.eq("id", 1L), Note.class)).contains(second);
    }

    @Test
    void aStaleSaveFailsAndWritesNothing() throws IOException {
        Note first = template.save(List.of(new Note(1, "a", null, null, null, null, null))).get(0);
        template.save(List.of(first.withText("b")));
        Path file = dir.resolve("notes.jzm");
        byte[] before = Files.readAllBytes(file);

        assertThatThrownBy(() -> template.save(List.of(first.withText("stale"))))
                .isInstanceOf(OptimisticLockingFailureException.class)
                .hasMessageContaining("version 0").hasMessageContaining("version 1 is stored");
        assertThatThrownBy(() -> template.save(List.of(new Note(1, "new again", null, null, null, null, null))))
                .isInstanceOf(OptimisticLockingFailureException.class);
        assertThat(Files.readAllBytes(file)).isEqualTo(before);
    }

    @Test
    void aStaleDeleteFailsAndACurrentOneDeletes() {
        Note first = template.save(List.of(new Note(1, "a", null, null, null, null, null))).get(0);
        Note second = template.save(List.of(first.withText("b"))).get(0);

        assertThatThrownBy(() -> template.delete(first)).isInstanceOf(OptimisticLockingFailureException.class);
        assertThat(template.count(null, Note.class)).isEqualTo(1);
        template.delete(second);
        assertThat(template.count(null, Note.class)).isZero();
    }
}
