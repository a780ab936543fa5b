package io.jazmin.options;

/**
 * What a reader or writer trades for speed (spec notes §3.4). Every priority writes the same bytes
 * and reads the same rows; only threads and memory differ.
 * <ul>
 *   <li>{@link #MEMORY}: everything on the calling thread, one chunk in memory at a time.</li>
 *   <li>{@link #BALANCED} (default): reads decode up to 4 chunks ahead (about 128 columns in flight)
 *       and an open reader keeps up to 8 MiB of decompressed chunks for the next query;
 *       writes encode and compress chunks on one thread per processor (at most 16).</li>
 *   <li>{@link #SPEED}: reads decode up to 8 chunks ahead (about 1,024 columns in flight) and an open
 *       reader keeps up to 64 MiB of decompressed chunks; writes as balanced.</li>
 * </ul>
 * On a single-processor machine only an explicit {@link Parallelism#maxDegree()} adds threads.
 *
 * <p>Readers of plain files also share one process-wide cache of decoded chunk columns
 * ({@code io.jazmin.ReadCache}), so a lookup from a fresh open of a file read before decodes nothing:
 * {@link #sharedCacheBytes()} is what each priority asks of it (memory: none, not even hits).
 * Encrypted files are never put in it.
 */
public enum Priority {
    MEMORY(0, 0, 0, 0),
    BALANCED(4, 128, 8L << 20, 64L << 20),
    SPEED(8, 1024, 64L << 20, 256L << 20);

    private static final int MAX_WRITE_THREADS = 16;

    private final int readAheadChunks;
    private final int columnsInFlight;
    private final long chunkCacheBytes;
    private final long sharedCacheBytes;

    Priority(int readAheadChunks, int columnsInFlight, long chunkCacheBytes, long sharedCacheBytes) {
        this.readAheadChunks = readAheadChunks;
        this.columnsInFlight = columnsInFlight;
        this.chunkCacheBytes = chunkCacheBytes;
        this.sharedCacheBytes = sharedCacheBytes;
    }

    /**
     * Bytes of decoded chunk columns this priority asks the process-wide cache to keep: 0 (memory:
     * the cache is neither read nor filled), 64 MiB (balanced), 256 MiB (speed). The cache is one
     * for the JVM, so its budget is the largest any reader has asked for so far: a memory-light
     * reader must not evict what a speed reader of the same process keeps, and never more than an
     * eighth of the maximum heap ({@code -Xmx}). The estimate counts
     * the decoded arrays and values, not the files' bytes.
     */
    public long sharedCacheBytes() {
        return sharedCacheBytes;
    }

    /**
     * Bytes of decompressed chunk payloads an open reader keeps, so that the next query of the
     * same reader (a pooled one, say) skips reading, decrypting and inflating them (0: none).
     */
    public long chunkCacheBytes() {
        return chunkCacheBytes;
    }

    /** Chunks of {@code columnsPerChunk} decoded columns read ahead on other threads (0: none). */
    int readAheadChunks(int columnsPerChunk, int processors) {
        if (this == MEMORY || processors < 2) {
            return 0;
        }
        return Math.max(1, Math.min(readAheadChunks, columnsInFlight / Math.max(1, columnsPerChunk)));
    }

    /** Chunks encoded at once on other threads while the caller adds rows (0: on the caller's thread). */
    int writeThreads(int processors) {
        if (this == MEMORY || processors < 2) {
            return 0;
        }
        return Math.min(processors, MAX_WRITE_THREADS);
    }
}
