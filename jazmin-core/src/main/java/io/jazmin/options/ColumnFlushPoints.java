package io.jazmin.options;

/**
 * When a writer gives Deflate chunk parts column flush points (see
 * {@link WriteOptions#withColumnFlushPoints(ColumnFlushPoints)}): a Deflate full flush before
 * every column stream, its offsets recorded in optional chunk-directory fields that other readers
 * skip, so this reader inflates only the columns a query reads; and inside each stream of at least
 * 8 KiB a full flush every 512 values (value points), from which a lookup decodes its rows without the
 * values before them. Brotli and uncompressed files never get them, nor tables of several column groups.
 */
public enum ColumnFlushPoints {
    /**
     * The default: each table written (and each append) compresses its first chunk both ways and
     * keeps the points (value points included) for all its chunks when they make that chunk at most
     * {@value #AUTO_TOLERANCE_PERCENT} % larger. Tables of few, long columns get them (they are often
     * smaller with them); wide tables of short or alike columns, where each flush costs more than a
     * stream saves, do not.
     */
    AUTO,
    /** Always, whatever they cost. */
    ALWAYS,
    /** Never: chunk parts are compressed as one Deflate stream each, as the reference writer does. */
    NEVER;

    /** How much larger, in percent, {@link #AUTO} lets a first chunk grow with its flush points. */
    public static final int AUTO_TOLERANCE_PERCENT = 1;
}
