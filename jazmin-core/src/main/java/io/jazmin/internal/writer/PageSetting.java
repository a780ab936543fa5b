package io.jazmin.internal.writer;

import io.jazmin.internal.compress.DefaultDeflate;
import io.jazmin.internal.section.SectionWriter;

/**
 * The Deflate setting of one sorted index's pages: judged on its first page large enough for a
 * sample ({@link SectionWriter#judgeCatalog}), then kept for the pages after it, which are alike.
 * Pages are judged in order on one thread whichever threads compress them, so the bytes do not
 * depend on the threads; and a page judged alone cost a sample's trial passes each.
 */
final class PageSetting {
    private final SectionWriter sections;
    private DefaultDeflate.Sampled judged;

    PageSetting(SectionWriter sections) {
        this.sections = sections;
    }

    /**
     * The setting of the next page, {@code payload}, judged on it when none was yet ({@code null}:
     * it is compressed as judged on its own).
     */
    DefaultDeflate.Sampled next(byte[] payload) {
        if (judged == null) {
            judged = sections.judgeCatalog(payload, payload.length);
        }
        return judged;
    }

    /** Forgets the setting: the pages judged so far were dropped. */
    void reset() {
        judged = null;
    }
}
