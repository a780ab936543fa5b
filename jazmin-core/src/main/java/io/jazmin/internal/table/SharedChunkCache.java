package io.jazmin.internal.table;

import io.jazmin.internal.column.ColumnVector;
import io.jazmin.internal.wire.DiskIdentity;
import io.jazmin.schema.ColumnType;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The process-wide cache of decoded chunk columns (the role of RocksDB's block cache or the page
 * cache SQLite leans on): every reader of the JVM looks here before reading, inflating and decoding
 * a chunk's column, so a fresh open of a file read before decodes nothing. Least recently used
 * columns go first beyond the budget, which is the largest any reader has asked for (see
 * {@link #reserve}). Only shareable vectors of plain files are kept (see {@link ColumnVector#shareable()}),
 * under a key naming the file on disk, the file's version and the column's stream (see {@link FileVersionKey}).
 */
public final class SharedChunkCache {
    private static final SharedChunkCache SHARED = new SharedChunkCache();

    private final Map<ColumnKey, Entry> entries = new LinkedHashMap<>(256, 0.75f, true);
    private long budget;
    private long bytes;
    private long hits;
    private long misses;
    private long evictions;

    SharedChunkCache() {
    }

    /** The cache of this JVM. */
    public static SharedChunkCache shared() {
        return SHARED;
    }

    /**
     * One file version as the cache knows it: the file on disk, the preamble's {@code file_id} (two
     * halves) and the offset of the version's trailer. The disk identity keeps a crafted file that
     * copies another's {@code file_id} apart from it; the size in it and the trailer keep versions apart.
     */
    public record FileVersionKey(DiskIdentity disk, long fileIdHigh, long fileIdLow, long versionEnd) {
        /** The key of the version ending at {@code versionEnd} of the file {@code disk} with id {@code fileId} (16 bytes). */
        public static FileVersionKey of(DiskIdentity disk, byte[] fileId, long versionEnd) {
            return new FileVersionKey(disk, half(fileId, 0), half(fileId, 8), versionEnd);
        }

        private static long half(byte[] b, int from) {
            long v = 0;
            for (int i = from; i < from + 8 && i < b.length; i++) {
                v = (v << 8) | (b[i] & 0xFF);
            }
            return v;
        }
    }

    /**
     * One decoded column: the part section it was read from (id, offset, whole length), the stream's
     * place among the part's streams and the column it was decoded as (name and type).
     */
    record ColumnKey(FileVersionKey file, String sectionId, long offset, long length, int stream, String column,
                     ColumnType type) {
    }

    private record Entry(ColumnVector vector, long bytes) {
    }

    /** What the cache holds and has done since the JVM started (or the counters were last reset). */
    public record Stats(long hits, long misses, long evictions, long entries, long bytes, long budget) {
    }

    /** The most the budget may be: an eighth of the heap, so a cache sized for a large heap cannot exhaust a small one. */
    private static final long HEAP_SHARE = Runtime.getRuntime().maxMemory() / 8;

    /**
     * Raises the budget to {@code bytes} (at most an eighth of the maximum heap) when it is lower;
     * never lowers it (see the class comment).
     */
    public synchronized void reserve(long bytes) {
        budget = Math.max(budget, Math.min(bytes, HEAP_SHARE));
    }

    /** The kept column under {@code key} (counting a hit), or {@code null} (counting a miss). */
    synchronized ColumnVector get(ColumnKey key) {
        Entry e = entries.get(key);
        if (e == null) {
            misses++;
            return null;
        }
        hits++;
        return e.vector;
    }

    /** Keeps {@code vector} (shareable) under {@code key}, dropping the least recently used beyond the budget. */
    void put(ColumnKey key, ColumnVector vector, long size) {
        synchronized (this) {
            if (size > budget) {
                return;
            }
            Entry old = entries.put(key, new Entry(vector, size));
            bytes += size - (old == null ? 0 : old.bytes);
            var eldest = entries.values().iterator();
            while (bytes > budget) {
                bytes -= eldest.next().bytes;
                eldest.remove();
                evictions++;
            }
        }
    }

    /** The budget now: 0 until a reader that may use the cache asks for one. */
    synchronized long budget() {
        return budget;
    }

    /** Drops every kept column (the budget stays). */
    public synchronized void clear() {
        entries.clear();
        bytes = 0;
    }

    /** The counters and sizes now. */
    public synchronized Stats stats() {
        return new Stats(hits, misses, evictions, entries.size(), bytes, budget);
    }

    /** Sets the counters back to 0 (what is kept stays). */
    public synchronized void resetCounters() {
        hits = 0;
        misses = 0;
        evictions = 0;
    }
}
