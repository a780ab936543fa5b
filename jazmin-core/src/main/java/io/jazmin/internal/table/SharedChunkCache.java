package io.jazmin.internal.table;

import io.jazmin.internal.column.ColumnVector;
import io.jazmin.internal.wire.DiskIdentity;
import io.jazmin.schema.ColumnType;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * The process-wide cache of decoded chunk columns (the role of RocksDB's block cache or the page
 * cache SQLite leans on): every reader of the JVM looks here before reading, inflating and decoding
 * a chunk's column, so a fresh open of a file read before decodes nothing. Least recently used
 * columns go first beyond the budget, which is the largest any reader has asked for (see
 * {@link #reserve}). Only shareable vectors of plain files are kept (see {@link ColumnVector#shareable()}),
 * under a key naming the file on disk, the file's version and the column's stream (see {@link FileVersionKey}).
 * What a fresh open decodes again before reaching a chunk is kept the same way (see {@link #section}):
 * a plain version's header, each table's columns and chunk layout, chunk directory segments and
 * per-chunk statistics; they are never changed once decoded. Deleted rows are not kept, and an
 * encrypted header is read at every open (decrypting it checks the reader's secret).
 */
public final class SharedChunkCache {
    private static final SharedChunkCache SHARED = new SharedChunkCache();

    private final Map<Object, Entry> entries = new LinkedHashMap<>(256, 0.75f, true);
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

    /**
     * A value decoded from a catalog section of a file version: the section (id, offset, whole length)
     * and which value of it ({@code part}, e.g. one column's statistics).
     */
    record SectionKey(FileVersionKey file, String sectionId, long offset, long length, String part) {
    }

    private record Entry(Object value, long bytes) {
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
    ColumnVector get(ColumnKey key) {
        return (ColumnVector) lookUp(key);
    }

    private synchronized Object lookUp(Object key) {
        Entry e = entries.get(key);
        if (e == null) {
            misses++;
            return null;
        }
        hits++;
        return e.value;
    }

    /**
     * The value {@code part} decoded from section {@code sectionId} of {@code file}: the one kept, or
     * {@code load}'s (run outside the lock, so two readers may both decode it), then kept with the
     * estimate {@code size}. {@code load}'s values must never be changed by their users, and must hold
     * nothing of the reader that loaded them (its source, its keys): later readers of the version use them.
     * A failing {@code load} keeps nothing.
     */
    @SuppressWarnings("unchecked")
    public <T> T section(FileVersionKey file, String sectionId, long offset, long length, String part, Supplier<T> load,
                  ToLongFunction<T> size) {
        SectionKey key = new SectionKey(file, sectionId, offset, length, part);
        Object kept = lookUp(key);
        if (kept != null) {
            return (T) kept;
        }
        T value = load.get();
        put(key, value, size.applyAsLong(value));
        return value;
    }

    /** Keeps {@code vector} (shareable) under {@code key}, dropping the least recently used beyond the budget. */
    void put(ColumnKey key, ColumnVector vector, long size) {
        put((Object) key, vector, size);
    }

    private void put(Object key, Object value, long size) {
        synchronized (this) {
            if (size > budget) {
                return;
            }
            Entry old = entries.put(key, new Entry(value, size));
            bytes += size - (old == null ? 0 : old.bytes);
            var eldest = entries.values().iterator();
            while (bytes > budget) {
                bytes -= eldest.next().bytes;
                eldest.remove();
                evictions++;
            }
        }
    }

    /** Roughly how many heap bytes decoded columns take per stored (compressed) byte of their chunk parts. */
    static final long DECODED_PER_STORED_BYTE = 4;

    /**
     * Whether a table whose chunk parts take {@code storedBytes} in the file could be kept whole
     * within the budget once decoded (scan resistance: see {@code TableData.fillsSharedCache}).
     */
    synchronized boolean keepsWhole(long storedBytes) {
        return storedBytes <= budget / DECODED_PER_STORED_BYTE;
    }

    /** Drops every entry (the budget stays). */
    public synchronized void clear() {
        entries.clear();
        bytes = 0;
    }

    /** The counters and sizes now. */
    public synchronized Stats stats() {
        return new Stats(hits, misses, evictions, entries.size(), bytes, budget);
    }
}
