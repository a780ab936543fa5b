package io.jazmin.internal.writer;

import io.jazmin.options.ColumnFlushPoints;

/**
 * Whether one table writer's chunk parts get column flush points: fixed by the options, or, for
 * {@link ColumnFlushPoints#AUTO}, by its first chunk (see {@link ChunkEncoder}), whose part is
 * compressed both ways. Decided once per writer, so each directory segment it writes has points for
 * all its parts or for none. The first chunk is encoded on the writer's thread while undecided, so
 * the choice does not depend on the parallelism.
 */
final class FlushPointChoice {
    private volatile Boolean flushes;

    /** @param possible whether the file's sections can have points at all (Deflate, one column group) */
    FlushPointChoice(ColumnFlushPoints mode, boolean possible) {
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

    void settle(boolean value) {
        flushes = value;
    }
}
