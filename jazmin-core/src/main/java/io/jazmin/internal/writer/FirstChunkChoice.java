package io.jazmin.internal.writer;

import io.jazmin.internal.section.SectionWriter;
import io.jazmin.options.ColumnFlushPoints;

/**
 * What one table writer's first chunk decides for all its chunk parts: whether they get column flush
 * points ({@link ColumnFlushPoints#AUTO}: when they cost little on that chunk, whose part is compressed
 * with and without), and, in the same step, how the default Deflate setting compresses the later
 * parts in one pass instead of its two: with points, each column stream with the pass that won it in
 * the first part ({@link SectionWriter#streamDeflate}); without, the first pass alone unless the
 * second made that part ({@link SectionWriter#standardDeflate()}). Decided once per writer, so each
 * directory segment it writes has points for all its parts or for none. No other chunk is
 * encoded while the first decides (the writer holds them until it has), so the choice does not depend
 * on the parallelism. Where points
 * are impossible or refused ({@link ColumnFlushPoints#NEVER}, the reference writer's layout), nothing is
 * decided and the default Deflate setting runs both passes on every part.
 */
final class FirstChunkChoice {
    private final boolean pointsOptional;
    private volatile boolean flushes;
    private volatile SectionWriter.ColumnSection first;
    // Written last, read first: once true, the fields above are final.
    private volatile boolean settled;

    /** @param possible whether the file's sections can have points at all (Deflate, one column group) */
    FirstChunkChoice(ColumnFlushPoints mode, boolean possible) {
        pointsOptional = possible && mode == ColumnFlushPoints.AUTO;
        flushes = possible && mode != ColumnFlushPoints.NEVER;
        settled = !flushes;
    }

    /** Whether the next chunk decides (and must be encoded before any other is started). */
    boolean undecided() {
        return !settled;
    }

    /** Whether parts get points; while undecided, whether the deciding chunk gets them (or tries them). */
    boolean flushes() {
        return flushes;
    }

    /** Whether the deciding chunk keeps its points only when they cost little ({@link ColumnFlushPoints#AUTO}). */
    boolean pointsOptional() {
        return pointsOptional;
    }

    /** How the parts of a chunk after the first are compressed: as the first part chose, or {@code sections}. */
    SectionWriter compressing(SectionWriter sections) {
        SectionWriter.ColumnSection part = first;
        if (part == null) {
            return sections;
        }
        return part.streamSettings() != null ? sections.streamDeflate(part.streamSettings())
                : part.filtered() ? sections : sections.standardDeflate();
    }

    /** Settles the choice from the first chunk's part (without points when it was written so). */
    void settle(SectionWriter.ColumnSection part) {
        first = part;
        flushes = part.storedOffsets() != null;
        settled = true;
    }
}
