package io.jazmin.endtoend.queries;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jazmin.Explain;
import io.jazmin.JazminReader;
import io.jazmin.data.Filter;
import io.jazmin.data.RowQuery;
import io.jazmin.internal.wire.SectionEnvelope;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.IndexKind;
import io.jazmin.testing.Written;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Trigram lookups weighed by cost (issue 33): a query on a reader that has not read the trigram
 * section scans when the section is larger than what the scan inflates of the filter's columns, and
 * {@code explain} reports that plan; a file without column flush points (as the interop cases') does
 * not tell what the scan inflates, and its lookups are made as spec §2.2 plans them.
 */
class TrigramCostTest {
    private static final int ROWS = 4_000;
    /** The name is not the last column: the raw length of a part's last stream is not listed. */
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("name", ColumnType.STRING), Column.of("score", ColumnType.INT));
    /** Few long distinct names (a small dictionary-coded column, many grams per row: a large trigram section). */
    private static final String[] NAMES = {"Thandiwe Ndlovu Mokoena", "Ann Smith Worthington", "Kwame Mensah Boateng",
        "Lindiwe Dube Khumalo", "Pieter van der Merwe", "Fatima Zahra Benali", "Chukwuemeka Okonkwo",
        "Mariana Oliveira Santos"};
    /** Only in rows 0–9 (the first chunk): a rare word. */
    private static final String RARE = "Zyxwvut Rare";
    private static final WriteOptions OPTIONS = WriteOptions.defaults().withChunkRows(500).withColumnFlushPoints(true);
    private static final List<List<Object>> ROWS_WRITTEN = rows();
    private static final byte[] INDEXED = Written.file(COLUMNS, ROWS_WRITTEN, OPTIONS.withIndex("name", IndexKind.TRIGRAM));
    private static final byte[] PLAIN = Written.file(COLUMNS, ROWS_WRITTEN, OPTIONS);
    /** Indexed, without column flush points. */
    private static final byte[] WITHOUT_POINTS = Written.file(COLUMNS, ROWS_WRITTEN,
            OPTIONS.withColumnFlushPoints(false).withIndex("name", IndexKind.TRIGRAM));

    private static List<List<Object>> rows() {
        Random random = new Random(33);
        List<List<Object>> out = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            out.add(List.of((long) i, i < 10 ? RARE : NAMES[random.nextInt(NAMES.length)], (long) (i % 7)));
        }
        return out;
    }

    private static long matching(String word) {
        return ROWS_WRITTEN.stream().filter(r -> ((String) r.get(1)).contains(word)).count();
    }

    /** Bytes of sections a count reads on a fresh reader of {@code file}, after the open. */
    private static long countBytes(byte[] file, Filter filter, long expected) {
        try (JazminReader reader = JazminReader.open(file)) {
            long before = reader.bytesRead();
            assertEquals(expected, reader.table().count(filter), "count " + filter.toJson());
            return reader.bytesRead() - before;
        }
    }

    @Test
    void aColdCountScansWhenTheTrigramSectionOutweighsTheColumn() {
        for (String word : List.of("Ndlovu", RARE)) {
            Filter filter = Filter.contains("name", word);
            long expected = matching(word);
            assertThat(expected).isPositive();
            long scan = countBytes(PLAIN, filter, expected);
            // Without the rule the count read the whole trigram section before the same chunks.
            assertEquals(scan + SectionEnvelope.SIZE, countBytes(INDEXED, filter, expected), "bytes read by a cold"
                    + " count of '" + word + "': the scan's and the trigram section's envelope (its raw length)");
        }
    }

    @Test
    void explainReportsThePlanTheCountRuns() {
        for (String word : List.of("Ndlovu", RARE)) {
            Filter filter = Filter.contains("name", word);
            long scan = countBytes(PLAIN, filter, matching(word));
            try (JazminReader reader = JazminReader.open(INDEXED)) {
                long before = reader.bytesRead();
                Explain e = reader.table().explain(filter);
                assertEquals("scan", e.strategy(), "explain of '" + word + "'");
                assertEquals(-1, e.candidateRows());
                assertEquals(matching(word), reader.table().count(filter));
                assertEquals(scan + SectionEnvelope.SIZE, reader.bytesRead() - before,
                        "explain and the count after it read what a cold count does (the section was not read)");
            }
            try (JazminReader reader = JazminReader.open(INDEXED)) {
                Explain analyzed = reader.table().explainAnalyze(filter, RowQuery.all());
                assertEquals("scan", analyzed.strategy());
                assertEquals(matching(word), analyzed.rows());
                assertEquals(0, analyzed.indexPagesRead(), "explainAnalyze ran the scan it reported");
            }
        }
    }

    @Test
    void withoutFlushPointsTheLookupIsMadeAsSpecified() {
        try (JazminReader reader = JazminReader.open(WITHOUT_POINTS)) {
            Filter filter = Filter.contains("name", "Ndlovu");
            Explain e = reader.table().explain(filter);
            assertEquals("index", e.strategy(), "spec §2.2: trigram lookups are planned as cheap");
            assertEquals(matching("Ndlovu"), e.candidateRows());
            Explain analyzed = reader.table().explainAnalyze(filter, RowQuery.all());
            assertEquals("index", analyzed.strategy());
            assertEquals(matching("Ndlovu"), analyzed.rows());
            assertEquals(matching("Ndlovu"), reader.table().count(filter));
        }
    }
}
