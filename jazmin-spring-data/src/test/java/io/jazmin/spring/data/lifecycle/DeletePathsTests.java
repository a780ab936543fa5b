package io.jazmin.spring.data.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.data.Filter;
import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.spring.data.core.JazminFileDefinition;
import io.jazmin.spring.data.core.JazminFiles;
import io.jazmin.spring.data.core.JazminTemplate;
import io.jazmin.spring.data.core.mapping.JazminMappingContext;
import io.jazmin.spring.data.core.mapping.event.AfterDeleteCallback;
import io.jazmin.spring.data.core.mapping.event.AfterDeleteEvent;
import io.jazmin.spring.data.core.mapping.event.BeforeDeleteCallback;
import io.jazmin.spring.data.core.mapping.event.BeforeDeleteEvent;
import io.jazmin.spring.data.core.mapping.event.JazminMappingEvent;
import io.jazmin.spring.data.core.query.Criteria;
import io.jazmin.spring.data.repository.JazminRepository;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.data.annotation.Version;
import org.springframework.dao.OptimisticLockingFailureException;
import io.jazmin.spring.data.repository.support.JazminRepositoryFactory;

/**
 * {@code BeforeDelete}/{@code AfterDelete} callbacks (beans) and events (seen by an application
 * listener) run once for every entity every delete path removes: {@code delete(entity)},
 * {@code deleteById}, {@code deleteAllById}, {@code deleteAll(entities)}, {@code deleteAll()},
 * derived {@code deleteBy…}/{@code removeBy…} and the template's deletes by filter and criteria.
 * A delete by id or filter that matches nothing fires nothing; {@code delete(entity)} fires for the
 * entity it names, as in Spring Data JDBC.
 */
class DeletePathsTests {
    record Card(@JazminId long id, String name) {
    }

    record Ticket(@JazminId long id, String name, @Version Long version) {
    }

    interface Cards extends JazminRepository<Card, Long> {
        long deleteByNameStartingWith(String prefix);

        List<Card> removeByNameStartingWith(String prefix);

        void deleteByName(String name);
    }

    interface Tickets extends JazminRepository<Ticket, Long> {
    }

    @TempDir
    Path dir;

    AnnotationConfigApplicationContext context;
    JazminTemplate template;
    Cards cards;
    Tickets tickets;
    /** What the callbacks and listener saw, in order: "before:ace", "Before:ace" (event), ... */
    final List<String> seen = new ArrayList<>();
    /** The name of a card the before-delete callback refuses to let go. */
    String veto;

    @BeforeEach
    void setUp() {
        context = new AnnotationConfigApplicationContext();
        context.registerBean(JazminFiles.class, () -> new JazminFiles(List.of(
                JazminFileDefinition.of("cards", dir.resolve("cards.jzm")).withCreateIfMissing(true),
                JazminFileDefinition.of("tickets", dir.resolve("tickets.jzm")).withCreateIfMissing(true))));
        context.registerBean(JazminMappingContext.class, JazminMappingContext::new);
        context.registerBean(JazminTemplate.class, () -> new JazminTemplate(context.getBean(JazminFiles.class),
                context.getBean(JazminMappingContext.class)));
        context.registerBean("beforeDelete", BeforeDeleteCallback.class, () -> (BeforeDeleteCallback<Card>)
                (card, file) -> {
                    if (card.name().equals(veto)) {
                        throw new IllegalStateException("the " + veto + " stays");
                    }
                    // The row is still stored while the callback runs.
                    seen.add("before:" + card.name() + (cards.existsById(card.id()) ? "" : "(not stored)"));
                    return card;
                });
        context.registerBean("afterDelete", AfterDeleteCallback.class, () -> (AfterDeleteCallback<Card>)
                (card, file) -> {
                    seen.add("after:" + card.name() + (cards.existsById(card.id()) ? "(still stored)" : ""));
                    return new Card(card.id(), card.name().toUpperCase());
                });
        context.registerBean("deleteEvents", ApplicationListener.class,
                () -> (ApplicationListener<JazminMappingEvent<?>>) event -> {
                    if (event instanceof BeforeDeleteEvent<?> || event instanceof AfterDeleteEvent<?>) {
                        seen.add(event.getClass().getSimpleName() + ":" + event.getFile() + ":"
                                + name(event.getSource()));
                    }
                });
        context.refresh();
        template = context.getBean(JazminTemplate.class);
        JazminRepositoryFactory factory = new JazminRepositoryFactory(template);
        cards = factory.getRepository(Cards.class);
        tickets = factory.getRepository(Tickets.class);
        cards.saveAll(List.of(new Card(1, "ace"), new Card(2, "king"), new Card(3, "knave"), new Card(4, "queen")));
        seen.clear();
    }

    private static String name(Object entity) {
        return entity instanceof Card card ? card.name() : ((Ticket) entity).name();
    }

