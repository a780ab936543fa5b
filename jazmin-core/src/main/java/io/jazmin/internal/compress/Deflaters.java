package io.jazmin.internal.compress;

import java.util.zip.Deflater;

/**
 * Per thread, raw Deflate streams kept between passes: each new {@link Deflater} makes zlib set up
 * some 256 KiB of native state (window, hash chains, pending output), which the system maps and
 * unmaps again for every section, and a one-row append compresses some twenty sections. A kept
 * stream is {@link Deflater#reset() reset}, which keeps its level and strategy, so it is handed out
 * only for the level and strategy it last compressed with: then its output is the output of a new
 * stream with those settings, byte for byte (zlib applies no new settings to it). Taken out while in
 * use, so a nested use gets a new one; at most {@value #KEPT} are kept per thread.
 */
final class Deflaters {
    private static final int KEPT = 3;
    private static final ThreadLocal<Kept[]> STREAMS = ThreadLocal.withInitial(() -> new Kept[KEPT]);

    private Deflaters() {
    }

    /** A stream and the level and strategy it last compressed with. */
    private record Kept(Deflater deflater, int level, int strategy) {
    }

    /** A raw Deflate stream at {@code level} and {@code strategy}, ready for new input. */
    static Deflater take(int level, int strategy) {
        Kept[] kept = STREAMS.get();
        for (int i = 0; i < kept.length; i++) {
            Kept k = kept[i];
            if (k != null && k.level == level && k.strategy == strategy) {
                kept[i] = null;
                k.deflater.reset();
                return k.deflater;
            }
        }
        Deflater d = new Deflater(level, true);
        d.setStrategy(strategy);
        return d;
    }

    /**
     * Gives back a stream {@link #take} gave, which last compressed at {@code level} and
     * {@code strategy}; ended instead when this thread keeps enough, or when {@code keep} is false
     * (a pass that failed part way).
     */
    static void give(Deflater d, int level, int strategy, boolean keep) {
        if (keep) {
            Kept[] kept = STREAMS.get();
            for (int i = 0; i < kept.length; i++) {
                if (kept[i] == null) {
                    kept[i] = new Kept(d, level, strategy);
                    return;
                }
            }
        }
        d.end();
    }
}
