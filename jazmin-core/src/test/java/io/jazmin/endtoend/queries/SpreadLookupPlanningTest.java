package io.jazmin.endtoend.queries;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jazmin.Explain;
import io.jazmin.JazminReader;
import io.jazmin.data.Filter;
import io.jazmin.data.RowQuery;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.IndexKind;
import io.jazmin.testing.Written;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Sorted lookups spread over the scan (issue 33): a lookup whose rows lie in every chunk the scan
 * reads, or all but one in sixteen, 64 or more per chunk, is not used (the query scans, and
 * {@code explain} says so); one that leaves more chunks out, or lists few rows per chunk, still narrows
 * the scan; in an AND only the spread part is dropped; a file without column flush points is planned
 * as spec §2.2 plans it. Every count is the rows' own.
 */
class SpreadLookupPlanningTest {
    private static final int CHUNK_ROWS = 256;
    private static final int CHUNKS = 32;
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("tag", ColumnType.STRING), Column.of("mark", ColumnType.STRING));
    private static final List<List<Object>> ROWS = rows();
    private static final WriteOptions OPTIONS = WriteOptions.defaults().withChunkRows(CHUNK_ROWS)
            .withIndex("id", IndexKind.SORTED).withIndex("tag", IndexKind.SORTED).withIndex("mark", IndexKind.SORTED);
    private static final byte[] FILE = Written.file(COLUMNS, ROWS, OPTIONS.withColumnFlushPoints(true));
    private static final byte[] WITHOUT_POINTS = Written.file(COLUMNS, ROWS, OPTIONS.withColumnFlushPoints(false));

    /**
     * In every chunk, even rows are "all" (128 per chunk); rows 1 mod 4 are "one" except in chunk 0,
     * rows 3 mod 4 "three" except in chunks 0–2 (64 per chunk), "zzz" there, so that every chunk's
     * bounds hold every tag and statistics rule none out. "mark" is "x" in one row per chunk, else "y".
     */
    private static List<List<Object>> rows() {
        List<List<Object>> out = new ArrayList<>();
        for (int r = 0; r < CHUNK_ROWS * CHUNKS; r++) {
            int chunk = r / CHUNK_ROWS;
            int p = r % CHUNK_ROWS;
            String tag = p % 2 == 0 ? "all" : p % 4 == 1 ? (chunk == 0 ? "zzz" : "one") : (chunk < 3 ? "zzz" : "three");
            out.add(List.of((long) r, tag, p == 7 ? "x" : "y"));
        }
        return out;
    }

    private static Explain explain(byte[] file, String where, long expected) {
        try (JazminReader reader = JazminReader.open(file)) {
            assertEquals(expected, reader.table().count(Filter.parse(where)), "count " + where);
        }
        try (JazminReader reader = JazminReader.open(file)) {
            Explain planned = reader.table().explain(Filter.parse(where));
            Explain analyzed = reader.table().explainAnalyze(Filter.parse(where), RowQuery.all());
            assertEquals(planned.strategy(), analyzed.strategy(), "explain reports the plan the query runs");
            assertEquals(expected, analyzed.rows());
            return analyzed;
        }
    }

    @Test
    void aLookupInEveryChunkIsScannedInstead() {
        Explain e = explain(FILE, "{\"tag\":\"all\"}", CHUNKS * CHUNK_ROWS / 2);
        assertEquals("scan", e.strategy(), "the rows of 'all' lie in every chunk, 128 in each");
        assertEquals(-1, e.candidateRows());
        assertEquals(CHUNKS, e.chunksRead());
    }

    @Test
    void aLookupMissingOneChunkInSixteenIsScannedInstead() {
        Explain e = explain(FILE, "{\"tag\":\"one\"}", (CHUNKS - 1) * CHUNK_ROWS / 4);
        assertEquals("scan", e.strategy(), "'one' misses 1 of 32 chunks");
        assertEquals(0, e.chunksSkipped());
    }

    @Test
    void aLookupThatSkipsChunksStillNarrowsTheScan() {
        Explain e = explain(FILE, "{\"tag\":\"three\"}", (CHUNKS - 3) * CHUNK_ROWS / 4);
        assertEquals("index", e.strategy(), "'three' misses 3 of 32 chunks, more than one in sixteen");
        assertEquals((CHUNKS - 3) * CHUNK_ROWS / 4, e.candidateRows());
        assertEquals(3, e.chunksSkipped());
        assertEquals(CHUNKS - 3, e.chunksRead());
    }

    @Test
    void aFewRowsInEveryChunkAreStillLookedUp() {
        Explain e = explain(FILE, "{\"mark\":\"x\"}", CHUNKS);
        assertEquals("index", e.strategy(), "one row per chunk: the chunks are decoded only as far as it");
        assertEquals(CHUNKS, e.candidateRows());
    }

    @Test
    void inAnAndOnlyTheSpreadLookupIsDropped() {
        Explain e = explain(FILE, "{\"tag\":\"all\",\"mark\":\"x\"}", 0);
        assertEquals("index", e.strategy());
        assertEquals(CHUNKS, e.candidateRows(), "the rows of mark x, not narrowed by the lookup of 'all' (to none)");
    }

    @Test
    void withoutFlushPointsTheLookupIsMadeAsSpecified() {
        Explain e = explain(WITHOUT_POINTS, "{\"tag\":\"all\"}", CHUNKS * CHUNK_ROWS / 2);
        assertEquals("index", e.strategy(), "spec §2.2: an index that reads less than the scan is used");
        assertEquals(CHUNKS * CHUNK_ROWS / 2, e.candidateRows());
    }
}
