package io.jazmin.internal.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jazmin.schema.ColumnType;
import io.jazmin.error.JazminFormatException;
import io.jazmin.error.UnsupportedFeatureException;
import io.jazmin.internal.catalog.IndexDirectory;
import io.jazmin.internal.catalog.IndexRef;
import io.jazmin.internal.wire.ByteWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Function;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Damaged or inconsistent index sections are format errors, found before they can mislead a lookup. */
class HostileIndexTest {
    private static final String ID = IndexSectionIds.index(0, TestIndexes.COLUMN, IndexRef.SORTED, 0);
    private static final List<Object> CELLS = LongStream.range(0, 40).mapToObj(i -> (Object) (i % 20)).toList();

    private final MemorySections out = new MemorySections();
    private IndexRef ref;

    private static void formatError(Executable e) {
        assertThrows(JazminFormatException.class, e);
    }

    /** A valid index of CELLS, 10-byte pages (several), and its directory. */
    private IndexDirectory writeValid(boolean compact) {
        ref = TestIndexes.sorted(out, ColumnType.INT, CELLS, 0, CELLS.size(), 0, 10, compact);
        return IndexDirectory.decode(out.payload(ID));
    }

    private SortedIndex open(IndexDirectory dir, long rowCount, boolean deltas) {
        return new SortedIndex(ColumnType.INT, dir, ID, rowCount, deltas, out);
    }

    private static IndexDirectory with(IndexDirectory d, Function<int[], int[]> counts, List<byte[]> firstKeys) {
        return new IndexDirectory(firstKeys, counts.apply(d.entryCounts().clone()), d.pageOffsets(), d.pageLengths(),
                d.pageDigests(), d.nulls());
    }

    private static byte[] hex(String s) {
        return HexFormat.ofDelimiter(" ").parseHex(s);
    }

    @Test
    void directoryListsMustAgree() {
        IndexDirectory d = writeValid(false);
        formatError(() -> open(new IndexDirectory(d.firstKeys(), d.entryCounts(), d.pageOffsets(),
                Arrays.copyOf(d.pageLengths(), 1), null, null), 40, false));
        formatError(() -> open(new IndexDirectory(d.firstKeys(), d.entryCounts(), d.pageOffsets(), d.pageLengths(),
                new byte[31], null), 40, false));
        formatError(() -> open(with(d, c -> c, d.firstKeys().subList(0, 1)), 40, false));
    }

    @Test
    void firstKeysMustAscendAndDecode() {
        IndexDirectory d = writeValid(false);
        List<byte[]> swapped = new ArrayList<>(d.firstKeys());
        swapped.set(0, d.firstKeys().get(1));
        swapped.set(1, d.firstKeys().get(0));
        formatError(() -> open(with(d, c -> c, swapped), 40, false));
        List<byte[]> broken = new ArrayList<>(d.firstKeys());
        broken.set(0, new byte[] {(byte) 0x80});
        formatError(() -> open(with(d, c -> c, broken), 40, false));
        formatError(() -> open(with(d, c -> {
            c[0] = 0;
            return c;
        }, d.firstKeys()), 40, false));
    }

    @Test
    void pageMustHoldItsDirectoryEntryCount() {
        IndexDirectory d = writeValid(false);
        SortedIndex index = open(with(d, c -> {
            c[0]++;
            return c;
        }, d.firstKeys()), 40, false);
        formatError(() -> index.eq(0L));
        assertEquals(RowIdSet.of(19, 39), index.eq(19L), "other pages still answer");
    }

    @Test
    void pageMustStartWithItsFirstKeyAndEndBelowTheNext() {
        IndexDirectory d = writeValid(false);
        List<byte[]> keys = new ArrayList<>(d.firstKeys());
        keys.set(1, new ByteWriter().zigzag(1).toByteArray()); // page 0 holds keys 0 and 1
        SortedIndex index = open(with(d, c -> c, keys), 40, false);
        formatError(() -> index.eq(0L));
        formatError(() -> index.eq(1L));
    }

    @Test
    void pageKeysMustAscend() {
        writeValid(false);
        // keys 0, 1, 1 (rows 0 and 20, 1 and 21, 2 and 22)
        out.damage(IndexSectionIds.page(ID, 0), p -> hex("00 03 00 02 00 14 02 02 01 14 02 02 02 14"));
        formatError(() -> SortedIndex.open(0, ref, ColumnType.INT, 40, false, out).eq(0L));
    }

