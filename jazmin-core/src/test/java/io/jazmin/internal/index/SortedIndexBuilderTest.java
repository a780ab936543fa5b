package io.jazmin.internal.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jazmin.schema.ColumnType;
import io.jazmin.internal.wire.ByteWriter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Page bytes of both encodings, key forms, null postings and page cutting. */
class SortedIndexBuilderTest {
    private static final HexFormat HEX = HexFormat.ofDelimiter(" ");

    private static List<IndexPage> pages(SortedIndexBuilder builder, int pageBytes, boolean compact) {
        List<IndexPage> out = new ArrayList<>();
        builder.pages(pageBytes, compact, out::add);
        return out;
    }

    private static SortedIndexBuilder build(ColumnType type, Object... cells) {
        SortedIndexBuilder builder = new SortedIndexBuilder(type);
        for (int row = 0; row < cells.length; row++) {
            builder.add(row, cells[row]);
        }
        return builder;
    }

    @Test
    void intPageInBothEncodings() {
        SortedIndexBuilder b = build(ColumnType.INT, 5L, null, 5L, 7L);
        IndexPage plain = pages(b, 65536, false).get(0);
        // encoding 0, 2 entries; key 5 (zigzag 0A) rows {0, 2}; key 7 (0E) row {3}
        assertEquals("00 02 0a 02 00 02 0e 01 03", HEX.formatHex(plain.payload()));
        assertEquals("0a", HEX.formatHex(plain.firstKey()));
        assertEquals(2, plain.entryCount());
        IndexPage compact = pages(b, 65536, true).get(0);
        // encoding 1: key 7 as +2; row 3 as zigzag(3 - 0) = 06
        assertEquals("01 02 0a 02 00 02 02 01 06", HEX.formatHex(compact.payload()));
        assertEquals(1, compact.encoding());
        assertEquals("00 01 01", HEX.formatHex(b.nullsPayload()));
    }

    @Test
    void compactStringsShareUtf8Prefixes() {
        SortedIndexBuilder b = build(ColumnType.STRING, "b", "apply", "apple");
        IndexPage page = pages(b, 65536, true).get(0);
        // "apple" row 2 (zigzag 04); "apply" shares 4 bytes, row 1 = 2 - 1 (zigzag 01); "b" row 0 = 1 - 1 (01)
        assertEquals("01 03 00 05 61 70 70 6c 65 01 04 04 01 79 01 01 00 01 62 01 01",
                HEX.formatHex(page.payload()));
        assertEquals("61 70 70 6c 65", HEX.formatHex(page.firstKey()));
        assertNull(b.nullsPayload());
    }

    @Test
    void keyFormsMergeEqualValuesAndSkipNaN() {
        SortedIndexBuilder decimals = build(ColumnType.DECIMAL, new BigDecimal("1.50"), new BigDecimal("1.5"),
                new BigDecimal("100"), new BigDecimal("100.00"));
        // (15, 1) rows {0, 1}; (100, 0) rows {2, 3}
        assertEquals("00 02 01 1e 02 00 01 00 c8 01 02 02 01",
                HEX.formatHex(pages(decimals, 65536, false).get(0).payload()));
        SortedIndexBuilder floats = build(ColumnType.FLOAT, -0.0, Double.NaN, 0.0);
        IndexPage page = pages(floats, 65536, false).get(0);
        assertEquals(1, page.entryCount());
        assertArrayEquals(new ByteWriter().u8(0).varint(1).f64(0.0).varint(2).varint(0).varint(2).toByteArray(),
                page.payload());
    }

    @Test
    void pagesAreCutOnceTheBodyReachesThePageSize() {
        Object[] cells = new Object[100];
        for (int i = 0; i < cells.length; i++) {
            cells[i] = (long) i; // each entry: 1-2 key bytes + count + row id = 3-5 bytes
        }
        SortedIndexBuilder b = build(ColumnType.INT, cells);
        assertEquals(100, pages(b, 1, false).size());
        List<IndexPage> pages = pages(b, 30, false);
        for (IndexPage p : pages.subList(0, pages.size() - 1)) {
            int body = p.payload().length - 2;
            assertTrue(body >= 30 && body < 30 + 6, "cut as soon as the body reaches 30 bytes: " + body);
        }
        assertEquals(100, pages.stream().mapToInt(IndexPage::entryCount).sum());
        assertEquals(pages.size(), pages(b, 30, true).size());
        assertEquals(1, pages(b, 65536, false).size());
        assertEquals(0, pages(new SortedIndexBuilder(ColumnType.INT), 10, false).size());
    }

    @Test
    void keysOutOfOrderAreSortedAndMerged() {
        SortedIndexBuilder b = build(ColumnType.STRING, "b", "a", "b", "\ud83d\ude00", "\uffff", "a");
        // UTF-16 order: "a" < "b" < U+1F600 (D83D...) < U+FFFF
        IndexPage page = pages(b, 65536, false).get(0);
        assertEquals("00 04 01 61 02 01 04 01 62 02 00 02 04 f0 9f 98 80 01 03 03 ef bf bf 01 04",
                HEX.formatHex(page.payload()));
    }

