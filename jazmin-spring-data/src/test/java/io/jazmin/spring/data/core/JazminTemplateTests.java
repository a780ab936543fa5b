package io.jazmin.spring.data.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.data.Filter;
import io.jazmin.error.JazminFormatException;
import io.jazmin.JazminReader;
import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.schema.Storage;
import io.jazmin.spring.data.core.mapping.JazminMappingContext;
import io.jazmin.spring.data.core.query.JazminQuery;
import io.jazmin.spring.data.core.query.RowReader;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;
import java.util.stream.Stream;
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
    void aStreamFailingWhileItIsReadIsTranslated() {
        // The engine fails lazily, at the 1000th row, long after the stream was opened.
        RowReader<Long> failsLate = (table, filter, rows) -> table.find(filter, rows).map(row -> {
            if (row.getLong("id") == 1_000L) {
                throw new JazminFormatException("chunk failed its CRC-32 check", "t0/c3", 64);
            }
            return row.getLong("id");
        });
        AtomicLong read = new AtomicLong();
        try (Stream<Long> ids = template.stream("events", JazminQuery.all().withSort(Sort.by("id")), failsLate)) {
            assertThatThrownBy(() -> ids.forEach(id -> read.incrementAndGet()))
                    .isInstanceOf(DataAccessResourceFailureException.class)
                    .hasCauseInstanceOf(JazminFormatException.class)
                    .hasMessageContaining("CRC-32");
        }
        assertThat(read).hasValue(1_000);
        try (Stream<Long> ids = template.stream("events", JazminQuery.all().withSort(Sort.by("id")), failsLate)) {
            var it = ids.iterator();
            assertThatThrownBy(() -> {
                while (it.hasNext()) {
                    it.next();
                }
            }).isInstanceOf(DataAccessResourceFailureException.class);
        }
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
    void saveOfOneIdTwiceReturnsTheStoredEntityForBoth() {
        Event first = new Event(7, "first", 1, null);
        Event added = new Event(ROWS, "added", 2, null);
        Event last = new Event(7, "last", 3, null);
        assertThat(template.save(List.of(first, added, last))).containsExactly(last, added, last);
        assertThat(template.findOne(Filter.eq("id", 7L), Event.class)).contains(last);
        assertThat(template.count(null, Event.class)).isEqualTo(ROWS + 1);
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

    /** The current version of the events file as a fresh reader sees it. */
    JazminReader reader() {
        return JazminReader.open(dir.resolve("events.jzm"));
    }

    @Test
    void saveAppendsNewEntitiesAndUpsertsStoredOnesWithoutRewriting() {
        String fileId;
        try (JazminReader r = reader()) {
            fileId = r.fileId();
            assertThat(r.appendCount()).isZero();
        }
        // A read before the writes leaves a reader in the pool; it must not serve the old version later.
        assertThat(template.count(null, Event.class)).isEqualTo(ROWS);
        template.save(List.of(new Event(ROWS, "new", 1, null)));
        template.save(List.of(new Event(5, "changed", 2, "x"), new Event(ROWS + 1, "new", 3, null)));
        try (JazminReader r = reader()) {
            assertThat(r.fileId()).isEqualTo(fileId);
            assertThat(r.appendCount()).isEqualTo(2);
            assertThat(r.table().deletedRowCount()).isEqualTo(1);
            assertThat(r.table().writtenRowCount()).isEqualTo(ROWS + 3);
        }
        assertThat(template.count(null, Event.class)).isEqualTo(ROWS + 2);
        assertThat(template.findOne(Filter.eq("id", 5L), Event.class)).contains(new Event(5, "changed", 2, "x"));
        assertThat(template.findOne(Filter.eq("id", (long) ROWS + 1), Event.class))
                .contains(new Event(ROWS + 1, "new", 3, null));
        assertThat(template.count(Filter.eq("kind", "new"), Event.class)).isEqualTo(2);
        // The id index still serves lookups after appends.
        assertThat(template.explain(Filter.eq("id", 14_600L), Event.class).strategy()).isEqualTo("index");
    }

    @Test
    void deleteMarksRowsDeletedInPlace() {
        String fileId;
        try (JazminReader r = reader()) {
            fileId = r.fileId();
        }
        long k3 = template.count(Filter.eq("kind", "k3"), Event.class);
        assertThat(template.delete(Filter.eq("kind", "k3"), Event.class)).isEqualTo(k3);
        assertThat(template.delete(Filter.eq("kind", "none"), Event.class)).isZero();
        try (JazminReader r = reader()) {
            assertThat(r.fileId()).isEqualTo(fileId);
            assertThat(r.appendCount()).as("deleting nothing adds no version").isEqualTo(1);
            assertThat(r.table().deletedRowCount()).isEqualTo(k3);
        }
        assertThat(template.count(null, Event.class)).isEqualTo(ROWS - k3);
        assertThat(template.exists(Filter.eq("kind", "k3"), Event.class)).isFalse();
        assertThat(template.storage("events").deletedRows()).isEqualTo(k3);
    }

    @Test
    void compactionResetsAppendsAndKeepsTheData() {
        template.save(List.of(new Event(5, "changed", 2, "x")));
        template.delete(Filter.eq("kind", "k1"), Event.class);
        List<Event> before = template.find(JazminQuery.all(), Event.class);
        String fileId;
        try (JazminReader r = reader()) {
            fileId = r.fileId();
            assertThat(r.appendCount()).isEqualTo(2);
        }
        template.compact(Event.class);
        try (JazminReader r = reader()) {
            assertThat(r.appendCount()).isZero();
            assertThat(r.fileId()).isNotEqualTo(fileId);
            assertThat(r.table().deletedRowCount()).isZero();
        }
        assertThat(template.storage("events").deadBytes()).isZero();
        assertThat(template.find(JazminQuery.all(), Event.class)).containsExactlyInAnyOrderElementsOf(before);
        assertThat(template.explain(Filter.eq("id", 14_600L), Event.class).strategy()).isEqualTo("index");
    }

    @Test
    void thresholdsCompactAfterAWrite() {
        JazminFiles compacting = new JazminFiles(List.of(JazminFileDefinition.of("events", dir.resolve("events.jzm"))
                .withCompaction(new CompactionPolicy(0.1, 3))));
        JazminTemplate t = new JazminTemplate(compacting, new JazminMappingContext());
        t.save(List.of(new Event(ROWS, "a", 1, null)));
        t.save(List.of(new Event(ROWS + 1, "a", 1, null)));
        try (JazminReader r = reader()) {
            assertThat(r.appendCount()).isEqualTo(2);
        }
        t.save(List.of(new Event(ROWS + 2, "a", 1, null)));
        try (JazminReader r = reader()) {
            assertThat(r.appendCount()).as("the third append reaches appends=3").isZero();
        }
        // 1/7 of the rows deleted: above 10 %.
        t.delete(Filter.eq("kind", "k2"), Event.class);
        try (JazminReader r = reader()) {
            assertThat(r.appendCount()).isZero();
            assertThat(r.table().deletedRowCount()).isZero();
        }
        assertThat(t.count(null, Event.class)).isEqualTo(ROWS + 3 - ROWS / 7);
        // Below the ratio: no compaction.
        t.delete(Filter.eq("id", 1L), Event.class);
        try (JazminReader r = reader()) {
            assertThat(r.appendCount()).isEqualTo(1);
            assertThat(r.table().deletedRowCount()).isEqualTo(1);
        }
    }

    @Test
    void theDeadBytesThresholdKeepsSupersededHeadersUnderHalfTheFile() {
        // A small file, whose headers soon outweigh its rows.
        JazminFiles compacting = new JazminFiles(List.of(JazminFileDefinition.of("events", dir.resolve("small.jzm"))
                .withCreateIfMissing(true).withCompaction(new CompactionPolicy(null, null, 0.5, 0))));
        JazminTemplate t = new JazminTemplate(compacting, new JazminMappingContext());
        int compactions = 0;
        long appends = 0;
        for (int i = 0; i < 30; i++) {
            t.save(List.of(new Event(ROWS + i, "a", 1, null)));
            Storage storage = t.storage("events");
            // Without the threshold each save leaves its predecessor's header behind, and they pile up.
            assertThat(storage.deadBytes()).as("after save %d", i).isLessThan(storage.fileBytes() / 2);
            compactions += storage.appendCount() < appends ? 1 : 0;
            appends = storage.appendCount();
        }
        assertThat(compactions).isPositive();
        assertThat(t.count(null, Event.class)).isEqualTo(30);
        // Compaction renumbers the rows: saves of stored ids after it replace the right ones.
        t.save(List.of(new Event(ROWS + 2, "b", 2, "again"), new Event(ROWS + 29, "b", 2, "again")));
        assertThat(t.count(null, Event.class)).isEqualTo(30);
        assertThat(t.find(JazminQuery.where(Filter.eq("kind", "b")), Event.class)).extracting(Event::id)
                .containsExactlyInAnyOrder((long) ROWS + 2, (long) ROWS + 29);

        JazminFiles never = new JazminFiles(List.of(JazminFileDefinition.of("events", dir.resolve("small.jzm"))
                .withCompaction(CompactionPolicy.NONE)));
        JazminTemplate n = new JazminTemplate(never, new JazminMappingContext());
        for (int i = 30; i < 60; i++) {
            n.save(List.of(new Event(ROWS + i, "a", 1, null)));
        }
        Storage uncompacted = n.storage("events");
        assertThat(uncompacted.deadBytes()).as("the same saves without it").isGreaterThan(uncompacted.fileBytes() / 2);
    }

    @Test
    void sortedFilesAppendInOrderAndRewriteOtherwise() {
        JazminFiles sortedFiles = new JazminFiles(List.of(JazminFileDefinition.of("events", dir.resolve("sorted.jzm"))
                .withCreateIfMissing(true).withSortedBy(List.of("id"))));
        JazminTemplate t = new JazminTemplate(sortedFiles, new JazminMappingContext());
        t.prepare(Event.class);
        t.insert(LongStream.range(0, 100).map(i -> i * 2).mapToObj(JazminTemplateTests::event).toList());
        String fileId;
        try (JazminReader r = JazminReader.open(dir.resolve("sorted.jzm"))) {
            fileId = r.fileId();
            assertThat(r.table().sortedBy()).containsExactly("id");
        }
        // After the last id, out of order among themselves: sorted, then appended.
        t.save(List.of(event(301), event(300)));
        try (JazminReader r = JazminReader.open(dir.resolve("sorted.jzm"))) {
            assertThat(r.fileId()).isEqualTo(fileId);
            assertThat(r.appendCount()).isEqualTo(1);
        }
        // Id 7 belongs in the middle, and replacing id 4 would move it to the end: both rewrite.
        t.save(List.of(event(7), new Event(4, "changed", 0, null)));
        try (JazminReader r = JazminReader.open(dir.resolve("sorted.jzm"))) {
            assertThat(r.fileId()).isNotEqualTo(fileId);
            assertThat(r.appendCount()).isZero();
            assertThat(r.table().deletedRowCount()).isZero();
            assertThat(r.table().sortedBy()).containsExactly("id");
        }
        List<Event> all = t.find(JazminQuery.all(), Event.class);
        assertThat(all).extracting(Event::id).isSorted().hasSize(103).contains(7L, 300L, 301L);
        assertThat(all).contains(new Event(4, "changed", 0, null));
    }

    @Test
    void largeSaveAllIsOneUpsert() {
        List<Event> changed = LongStream.range(0, 5_000).mapToObj(i -> new Event(i * 3, "bulk", i, null)).toList();
        template.save(changed);
        try (JazminReader r = reader()) {
            assertThat(r.appendCount()).isEqualTo(1);
            assertThat(r.table().deletedRowCount()).isEqualTo(5_000);
        }
        assertThat(template.count(Filter.eq("kind", "bulk"), Event.class)).isEqualTo(5_000);
        assertThat(template.count(null, Event.class)).isEqualTo(ROWS);
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
    void observesLazyStreamsUntilTheyAreClosed() {
        TestObservationRegistry observations = TestObservationRegistry.create();
        JazminTemplate observed = new JazminTemplate(files, new JazminMappingContext(),
                new MicrometerQueryObserver(observations));
        try (Stream<Event> events = observed.stream(JazminQuery.where(Filter.eq("kind", "k1")), Event.class)) {
            TestObservationRegistryAssert.assertThat(observations).hasObservationWithNameEqualTo("jazmin.operation")
                    .that().hasBeenStarted().isNotStopped();
            assertThat(events.count()).isEqualTo(LongStream.range(0, ROWS).filter(i -> i % 7 == 1).count());
        }
        TestObservationRegistryAssert.assertThat(observations).hasObservationWithNameEqualTo("jazmin.operation")
                .that().hasBeenStopped().hasLowCardinalityKeyValue("jazmin.operation", "find")
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