    @Test
    void rowIdsMustLieInTheTable() {
        IndexDirectory d = writeValid(false);
        SortedIndex index = open(d, 30, false);
        formatError(() -> index.eq(15L)); // rows 15 and 35
        out.damage(IndexSectionIds.page(ID, 0), p -> hex("00 02 00 02 14 00 02 02 01 15"));
        formatError(() -> open(d, 40, false).eq(0L)); // rows 20 then 20 again: not ascending
    }

    @Test
    void truncatedOrOverlongSectionsAreRejected() {
        IndexDirectory d = writeValid(false);
        String page = IndexSectionIds.page(ID, 0);
        byte[] valid = out.payload(page);
        out.damage(page, p -> Arrays.copyOf(p, p.length - 1));
        formatError(() -> open(d, 40, false).eq(0L));
        out.damage(page, p -> Arrays.copyOf(valid, valid.length + 1));
        formatError(() -> open(d, 40, false).eq(0L));
        out.damage(ID, p -> Arrays.copyOf(p, p.length - 3));
        formatError(() -> SortedIndex.open(0, ref, ColumnType.INT, 40, false, out));
    }

    @Test
    void aPageChecksEachPostingListItsLookupsRead() {
        IndexDirectory d = writeValid(false);
        String page = IndexSectionIds.page(ID, 0);
        // keys 0 (rows 0 and 20), 1 (rows 1, then 1 again) and 2 (rows 2 and 22): a list is checked when read
        out.damage(page, p -> hex("00 03 00 02 00 14 02 02 01 00 04 02 02 14"));
        assertEquals(RowIdSet.of(0, 20), open(d, 40, false).eq(0L));
        assertEquals(RowIdSet.of(2, 22), open(d, 40, false).eq(2L));
        formatError(() -> open(d, 40, false).eq(1L));
        formatError(() -> open(d, 40, false).range(0L, true, 1L, true));
        // every list stepped over must still hold its count of ids: the last one here lacks one
        out.damage(page, p -> hex("00 03 00 02 00 14 02 02 01 14 04 03 02 14"));
        formatError(() -> open(d, 40, false).eq(0L));
    }

    @Test
    void aCompactPageChecksEachPostingListItsLookupsRead() {
        IndexDirectory compact = writeValid(true);
        String page = IndexSectionIds.page(ID, 0);
        // keys 0, 1 and 2: rows 0 and 20, 1 and 1 again, 2 and 22
        out.damage(page, p -> hex("01 03 00 02 00 14 01 02 02 00 01 02 02 14"));
        assertEquals(RowIdSet.of(0, 20), open(compact, 40, true).eq(0L));
        assertEquals(RowIdSet.of(2, 22), open(compact, 40, true).eq(2L));
        formatError(() -> open(compact, 40, true).eq(1L));
    }

    @Test
    void compactPagesNeedTheReaderFeature() {
        IndexDirectory d = writeValid(true);
        UnsupportedFeatureException e = assertThrows(UnsupportedFeatureException.class,
                () -> open(d, 40, false).eq(0L));
        assertEquals("index-deltas", e.feature());
        assertEquals(RowIdSet.of(0, 20), open(d, 40, true).eq(0L));
        out.damage(IndexSectionIds.page(ID, 0), p -> {
            p[0] = 7;
            return p;
        });
        assertThrows(UnsupportedFeatureException.class, () -> open(d, 40, true).eq(0L));
    }

    @Test
    void compactPagesAreChecked() {
        IndexDirectory d = writeValid(true);
        String page = IndexSectionIds.page(ID, 0);
        // keys 0, 0 + 0: a zero difference
        out.damage(page, p -> hex("01 02 00 02 00 14 00 02 02 14"));
        formatError(() -> open(d, 40, true).eq(0L));
        // first row id 0 + zigzag(-1)
        out.damage(page, p -> hex("01 02 00 01 01 02 01 01 02"));
        formatError(() -> open(d, 40, true).eq(0L));
        // an entry with no row ids
        out.damage(page, p -> hex("01 02 00 00 02 01 02"));
        formatError(() -> open(d, 40, true).eq(0L));
        // a key difference beyond the int64 range
        out.damage(page, p -> hex("01 02 00 01 00 ff ff ff ff ff ff ff ff ff 01 01 02"));
        formatError(() -> open(d, 40, true).eq(0L));
    }

