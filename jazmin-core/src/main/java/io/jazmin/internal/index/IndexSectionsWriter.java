package io.jazmin.internal.index;

import io.jazmin.internal.catalog.IndexDirectory;
import io.jazmin.internal.catalog.IndexRef;
import io.jazmin.internal.catalog.SectionRef;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * Writes one index segment of a column in the reference order: a sorted index as its pages
 * ({@code .../page/<n>}), then its null postings ({@code .../nulls}), then its directory; a trigram
 * index as one section. Returns the {@link IndexRef} for the catalog.
 */
public final class IndexSectionsWriter {
    /** The reference page size: entries are added until a page body reaches 64 KiB. */
    public static final int DEFAULT_PAGE_BYTES = 64 * 1024;
    private static final int DIGEST_BYTES = 32;

    private final SectionOutput out;
    private final int pageBytes;
    private final boolean compact;

    /** A writer with the reference page size and encoding-0 pages. */
    public IndexSectionsWriter(SectionOutput out) {
        this(out, DEFAULT_PAGE_BYTES, false);
    }

    /**
     * @param pageBytes target page body size
     * @param compact   write encoding-1 pages; the file must then list reader feature
     *                  {@code index-deltas} (when any sorted index has a page)
     */
    public IndexSectionsWriter(SectionOutput out, int pageBytes, boolean compact) {
        if (pageBytes < 1) {
            throw new IllegalArgumentException("pageBytes must be positive");
        }
        this.out = out;
        this.pageBytes = pageBytes;
        this.compact = compact;
    }

    /** Writes a sorted index: pages, null postings, directory. */
    public IndexRef writeSorted(int table, String column, int segment, SortedIndexBuilder builder) {
        return writeSorted(table, column, segment, builder.payloads(pageBytes, compact));
    }

    /**
     * Writes a sorted index made ready with this writer's page size and encoding: pages, null
     * postings, directory.
     */
    public IndexRef writeSorted(int table, String column, int segment, SortedPayloads payloads) {
        String id = IndexSectionIds.index(table, column, IndexRef.SORTED, segment);
        List<byte[]> firstKeys = new ArrayList<>();
        List<SectionRef> refs = new ArrayList<>();
        List<Integer> counts = new ArrayList<>();
        for (IndexPage page : payloads.pages()) {
            refs.add(out.write(IndexSectionIds.page(id, refs.size()), page.payload()));
            firstKeys.add(page.firstKey());
            counts.add(page.entryCount());
        }
        byte[] nullsPayload = payloads.nulls();
        SectionRef nulls = nullsPayload == null ? null : out.write(IndexSectionIds.nulls(id), nullsPayload);
        IndexDirectory directory = new IndexDirectory(firstKeys, counts.stream().mapToInt(Integer::intValue).toArray(),
                refs.stream().mapToLong(SectionRef::offset).toArray(),
                refs.stream().mapToLong(SectionRef::length).toArray(), digests(refs), nulls);
        return new IndexRef(column, IndexRef.SORTED, out.write(id, directory.encode()), segment);
    }

    /**
     * The sections {@link #writeSorted(int, String, int, SortedPayloads)} writes before the
     * directory, in that order (section id, raw payload): the pages to {@code eachPage}, then the
     * null postings to {@code nulls}; for a caller that prepares them ahead.
     */
    public static void eachSortedSection(int table, String column, int segment, SortedPayloads payloads,
                                         BiConsumer<String, byte[]> eachPage, BiConsumer<String, byte[]> nulls) {
        String id = IndexSectionIds.index(table, column, IndexRef.SORTED, segment);
        List<IndexPage> pages = payloads.pages();
        for (int n = 0; n < pages.size(); n++) {
            eachPage.accept(IndexSectionIds.page(id, n), pages.get(n).payload());
        }
        if (payloads.nulls() != null) {
            nulls.accept(IndexSectionIds.nulls(id), payloads.nulls());
        }
    }

    /** Writes a trigram index as one section. */
    public IndexRef writeTrigram(int table, String column, int segment, TrigramIndexBuilder builder) {
        return writeTrigram(table, column, segment, builder.encode());
    }

    /** Writes a trigram index whose section payload is {@code payload} ({@link TrigramIndexBuilder#encode()}). */
    public IndexRef writeTrigram(int table, String column, int segment, byte[] payload) {
        String id = IndexSectionIds.index(table, column, IndexRef.TRIGRAM, segment);
        return new IndexRef(column, IndexRef.TRIGRAM, out.write(id, payload), segment);
    }

    // Page digests are listed when the output gives them (access-controlled files).
    private static byte[] digests(List<SectionRef> refs) {
        if (refs.isEmpty() || refs.stream().anyMatch(r -> r.digest().length != DIGEST_BYTES)) {
            return null;
        }
        ByteArrayOutputStream all = new ByteArrayOutputStream(refs.size() * DIGEST_BYTES);
        refs.forEach(r -> all.writeBytes(r.digest()));
        return all.toByteArray();
    }
}