    @Test
    void rowIdsMustAscend() {
        SortedIndexBuilder b = build(ColumnType.INT, 1L, 2L);
        assertThrows(IllegalArgumentException.class, () -> b.add(1, 3L));
        TrigramIndexBuilder t = new TrigramIndexBuilder();
        t.add(4, "abc");
        assertThrows(IllegalArgumentException.class, () -> t.add(4, "abc"));
        assertThrows(IllegalArgumentException.class, () -> new SortedIndexBuilder(ColumnType.JSON));
    }

    @Test
    void trigramPayload() {
        TrigramIndexBuilder b = new TrigramIndexBuilder();
        b.add(0, "AbAb"); // grams "aba", "bab"
        b.add(1, null);
        b.add(2, "ab");
        b.add(3, "abab\u00c9"); // "aba", "bab", "ab\u00c9": only ASCII letters fold
        assertEquals("00 03 61 00 62 00 61 00 02 00 03 61 00 62 00 c9 00 01 03 62 00 61 00 62 00 02 00 03",
                HEX.formatHex(b.encode()));
        assertEquals("00 00", HEX.formatHex(new TrigramIndexBuilder().encode()));
    }

    /** Adds the cells in batches of 7 rows, cutting pages after each batch; returns every page cut early. */
    private static List<IndexPage> cutWhileAdding(SortedIndexBuilder builder, List<Object> cells, int pageBytes,
                                                  boolean compact) {
        List<IndexPage> early = new ArrayList<>();
        for (int row = 0; row < cells.size(); row++) {
            builder.add(row, cells.get(row));
            if (row % 7 == 6) {
                early.addAll(builder.cutPages(pageBytes, compact));
            }
        }
        return early;
    }

    private static void assertSamePages(List<IndexPage> expected, List<IndexPage> actual) {
        assertEquals(expected.size(), actual.size());
        for (int i = 0; i < expected.size(); i++) {
            assertArrayEquals(expected.get(i).payload(), actual.get(i).payload(), "page " + i);
            assertArrayEquals(expected.get(i).firstKey(), actual.get(i).firstKey(), "first key " + i);
            assertEquals(expected.get(i).entryCount(), actual.get(i).entryCount());
        }
    }

    @Test
    void pagesCutWhileAscendingKeysArriveAreThePagesCutAtTheEnd() {
        List<Object> cells = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            // Ascending, some keys on several rows (also across batches), some cells null.
            cells.add(i % 11 == 0 ? null : Long.valueOf(i / 3 * 5 - 300));
        }
        for (boolean compact : new boolean[] {false, true}) {
            List<IndexPage> plain = pages(build(ColumnType.INT, cells.toArray()), 40, compact);
            SortedIndexBuilder cutting = new SortedIndexBuilder(ColumnType.INT);
            List<IndexPage> early = cutWhileAdding(cutting, cells, 40, compact);
            assertTrue(cutting.keysAscend());
            assertTrue(early.size() > 10 && early.size() < plain.size(), early.size() + " of " + plain.size());
            assertSamePages(plain.subList(0, early.size()), early);
            assertSamePages(plain, pages(cutting, 40, compact));
            // Asked again, the pages are made afresh: the same.
            assertSamePages(plain, pages(cutting, 40, compact));
            assertArrayEquals(build(ColumnType.INT, cells.toArray()).nullsPayload(), cutting.nullsPayload());
        }
    }

    @Test
    void aKeyOutOfOrderVoidsThePagesCutBefore() {
        List<Object> cells = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            cells.add(String.format("k%04d", i == 250 ? 3 : i)); // one key out of order, late
        }
        SortedIndexBuilder cutting = new SortedIndexBuilder(ColumnType.STRING);
        List<IndexPage> early = cutWhileAdding(cutting, cells, 50, true);
        assertTrue(early.size() > 5);
        assertEquals(false, cutting.keysAscend());
        assertEquals(List.of(), cutting.cutPages(50, true));
        assertSamePages(pages(build(ColumnType.STRING, cells.toArray()), 50, true), pages(cutting, 50, true));
    }

    @Test
    void pagesAtTheEndWithAnotherSizeOrEncodingAreCutAfresh() {
        List<Object> cells = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            cells.add(Long.valueOf(i));
        }
        SortedIndexBuilder cutting = new SortedIndexBuilder(ColumnType.INT);
        cutWhileAdding(cutting, cells, 40, false);
        assertThrows(IllegalArgumentException.class, () -> cutting.cutPages(41, false));
        assertSamePages(pages(build(ColumnType.INT, cells.toArray()), 60, true), pages(cutting, 60, true));
        assertSamePages(pages(build(ColumnType.INT, cells.toArray()), 40, false), pages(cutting, 40, false));
    }
}