    @AfterEach
    void close() {
        context.close();
    }

    /** Events and callbacks, Spring's order (event, then callback), for each named card. */
    private static List<String> fired(String... names) {
        List<String> expected = new ArrayList<>();
        for (String name : names) {
            expected.add("BeforeDeleteEvent:cards:" + name);
            expected.add("before:" + name);
        }
        for (String name : names) {
            expected.add("AfterDeleteEvent:cards:" + name);
            expected.add("after:" + name);
        }
        return expected;
    }

    @Test
    void deleteEntity() {
        cards.delete(new Card(2, "king"));
        assertThat(seen).containsExactlyElementsOf(fired("king"));
        assertThat(cards.existsById(2L)).isFalse();
    }

    @Test
    void deleteEntityNotStoredFiresForTheNamedEntity() {
        cards.delete(new Card(9, "joker"));
        assertThat(seen).containsExactly("BeforeDeleteEvent:cards:joker", "before:joker(not stored)",
                "AfterDeleteEvent:cards:joker", "after:joker");
        assertThat(cards.count()).isEqualTo(4);
    }

    @Test
    void deleteByIdFiresWithTheStoredEntityAndNothingForAMissingId() {
        cards.deleteById(3L);
        assertThat(seen).containsExactlyElementsOf(fired("knave"));
        seen.clear();
        cards.deleteById(3L);
        assertThat(seen).isEmpty();
    }

    @Test
    void deleteAllByIdAndDeleteAllEntities() {
        cards.deleteAllById(List.of(1L, 4L, 99L));
        assertThat(seen).containsExactlyElementsOf(fired("ace", "queen"));
        seen.clear();
        cards.deleteAll(List.of(new Card(2, "king"), new Card(3, "knave")));
        assertThat(seen).containsExactlyElementsOf(fired("king", "knave"));
        assertThat(cards.count()).isZero();
    }

    @Test
    void deleteAllFiresForEveryStoredEntityThenNothingOnAnEmptyFile() {
        cards.deleteAll();
        assertThat(seen).containsExactlyElementsOf(fired("ace", "king", "knave", "queen"));
        seen.clear();
        cards.deleteAll();
        assertThat(seen).isEmpty();
    }

    @Test
    void derivedDeletesCountingListingAndVoid() {
        assertThat(cards.deleteByNameStartingWith("kn")).isEqualTo(1);
        assertThat(seen).containsExactlyElementsOf(fired("knave"));
        seen.clear();
        // The list is what AfterDelete returned for each removed entity.
        assertThat(cards.removeByNameStartingWith("k")).containsExactly(new Card(2, "KING"));
        assertThat(seen).containsExactlyElementsOf(fired("king"));
        seen.clear();
        cards.deleteByName("queen");
        assertThat(seen).containsExactlyElementsOf(fired("queen"));
        seen.clear();
        assertThat(cards.removeByNameStartingWith("z")).isEmpty();
        assertThat(cards.deleteByNameStartingWith("z")).isZero();
        assertThat(seen).isEmpty();
        assertThat(cards.findAll()).containsExactly(new Card(1, "ace"));
    }

    @Test
    void templateDeletesByFilterAndCriteria() {
        assertThat(template.delete(Filter.eq("name", "ace"), Card.class)).isEqualTo(1);
        assertThat(seen).containsExactlyElementsOf(fired("ace"));
        seen.clear();
        assertThat(template.deleteMatching(Criteria.where("name").is("queen"), Card.class)).isEqualTo(1);
        assertThat(seen).containsExactlyElementsOf(fired("queen"));
        seen.clear();
        assertThat(template.findAllAndDelete(Filter.eq("name", "king"), Card.class))
                .containsExactly(new Card(2, "KING"));
        assertThat(seen).containsExactlyElementsOf(fired("king"));
    }

    @Test
    void aCallbackThatThrowsCancelsTheWholeDelete() {
        veto = "queen";
        assertThatThrownBy(() -> cards.deleteAll()).hasMessageContaining("the queen stays");
        assertThat(cards.count()).isEqualTo(4);
        assertThat(seen).noneMatch(s -> s.startsWith("after"));
    }

    @Test
    void staleVersionedEntityFailsAfterBeforeDeleteWithoutAfterDelete() {
        Ticket stored = tickets.save(new Ticket(1, "t", null));
        tickets.save(stored); // advances the stored version
        seen.clear();
        assertThatThrownBy(() -> tickets.delete(stored)).isInstanceOf(OptimisticLockingFailureException.class);
        assertThat(seen).containsExactly("BeforeDeleteEvent:tickets:t");
        seen.clear();
        tickets.deleteAll(List.of(tickets.findById(1L).orElseThrow()));
        assertThat(seen).containsExactly("BeforeDeleteEvent:tickets:t", "AfterDeleteEvent:tickets:t");
        assertThat(tickets.count()).isZero();
    }
}
