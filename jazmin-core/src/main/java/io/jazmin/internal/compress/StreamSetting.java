package io.jazmin.internal.compress;

import java.util.zip.Deflater;

/**
 * A Deflate setting the default choice can give one column stream of a part with flush points, in
 * order of cost on the data where it is chosen (see
 * {@link FlushedDeflate#deflate(int, byte[], int, int[], io.jazmin.internal.parallel.FanOut)}).
 */
public enum StreamSetting {
    /**
     * Stored blocks (zlib level 0): the stream's raw bytes as they are, which a reader takes without
     * inflating them ({@link StoredPiece}). Chosen where no compressed setting saves at least
     * 1/{@value FlushedDeflate#MIN_SAVING} of the raw stream (see {@link FlushedDeflate#foldPasses}).
     */
    STORED(0, Deflater.DEFAULT_STRATEGY),
    /**
     * Level 1: zlib's fast match search, about half level 5's time on the benchmark's e-mails and a few percent
     * longer. Chosen where it is longer than the other compressed settings' choice by at most
     * 1/{@value FlushedDeflate#FAST_SLACK} of the raw stream (see {@link FlushedDeflate#foldPasses}).
     */
    FAST(1, Deflater.DEFAULT_STRATEGY),
    /**
     * Huffman codes without matches: as short as the others on streams that hold no repeats (the
     * benchmark's balances: the same bytes as level 9 FILTERED in 0.4 of its time).
     */
    HUFFMAN_ONLY(DefaultDeflate.STANDARD_LEVEL, Deflater.HUFFMAN_ONLY),
    /**
     * Level 5: a quarter of level 6's match search; on the benchmark's e-mails 5 bytes shorter than level 6
     * in 0.85 of its time.
     */
    LEVEL_5(5, Deflater.DEFAULT_STRATEGY),
    /** Level 6, the default setting's first pass. */
    STANDARD(DefaultDeflate.STANDARD_LEVEL, Deflater.DEFAULT_STRATEGY),
    /** Level 9 FILTERED, the default setting's second pass. */
    FILTERED(9, Deflater.FILTERED);

    /** The zlib level and strategy this setting runs with (read by {@link FlushedDeflate}). */
    final int level;
    final int strategy;

    StreamSetting(int level, int strategy) {
        this.level = level;
        this.strategy = strategy;
    }
}
