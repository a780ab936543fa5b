package io.jazmin.internal.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jazmin.schema.ColumnType;
import io.jazmin.internal.catalog.IndexRef;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** Page selection, the page cache, costs and key-form equality of lookups. */
class SortedIndexTest {
    private static final String ID = IndexSectionIds.index(0, TestIndexes.COLUMN, IndexRef.SORTED, 0);

    @Test
    void keepsAtMostEightDecodedPages() {
        MemorySections out = new MemorySections();
        List<Object> cells = LongStream.range(0, 20).mapToObj(i -> (Object) i).toList();
        SortedIndex index = TestIndexes.openSorted(out, ColumnType.INT, cells, 1, false); // one key per page
        for (long k = 0; k < 9; k++) {
            assertEquals(RowIdSet.of(k), index.eq(k));
        }
        long pageLength = out.payload(IndexSectionIds.page(ID, 0)).length + 16;
        assertEquals(0, index.cost(new IndexLookup.Eq(8L)).getAsLong());
        assertEquals(pageLength, index.cost(new IndexLookup.Eq(0L)).getAsLong(), "page 0 was dropped");
        assertEquals(3 * pageLength, index.cost(new IndexLookup.Range(0L, true, 10L, false)).getAsLong(),
                "pages 0 to 10 are read, 1 to 8 are held");
        int loads = out.loads().size();
        index.eq(5L);
        assertEquals(loads, out.loads().size(), "a held page is not read again");
    }

    @Test
    void lookupValuesCompareAsKeyForms() {
        MemorySections out = new MemorySections();
        SortedIndex decimals = TestIndexes.openSorted(out, ColumnType.DECIMAL,
                List.of(new BigDecimal("1.50"), new BigDecimal("2"), new BigDecimal("-0.5")), 65536, false);
        assertEquals(RowIdSet.of(0), decimals.eq(new BigDecimal("1.5000")));
        assertEquals(RowIdSet.of(0, 1), decimals.range(new BigDecimal("1.5"), true, new BigDecimal("2.00"), true));
        assertEquals(RowIdSet.of(2), decimals.range(null, false, BigDecimal.ZERO, false));

        SortedIndex floats = TestIndexes.openSorted(new MemorySections(), ColumnType.FLOAT,
                List.of(0.0, Double.NEGATIVE_INFINITY, Double.NaN, 1.5), 65536, false);
        assertEquals(RowIdSet.of(0), floats.eq(-0.0));
        assertEquals(RowIdSet.empty(), floats.eq(Double.NaN));
        assertEquals(RowIdSet.empty(), floats.range(Double.NaN, true, null, true));
        assertEquals(0, floats.cost(new IndexLookup.Range(null, true, Double.NaN, true)).getAsLong());
        assertEquals(RowIdSet.of(0, 1, 3), floats.range(null, true, null, true));

        SortedIndex dates = TestIndexes.openSorted(new MemorySections(), ColumnType.DATETIME,
                List.of(1000L, 2000L), 65536, false);
        assertEquals(RowIdSet.of(1), dates.eq(Instant.ofEpochMilli(2000)));
        assertThrows(IllegalArgumentException.class, () -> dates.eq("2000"));
    }

    @Test
    void textLookups() {
        List<Object> cells = List.of("apple", "apricot", "banana", "\ud83d\ude00", "\uffff", "ap");
        SortedIndex index = TestIndexes.openSorted(new MemorySections(), ColumnType.STRING, cells, 8, true);
        assertEquals(RowIdSet.of(0, 1, 5), index.startsWith("ap"));
        assertEquals(RowIdSet.of(0, 1, 2, 3, 4, 5), index.startsWith(""));
        assertEquals(RowIdSet.of(3), index.startsWith("\ud83d"));
        // UTF-16 order: U+1F600 (D83D DE00) sorts below U+FFFF although its UTF-8 bytes are higher
        assertEquals(RowIdSet.of(3), index.range("\ud800", true, "\uffff", false));
        assertEquals(RowIdSet.of(2, 5), index.in(List.of("banana", "ap", "cherry")));
        assertTrue(index.cost(new IndexLookup.Contains("app", false)).isEmpty());
        assertThrows(IllegalArgumentException.class, () -> index.rows(new IndexLookup.Contains("app", false)));
        SortedIndex ints = TestIndexes.openSorted(new MemorySections(), ColumnType.INT, List.of(1L), 8, false);
        assertTrue(ints.cost(new IndexLookup.StartsWith("1")).isEmpty());
    }

    @Test
    void unpairedSurrogatesAreIndexedAsTheyReadBack() {
        // The data stream stores U+FFFD for them, and the page keys must stay in order once decoded.
        List<Object> cells = List.of("\ud800", "\ue000", "\ufffd");
        SortedIndex index = TestIndexes.openSorted(new MemorySections(), ColumnType.STRING, cells, 65536, true);
        assertEquals(RowIdSet.of(0, 2), index.eq("\ufffd"));
        assertEquals(RowIdSet.of(1), index.eq("\ue000"));
    }

    @Test
    void emptyIndexAnswersEverythingWithNoRows() {
        MemorySections out = new MemorySections();
        IndexRef ref = TestIndexes.sorted(out, ColumnType.STRING, List.of(), 0, 0, 0, 65536, false);
        assertEquals(List.of(ID), out.ids(), "only a directory");
        SortedIndex index = SortedIndex.open(0, ref, ColumnType.STRING, 0, false, out);
        assertEquals(0, index.cost(new IndexLookup.StartsWith("a")).getAsLong());
        assertTrue(index.startsWith("a").isEmpty());
        assertTrue(index.range(null, true, null, true).isEmpty());
        assertTrue(index.nulls().isEmpty());
    }
}
