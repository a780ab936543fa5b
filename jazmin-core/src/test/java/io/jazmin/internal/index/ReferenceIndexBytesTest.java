package io.jazmin.internal.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jazmin.internal.catalog.IndexDirectory;
import io.jazmin.internal.catalog.IndexRef;
import io.jazmin.internal.catalog.SectionRef;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Rebuilds every index of the reference files from their rows and checks each section the
 * builders and {@link IndexSectionsWriter} produce is the reference's, byte for byte and in the
 * reference's order: sorted pages, null postings and directory; trigram sections.
 */
class ReferenceIndexBytesTest {

    static List<String> cases() {
        return ReferenceIndexCase.NAMES;
    }

    @ParameterizedTest
    @MethodSource("cases")
    void rebuiltIndexesAreByteIdentical(String name) {
        ReferenceIndexCase file = ReferenceIndexCase.get(name);
        int checked = 0;
        for (int t : file.tableNumbers()) {
            long[] bounds = file.segmentBounds(t);
            for (List<IndexRef> segments : file.indexGroups(t).values()) {
                assertEquals(bounds.length - 1, segments.size(), "one index segment per written part");
                for (int i = 0; i < segments.size(); i++) {
                    rebuild(file, t, segments.get(i), bounds[i], bounds[i + 1]);
                    checked++;
                }
            }
        }
        assertTrue(checked > 0, "the file has indexes");
    }

    private static void rebuild(ReferenceIndexCase file, int t, IndexRef ref, long from, long to) {
        Object[] cells = file.values(t).values().get(ref.column());
        ReplayOutput replay = new ReplayOutput();
        IndexSectionsWriter writer = new IndexSectionsWriter(replay, IndexSectionsWriter.DEFAULT_PAGE_BYTES,
                file.indexDeltas());
        IndexRef rebuilt;
        if (IndexRef.TRIGRAM.equals(ref.kind())) {
            expect(file, replay, IndexSectionIds.index(t, ref.column(), ref.kind(), ref.segment()), ref.section());
            TrigramIndexBuilder builder = new TrigramIndexBuilder();
            for (long row = from; row < to; row++) {
                builder.add(row, (String) cells[(int) row]);
            }
            rebuilt = writer.writeTrigram(t, ref.column(), ref.segment(), builder);
        } else {
            expectSorted(file, replay, t, ref);
            SortedIndexBuilder builder = new SortedIndexBuilder(file.values(t).types().get(ref.column()));
            for (long row = from; row < to; row++) {
                builder.add(row, cells[(int) row]);
            }
            rebuilt = writer.writeSorted(t, ref.column(), ref.segment(), builder);
        }
        replay.assertDone();
        assertEquals(ref.column(), rebuilt.column());
        assertEquals(ref.kind(), rebuilt.kind());
        assertEquals(ref.segment(), rebuilt.segment());
        assertEquals(ref.section().offset(), rebuilt.section().offset());
    }

    // Pages, then null postings, then the directory: also the order of their offsets in the file.
    private static void expectSorted(ReferenceIndexCase file, ReplayOutput replay, int t, IndexRef ref) {
        String id = IndexSectionIds.index(t, ref.column(), ref.kind(), ref.segment());
        IndexDirectory dir = IndexDirectory.decode(file.loader().load(id, ref.section()));
        long previous = 0;
        for (int n = 0; n < dir.pageOffsets().length; n++) {
            SectionRef page = new SectionRef(dir.pageOffsets()[n], dir.pageLengths()[n]);
            assertTrue(page.offset() > previous, "pages are written in order");
            previous = page.offset();
            expect(file, replay, IndexSectionIds.page(id, n), page);
        }
        if (dir.nulls() != null) {
            assertTrue(dir.nulls().offset() > previous, "null postings follow the pages");
            previous = dir.nulls().offset();
            expect(file, replay, IndexSectionIds.nulls(id), dir.nulls());
        }
        assertTrue(ref.section().offset() > previous, "the directory comes last");
        expect(file, replay, id, ref.section());
    }

    private static void expect(ReferenceIndexCase file, ReplayOutput replay, String id, SectionRef ref) {
        replay.expect(id, ref, file.loader().load(id, ref));
    }

    /** The cases cover what the rebuild must reproduce: appended segments and multi-page indexes. */
    @ParameterizedTest
    @MethodSource("cases")
    void referenceFilesHaveTheExpectedIndexShapes(String name) {
        ReferenceIndexCase file = ReferenceIndexCase.get(name);
        Map<String, List<IndexRef>> groups = file.indexGroups(0);
        assertTrue(groups.containsKey("id/sorted"), "every case indexes id");
        if (name.equals("appended-insert")) {
            assertEquals(List.of(0, 1), groups.get("id/sorted").stream().map(IndexRef::segment).toList());
        }
        if (name.equals("customers-200k")) {
            IndexRef ids = groups.get("id/sorted").get(0);
            IndexDirectory dir = IndexDirectory.decode(
                    file.loader().load(IndexSectionIds.index(0, "id", IndexRef.SORTED, 0), ids.section()));
            assertTrue(dir.firstKeys().size() > 1, "200,000 ids take several 64 KiB pages");
        }
    }
}
