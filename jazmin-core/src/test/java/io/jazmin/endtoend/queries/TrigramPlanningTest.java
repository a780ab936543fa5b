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

/** Text search planning: the trigram index is used for rare words, a scan for words in most rows. */
class TrigramPlanningTest {
    private static final int ROWS = 2_000;
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("name", ColumnType.STRING));
    /** "common" in 9 rows of 10 (every row not a multiple of 10), "Rare" in every 100th, "half" in every 2nd. */
    private static final byte[] FILE = Written.file(COLUMNS, rows(),
            WriteOptions.defaults().withChunkRows(250).withIndex("name", IndexKind.TRIGRAM));

    private static List<List<Object>> rows() {
        List<List<Object>> out = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            String name = (i % 10 != 0 ? "common " : "") + (i % 100 == 0 ? "Rare " : "") + (i % 2 == 0 ? "half " : "")
                    + "n" + i;
            out.add(List.of((long) i, name));
        }
        return out;
    }

    private static Explain explain(String where) {
        try (JazminReader reader = JazminReader.open(FILE)) {
            return reader.table().explainAnalyze(Filter.parse(where), RowQuery.all());
        }
    }

    @Test
    void aRareWordIsLookedUp() {
        Explain e = explain("{\"name\":{\"contains\":\"Rare\"}}");
        assertEquals("index", e.strategy());
        assertEquals(ROWS / 100, e.candidateRows());
        assertEquals(ROWS / 100, e.rows());
    }

    @Test
    void aWordInMostRowsIsScannedFor() {
        Explain e = explain("{\"name\":{\"contains\":\"common\"}}");
        assertEquals("scan", e.strategy());
        assertEquals(ROWS / 10 * 9, e.rows());
        Explain folded = explain("{\"name\":{\"icontains\":\"COMMON\"}}");
        assertEquals("scan", folded.strategy());
        assertEquals(ROWS / 10 * 9, folded.rows());
    }

    @Test
    void aWordInHalfTheRowsIsStillLookedUp() {
        Explain e = explain("{\"name\":{\"contains\":\"half\"}}");
        assertEquals("index", e.strategy());
        assertEquals(ROWS / 2, e.rows());
    }

    @Test
    void aCommonWordNextToARareOneNarrowsByTheRareOne() {
        Explain e = explain("{\"name\":{\"contains\":\"common Rare\"}}");
        assertEquals("index", e.strategy());
        assertEquals(0, e.rows(), "rows with both are multiples of 100, which lack 'common'");
        Explain both = explain("{\"and\":[{\"name\":{\"contains\":\"common\"}},{\"name\":{\"contains\":\"half\"}}]}");
        assertEquals("index", both.strategy());
        assertEquals(ROWS / 2 - ROWS / 10, both.rows(), "even rows that are not multiples of 10");
    }
}
