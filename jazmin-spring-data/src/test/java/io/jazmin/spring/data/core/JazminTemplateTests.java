package io.jazmin.spring.data.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.Filter;
import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.spring.data.core.mapping.JazminMappingContext;
import io.jazmin.spring.data.core.query.JazminQuery;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;

/** The template without Spring Boot or a Spring context: usable on its own (issue 7). */
class JazminTemplateTests {
    /** An entity bound to the file {@code events} by the naming convention. */
    record Event(@JazminId long id, String kind, long weight, String note) {
    }

    static final int ROWS = 20_000;

    @TempDir
    Path dir;

    JazminFiles files;
    JazminTemplate template;

    @BeforeEach
    void setUp() {
        // Ids in shuffled order: in id order, chunk statistics alone would find an id, and the planner
        // rightly skips the index; the writer also never indexes a file's leading sort column.
        files = new JazminFiles(List.of(JazminFileDefinition.of("events", dir.resolve("events.jzm"))
                .withCreateIfMissing(true)));
        template = new JazminTemplate(files, new JazminMappingContext());
        template.prepare(Event.class);
        template.insert(LongStream.range(0, ROWS).map(i -> i * 7919 % ROWS).mapToObj(JazminTemplateTests::event)
                .toList());
    }

    static Event event(long i) {
        // The note widens rows, so scanning a chunk costs more than an index lookup.
        return new Event(i, "k" + (i % 7), (i * 37) % 1000, "note " + i + " " + Long.toHexString(i * 0x9E3779B97F4A7C15L));
    }

    @Test
    void findByIdUsesTheIdIndex() {
        assertThat(template.explain(Filter.eq("id", 14_600L), Event.class).strategy()).isEqualTo("index");
        assertThat(template.findOne(Filter.eq("id", 14_600L), Event.class)).contains(event(14_600));
    }

    @Test
    void pagesWithTopKOverTheSortColumns() {
        var page = template.page(JazminQuery.where(Filter.eq("kind", "k3")),
                PageRequest.of(2, 5, Sort.by(Sort.Direction.DESC, "weight", "id")), Event.class);
        List<Event> expected = LongStream.range(0, ROWS).mapToObj(JazminTemplateTests::event)
                .filter(e -> e.kind().equals("k3"))
                .sorted((a, b) -> a.weight() != b.weight() ? Long.compare(b.weight(), a.weight())
                        : Long.compare(b.id(), a.id()))
                .skip(10).limit(5).toList();
        assertThat(page.getContent()).isEqualTo(expected);
        assertThat(page.getTotalElements()).isEqualTo(LongStream.range(0, ROWS).filter(i -> i % 7 == 3).count());
    }

    @Test
    void insertRefusesStoredIdsAndSaveReplacesThem() {
        assertThatThrownBy(() -> template.insert(List.of(new Event(5, "x", 1, null))))
                .isInstanceOf(DuplicateKeyException.class);
        template.save(List.of(new Event(5, "x", 1, null)));
        assertThat(template.findOne(Filter.eq("id", 5L), Event.class)).contains(new Event(5, "x", 1, null));
        assertThat(template.count(null, Event.class)).isEqualTo(ROWS);
        assertThat(template.delete(Filter.eq("kind", "x"), Event.class)).isEqualTo(1);
    }

    @Test
    void observesOperations() {
        TestObservationRegistry observations = TestObservationRegistry.create();
        new JazminTemplate(files, new JazminMappingContext(), new MicrometerQueryObserver(observations))
                .count(Filter.eq("kind", "k1"), Event.class);
        TestObservationRegistryAssert.assertThat(observations).hasObservationWithNameEqualTo("jazmin.operation")
                .that().hasLowCardinalityKeyValue("jazmin.operation", "count")
                .hasLowCardinalityKeyValue("jazmin.file", "events");
    }

    @Test
    void missingFileFailsWhenNotToBeCreated() {
        JazminTemplate strict = new JazminTemplate(new JazminFiles(List.of(JazminFileDefinition.of("events",
                dir.resolve("none.jzm")))), new JazminMappingContext());
        assertThatThrownBy(() -> strict.prepare(Event.class)).isInstanceOf(DataAccessResourceFailureException.class)
                .hasMessageContaining("does not exist");
    }
}
