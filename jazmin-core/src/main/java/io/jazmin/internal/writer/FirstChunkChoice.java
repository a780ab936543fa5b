package io.jazmin.internal.writer;

import io.jazmin.internal.section.SectionWriter;
import io.jazmin.options.ColumnFlushPoints;

/**
 * What one table writer's first chunk decides for all its chunk parts: whether they get column flush
 * points ({@link ColumnFlushPoints#AUTO}: when they cost little on that chunk, whose part is compressed
 * with and without), and, in the same step, whether the default Deflate setting keeps running both its
 * passes (when the second, level 9 FILTERED, made that part) or only the first (see
 * {@link SectionWriter#standardDeflate()}). Decided once per writer, so each directory segment it writes
 * has points for all its parts or for none. The first chunk is encoded on the writer's thread while
 * undecided, so the choice does not depend on the parallelism. When the points are fixed by the options
 * (or impossible), nothing is left to decide and the default Deflate setting runs both passes on every part.
 */
final class FirstChunkChoice {
    private volatile Boolean flushes;
    private volatile boolean standardDeflate;

    /** @param possible whether the file's sections can have points at all (Deflate, one column group) */
    FirstChunkChoice(ColumnFlushPoints mode, boolean possible) {
        flushes = !possible || mode == ColumnFlushPoints.NEVER ? Boolean.FALSE
                : mode == ColumnFlushPoints.ALWAYS ? Boolean.TRUE : null;
    }

    /** Whether the next chunk decides (and must be encoded before any other is started). */
    boolean undecided() {
        return flushes == null;
    }

    /** Whether parts get points, once decided. */
    boolean flushes() {
        return Boolean.TRUE.equals(flushes);
    }

    /** How the parts of a chunk after the first are compressed: {@code sections}, or its first Deflate pass alone. */
    SectionWriter compressing(SectionWriter sections) {
        return standardDeflate ? sections.standardDeflate() : sections;
    }

    /**
     * Settles the choice from the first chunk's part.
     *
     * @param points   whether it kept its flush points
     * @param filtered whether the default Deflate setting's second pass made it
     */
    void settle(boolean points, boolean filtered) {
        standardDeflate = !filtered;
        flushes = points;
    }
}
