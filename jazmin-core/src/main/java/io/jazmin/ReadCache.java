package io.jazmin;

import io.jazmin.internal.reader.LocatedVersions;
import io.jazmin.internal.table.SharedChunkCache;
import io.jazmin.internal.wire.IdleChannels;

/**
 * The process-wide cache of decoded chunk columns that every reader of plain files in this JVM
 * shares, so that a lookup from a fresh {@link JazminReader#open} of a file read before decodes
 * nothing (the role of RocksDB's block cache, or of the page cache SQLite leans on).
 * <ul>
 *   <li><b>What is kept:</b> whole decoded columns of chunks (not binary, list or object columns,
 *       whose values callers could change), decoded chunk directories and per-chunk statistics, and
 *       what a fresh open would build again: a plain file version's header (still checked against
 *       each reader's {@link io.jazmin.options.ReadLimits}), each table's columns and chunk list;
 *       least recently used dropped first. Deleted rows and index pages are read by each reader, and
 *       a delete or an append makes a new version, so it is seen by the next open.</li>
 *   <li><b>Key:</b> the file on disk (real path, the file system's file key where there is one,
 *       size and last-modified time, fixed when the file is opened), the preamble's file id, the
 *       version's trailer offset, the chunk part section (id, offset, length) and the column's stream
 *       and name. A rewritten file (a new file moved in place) or an appended one never hits what an
 *       earlier version kept, and a crafted file that copies another's file id is another file on disk.</li>
 *   <li><b>Budget:</b> {@link io.jazmin.options.Priority#sharedCacheBytes()} of the readers: the
 *       largest any reader has asked for (64 MiB balanced, 256 MiB speed), at most an eighth of the
 *       maximum heap; readers with priority
 *       memory neither read nor fill it.</li>
 *   <li><b>Not cached:</b> encrypted files (key, password, shared files) — their decrypted values
 *       never outlive their reader, nor become readable without their secret — unless a reader of a key
 *       or password file asks ({@link io.jazmin.options.ReadOptions#withCacheDecryptedChunks}; its
 *       header is still decrypted at every open, which checks the secret), files read from bytes
 *       in memory, and readers opened with {@link io.jazmin.options.ReadOptions#withSharedCache
 *       ReadOptions.withSharedCache(false)}.</li>
 *   <li><b>Warm opens:</b> a reader that may use the cache, of a local file on a platform with file
 *       keys (not Windows), hands its file's channel to the next reader of the same file when it closes,
 *       and the version (preamble and trailer) it found in that file is remembered, so that an open of
 *       an unchanged file costs one {@code stat} and reads nothing. At most 16 channels are kept idle;
 *       one idle for over 30 seconds is closed when a reader next opens or closes a file. A file deleted
 *       or replaced outside this process stays open (its disk space held) until then, until the path's
 *       next open, or until {@link #clear()}; while it is kept, a warm open does not open the file again,
 *       so permissions taken away since do not refuse this process's readers. A channel is used
 *       by one reader at a time; a reader keeps the version it opened while the file is appended to or
 *       replaced.</li>
 * </ul>
 */
public final class ReadCache {
    private ReadCache() {
    }

    /**
     * What the cache holds and has done since the JVM started.
     *
     * @param hits      columns, directories and statistics found in the cache
     * @param misses    those looked up and not found (then decoded and, if they fit, kept)
     * @param evictions entries dropped to stay within the budget
     * @param entries   entries kept now
     * @param bytes     estimated heap bytes of the entries kept now
     * @param budget    the budget now (0 until a reader that may use the cache has opened a file)
     */
    public record Stats(long hits, long misses, long evictions, long entries, long bytes, long budget) {
    }

    /** The cache's counters and sizes now. */
    public static Stats stats() {
        SharedChunkCache.Stats s = SharedChunkCache.shared().stats();
        return new Stats(s.hits(), s.misses(), s.evictions(), s.entries(), s.bytes(), s.budget());
    }

    /**
     * Drops everything kept (the budget stays) and closes the idle channels; readers open now decode
     * again what they read next.
     */
    public static void clear() {
        SharedChunkCache.shared().clear();
        LocatedVersions.shared().clear();
        IdleChannels.shared().clear();
    }
}