    @Test
    void compactStringKeysCannotShareMoreThanThePreviousKey() {
        List<Object> cells = List.of("apple", "apply");
        ref = TestIndexes.sorted(out, ColumnType.STRING, cells, 0, 2, 0, 65536, true);
        out.damage(IndexSectionIds.page(ID, 0), p -> hex("01 02 00 05 61 70 70 6c 65 01 00 06 01 79 01 02"));
        formatError(() -> SortedIndex.open(0, ref, ColumnType.STRING, 2, true, out).eq("apply"));
    }

    @Test
    void nullPostingsAreChecked() {
        List<Object> cells = new ArrayList<>(CELLS);
        cells.set(3, null);
        ref = TestIndexes.sorted(out, ColumnType.INT, cells, 0, cells.size(), 0, 65536, false);
        assertEquals(RowIdSet.of(3), SortedIndex.open(0, ref, ColumnType.INT, 40, false, out).nulls());
        formatError(() -> SortedIndex.open(0, ref, ColumnType.INT, 3, false, out).nulls());
        out.damage(IndexSectionIds.nulls(ID), p -> hex("00 01 03 00"));
        formatError(() -> SortedIndex.open(0, ref, ColumnType.INT, 40, false, out).nulls());
        out.damage(IndexSectionIds.nulls(ID), p -> hex("00 05 03"));
        formatError(() -> SortedIndex.open(0, ref, ColumnType.INT, 40, false, out).nulls());
    }

    @Test
    void trigramIndexesAreChecked() {
        ref = TestIndexes.trigram(out, List.of("abcd", "bcde"), 0, 2, 0);
        String id = IndexSectionIds.index(0, TestIndexes.COLUMN, IndexRef.TRIGRAM, 0);
        assertEquals(RowIdSet.of(0, 1), TrigramIndex.open(0, ref, 2, out).candidates("bcd", false).orElseThrow());
        formatError(() -> TrigramIndex.open(0, ref, 1, out).candidates("bcd", false));
        // grams "bcd" then "abc": not ascending
        out.damage(id, p -> hex("00 02 62 00 63 00 64 00 01 00 61 00 62 00 63 00 01 00"));
        formatError(() -> TrigramIndex.open(0, ref, 2, out).candidates("abc", false));
        out.damage(id, p -> hex("00 09 61 00 62 00 63 00 01 00"));
        formatError(() -> TrigramIndex.open(0, ref, 2, out).candidates("abc", false));
        out.damage(id, p -> hex("00 01 61 00 62 00 63 00 01"));
        formatError(() -> TrigramIndex.open(0, ref, 2, out).candidates("abc", false));
        out.damage(id, p -> hex("02 00"));
        assertThrows(UnsupportedFeatureException.class,
                () -> TrigramIndex.open(0, ref, 2, out).candidates("abc", false));
    }

    @Test
    void everyPostingListAnIntersectionReadsIsChecked() {
        ref = TestIndexes.trigram(out, List.of("abcd", "bcde"), 0, 2, 0);
        String id = IndexSectionIds.index(0, TestIndexes.COLUMN, IndexRef.TRIGRAM, 0);
        // "abc" in rows 0 and 1, "bcd" in rows 0 and 1: found by the rarest first, then narrowed in place
        out.damage(id, p -> hex("00 02 61 00 62 00 63 00 02 00 01 62 00 63 00 64 00 02 00 01"));
        assertEquals(RowIdSet.of(0, 1), TrigramIndex.open(0, ref, 2, out).candidates("abcd", false).orElseThrow());
        // the second list read repeats row 1
        out.damage(id, p -> hex("00 02 61 00 62 00 63 00 02 00 01 62 00 63 00 64 00 02 01 00"));
        formatError(() -> TrigramIndex.open(0, ref, 2, out).candidates("abcd", false));
        // the second list read names row 5 of 2
        out.damage(id, p -> hex("00 02 61 00 62 00 63 00 02 00 01 62 00 63 00 64 00 02 00 05"));
        formatError(() -> TrigramIndex.open(0, ref, 2, out).candidates("abcd", false));
        // a list skipped to reach a later gram must still hold its count of ids
        out.damage(id, p -> hex("00 02 61 00 62 00 63 00 03 00 01 62 00 63 00 64 00 02 00 01"));
        formatError(() -> TrigramIndex.open(0, ref, 2, out).candidates("bcd", false));
    }

}
