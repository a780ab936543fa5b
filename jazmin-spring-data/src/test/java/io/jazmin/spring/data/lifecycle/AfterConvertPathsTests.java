package io.jazmin.spring.data.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.spring.data.core.JazminFileDefinition;
import io.jazmin.spring.data.core.JazminFiles;
import io.jazmin.spring.data.core.JazminTemplate;
import io.jazmin.spring.data.core.mapping.JazminMappingContext;
import io.jazmin.spring.data.core.mapping.event.AfterConvertCallback;
import io.jazmin.spring.data.core.mapping.event.AfterConvertEvent;
import io.jazmin.spring.data.repository.JazminRepository;
import io.jazmin.spring.data.repository.Query;
import io.jazmin.spring.data.repository.support.JazminRepositoryFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.data.domain.Example;
import org.springframework.data.domain.ExampleMatcher;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Window;

/**
 * {@code AfterConvertCallback} and {@code AfterConvertEvent} run once for every entity a read
 * returns, whichever path read it: {@code findById}, {@code findAll}, derived and declared queries
 * (list, page, stream), Query by Example (plain and fluent), scrolling; projections read without
 * entities get none.
 */
class AfterConvertPathsTests {
    record Card(@JazminId long id, String name, String seen) {
    }

    /** A record projection: reads two columns, builds no entity. */
    record CardName(long id, String name) {
    }

    interface Cards extends JazminRepository<Card, Long> {
        List<Card> findByNameStartingWith(String prefix);

        Page<Card> findPageByNameStartingWith(String prefix, PageRequest page);

        Stream<Card> streamByNameStartingWith(String prefix);

        Window<Card> findFirst2ByNameStartingWithOrderByIdAsc(String prefix, ScrollPosition position);

        @Query("{\"name\": {\"startsWith\": ?0}}")
        List<Card> declared(String prefix);

        List<CardName> findNamesByNameStartingWith(String prefix);
    }

    @TempDir
    Path dir;

    AnnotationConfigApplicationContext context;
    Cards cards;
    final List<Object> events = new ArrayList<>();

    @BeforeEach
    void setUp() {
        context = new AnnotationConfigApplicationContext();
        context.registerBean(JazminFiles.class, () -> new JazminFiles(List.of(JazminFileDefinition.of("cards",
                dir.resolve("cards.jzm")).withCreateIfMissing(true))));
        context.registerBean(JazminMappingContext.class, JazminMappingContext::new);
        context.registerBean(JazminTemplate.class, () -> new JazminTemplate(context.getBean(JazminFiles.class),
                context.getBean(JazminMappingContext.class)));
        // Marks every converted card, so a card that skipped the callback shows.
        context.registerBean("markConverted", AfterConvertCallback.class,
                () -> (AfterConvertCallback<Card>) (card, file) -> new Card(card.id(), card.name(), "converted"));
        context.registerBean("afterConvertEvents", ApplicationListener.class,
                () -> (ApplicationListener<AfterConvertEvent<?>>) events::add);
        context.refresh();
        cards = new JazminRepositoryFactory(context.getBean(JazminTemplate.class)).getRepository(Cards.class);
        cards.saveAll(List.of(new Card(1, "ace", null), new Card(2, "king", null), new Card(3, "knave", null),
                new Card(4, "queen", null)));
        events.clear();
    }

    @AfterEach
    void close() {
        context.close();
    }

    /** Every card went through the callback, and one event was published per card. */
    private void assertConverted(Collection<Card> read) {
        assertConverted(read, 0);
    }

    /** As above, {@code ahead} rows more having been read (and converted) than returned. */
    private void assertConverted(Collection<Card> read, int ahead) {
        assertThat(read).isNotEmpty().allSatisfy(card -> assertThat(card.seen()).isEqualTo("converted"));
        assertThat(events).hasSize(read.size() + ahead);
        events.clear();
    }

    @Test
    void findByIdAndFindAll() {
        assertConverted(List.of(cards.findById(1L).orElseThrow()));
        assertConverted(cards.findAll());
    }

    @Test
    void derivedQueriesReturningListsPagesAndStreams() {
        assertConverted(cards.findByNameStartingWith("k"));
        assertConverted(cards.findPageByNameStartingWith("k", PageRequest.of(0, 1)).getContent());
        try (Stream<Card> stream = cards.streamByNameStartingWith("k")) {
            assertConverted(stream.toList());
        }
    }

    @Test
    void declaredQueries() {
        assertConverted(cards.declared("q"));
    }

    @Test
    void queryByExamplePlainAndFluent() {
        Example<Card> probe = Example.of(new Card(0, "k", null), ExampleMatcher.matching().withIgnorePaths("id")
                .withMatcher("name", ExampleMatcher.GenericPropertyMatchers.startsWith()));
        assertConverted(cards.findAll(probe));
        List<Card> all = cards.findBy(probe, q -> q.all());
        assertConverted(all);
        Card first = cards.findBy(probe, q -> q.firstValue());
        assertConverted(List.of(first));
    }

    @Test
    void scrollingByOffsetAndKeyset() {
        // A window reads one row beyond its content to tell whether more follow; that row is converted too.
        Window<Card> first = cards.findFirst2ByNameStartingWithOrderByIdAsc("", ScrollPosition.offset());
        assertThat(first.hasNext()).isTrue();
        assertConverted(first.getContent(), 1);
        Window<Card> last = cards.findFirst2ByNameStartingWithOrderByIdAsc("", first.positionAt(1));
        assertThat(last.hasNext()).isFalse();
        assertConverted(last.getContent(), 0);
        assertConverted(cards.findFirst2ByNameStartingWithOrderByIdAsc("", ScrollPosition.keyset()).getContent(), 1);
    }

    @Test
    void recordProjectionsBuildNoEntityAndGetNoCallback() {
        assertThat(cards.findNamesByNameStartingWith("k")).extracting(CardName::name).containsExactly("king", "knave");
        assertThat(events).isEmpty();
    }
}
