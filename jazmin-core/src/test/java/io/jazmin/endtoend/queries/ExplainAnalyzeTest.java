package io.jazmin.endtoend.queries;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.jazmin.Explain;
import io.jazmin.data.Filter;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.data.RowQuery;
import io.jazmin.testing.CanonicalJson;
import io.jazmin.testing.ConformanceCase;
import io.jazmin.testing.QueryEntries;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestReporter;
import tools.jackson.databind.JsonNode;

/**
 * What queries cost on the 200,000-row benchmark table (spec §2.2–§2.4), measured with
 * {@code explainAnalyze} on a freshly opened reader per query: a lookup by id reads one chunk,
 * conditions use the indexes and statistics the reference plans use, paging skips unread chunks,
 * and on a file sorted by country a country condition is answered from two of fifteen chunks.
 * Publishes the bytes read and time of every query of the case's {@code queries.json}.
 */
class ExplainAnalyzeTest {
    private static final ConformanceCase BIG = ConformanceCase.named("customers-200k");
    private static final ConformanceCase SORTED = ConformanceCase.named("sorted-indexed");

    /** Runs {@code query} on a freshly opened reader of {@code file}. */
    private static <T> T fresh(Path file, Function<JazminTable, T> query) {
        try (JazminReader reader = JazminReader.open(file)) {
            return query.apply(reader.table());
        }
    }

    private static Explain analyze(Path file, String where, RowQuery query) {
        return fresh(file, t -> t.explainAnalyze(where == null ? null : Filter.parse(where), query));
    }

    @Test
    void findByIdReadsOneChunkAndFewIndexPages(TestReporter reporter) throws IOException {
        Explain e = analyze(BIG.dataFile(), "{\"id\":146000}", RowQuery.all());
        reporter.publishEntry("{id:146000}", e.toMap().toString());
        assertEquals(1, e.rows(), "rows");
        assertEquals(1, e.chunksRead(), "chunks read");
        assertThat(e.indexPagesRead()).as("index pages read").isLessThanOrEqualTo(3);
        assertEquals(49, e.chunks());
        assertEquals("scan", e.strategy(), "the reference plan: statistics leave one chunk, cheaper than the index");
        assertEquals(48, e.chunksSkipped());
        assertThat(e.bytesRead()).as("bytes read").isLessThan(Files.size(BIG.dataFile()) / 20);
    }

    @Test
    void countryAndAgeCountUsesTheCountryIndex(TestReporter reporter) {
        String where = "{\"country\":\"NA\",\"age\":{\"gt\":80}}";
        assertEquals(2857L, (long) fresh(BIG.dataFile(), t -> t.count(Filter.parse(where))), "count");
        Explain e = analyze(BIG.dataFile(), where, RowQuery.all());
        reporter.publishEntry(where, e.toMap().toString());
        assertEquals(2857, e.rows(), "rows");
        assertEquals("index", e.strategy());
        assertEquals(25000, e.candidateRows(), "candidates: the rows of country NA");
        assertEquals(49, e.chunks());
        assertThat(e.chunksSkipped()).as("chunks skipped").isBetween(0, 49);
        assertThat(e.bytesRead()).as("bytes read").isPositive();
        assertThat(e.indexPagesRead()).as("index pages read").isPositive();
    }

    @Test
    void nameContainsUsesTheTrigramIndex(TestReporter reporter) {
        String where = "{\"name\":{\"contains\":\"Ndlovu\"}}";
        Explain e = analyze(BIG.dataFile(), where, RowQuery.all().withSelect(List.of("id", "name")));
        reporter.publishEntry(where, e.toMap().toString());
        assertEquals("index", e.strategy());
        assertEquals(25000, e.candidateRows());
        assertEquals(25000, e.rows());
        assertThat(e.indexPagesRead()).as("trigram sections read").isPositive();
        assertEquals(25000L, (long) fresh(BIG.dataFile(), t -> t.count(Filter.parse(where))), "count");
    }

    @Test
    void deepPageWithoutFilterSkipsTheChunksBeforeTheOffset(TestReporter reporter) {
        Explain e = analyze(BIG.dataFile(), null, RowQuery.all().withOffset(100_000).withLimit(3));
        reporter.publishEntry("offset 100000 limit 3", e.toMap().toString());
        assertEquals(3, e.rows());
        assertThat(e.chunksRead()).as("chunks read").isBetween(1L, 2L);
        assertThat(e.bytesRead()).as("bytes read").isLessThan(BIG.dataFile().toFile().length() / 10);
    }

    @Test
    void sortedFileSkipsChunksByStatistics(TestReporter reporter) {
        String where = "{\"country\":\"BW\"}";
        Explain plan = fresh(SORTED.dataFile(), t -> t.explain(Filter.parse(where)));
        assertEquals("scan", plan.strategy(), "country leads sortedBy: no sorted index, statistics instead");
        assertEquals(15, plan.chunks());
        assertEquals(13, plan.chunksSkipped());
        Explain e = analyze(SORTED.dataFile(), where, RowQuery.all());
        reporter.publishEntry("sorted-indexed " + where, e.toMap().toString());
        assertEquals(375, e.rows());
        assertEquals(13, e.chunksSkipped());
        assertEquals(2, e.chunksRead(), "chunks read");
        assertEquals(375L, (long) fresh(SORTED.dataFile(), t -> t.count(Filter.parse(where))), "count");
    }

    /**
     * Every query of the 200k case's queries.json on a fresh reader: {@code explainAnalyze} of the
     * find (with its select/offset/limit), and for count entries the count's own bytes and time.
     */
    @TestFactory
    Stream<DynamicTest> benchmarkQueriesPublishBytesAndTime(TestReporter reporter) throws IOException {
        JsonNode entries = CanonicalJson.parse(Files.readString(BIG.dir().resolve("queries.json")));
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode entry : entries) {
            if (entry.has("shape")) {
                continue;
            }
            String name = entry.path("name").asString();
            tests.add(dynamicTest(name, () -> {
                Filter filter = QueryEntries.filter(entry);
                Explain e = fresh(BIG.dataFile(), t -> t.explainAnalyze(filter, QueryEntries.query(entry)));
                String line = String.format(Locale.ROOT, "find: %d rows, %,d bytes read, %d chunks read, %d index"
                                + " sections, %d columns decoded, %.1f ms (%s, %d of %d chunks skipped)", e.rows(),
                        e.bytesRead(), e.chunksRead(), e.indexPagesRead(), e.columnsDecoded(), e.millis(), e.strategy(),
                        e.chunksSkipped(), e.chunks());
                if (entry.has("rows")) {
                    assertEquals(entry.get("rows").size(), e.rows(), "rows");
                }
                if (entry.has("count") && "count".equals(entry.path("kind").asString())) {
                    try (JazminReader reader = JazminReader.open(BIG.dataFile())) {
                        long before = reader.bytesRead();
                        long start = System.nanoTime();
                        long n = reader.table().count(filter);
                        double ms = (System.nanoTime() - start) / 1e6;
                        assertEquals(entry.get("count").asLong(), n, "count");
                        line += String.format(Locale.ROOT, "; count: %,d bytes read, %.1f ms", reader.bytesRead() - before,
                                ms);
                    }
                }
                reporter.publishEntry(name, line);
                System.out.println("[200k] " + name + " " + entry.path("where") + ": " + line);
            }));
        }
        return tests.stream();
    }
}
