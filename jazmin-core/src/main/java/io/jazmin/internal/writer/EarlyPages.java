package io.jazmin.internal.writer;

import io.jazmin.internal.index.IndexPage;
import io.jazmin.internal.index.IndexSectionIds;
import io.jazmin.internal.index.SortedIndexBuilder;
import io.jazmin.internal.section.SectionWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * The first pages of a sorted index, cut and compressed while rows still arrive (on the index's
 * worker, beside the chunk encoders) for as long as its keys come in ascending order, as an id
 * column's do: compressing an id index's pages costs several times what building it does, and left
 * to the end it all waited for the last chunk. Once a key comes out of order the pages are dropped
 * and the index is paged at the end as before. The pages are those the end would cut.
 */
final class EarlyPages {
    /** A page section, whole: its id and its bytes as written. */
    record Sealed(String id, byte[] section) {
    }

    private final String indexId;
    private final SectionWriter sections;
    private final int pageBytes;
    private final boolean compact;
    private final List<Sealed> sealed = new ArrayList<>();
    private final PageSetting setting;

    /**
     * @param indexId   the id of the index's directory section
     * @param pageBytes the page size the index is written with
     * @param compact   whether its pages are in encoding 1
     */
    EarlyPages(String indexId, SectionWriter sections, int pageBytes, boolean compact) {
        this.indexId = indexId;
        this.sections = sections;
        this.pageBytes = pageBytes;
        this.compact = compact;
        this.setting = new PageSetting(sections);
    }

    /** After rows were added to {@code builder}: compresses the pages it can cut now, or drops all once its keys are out of order. */
    void update(SortedIndexBuilder builder) {
        if (!builder.keysAscend()) {
            sealed.clear();
            setting.reset();
            return;
        }
        for (IndexPage page : builder.cutPages(pageBytes, compact)) {
            String id = IndexSectionIds.page(indexId, sealed.size());
            byte[] payload = page.payload();
            sealed.add(new Sealed(id, sections.catalogSection(id, payload, payload.length, setting.next(payload))));
        }
    }

    /** The setting of the pages after those compressed so far (see {@link PageSetting}). */
    PageSetting setting() {
        return setting;
    }

    /** The pages compressed so far, in order (none once the keys came out of order). */
    List<Sealed> sealed() {
        return List.copyOf(sealed);
    }
}
