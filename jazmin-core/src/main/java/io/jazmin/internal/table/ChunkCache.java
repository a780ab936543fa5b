package io.jazmin.internal.table;

import io.jazmin.internal.compress.SectionPayload;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Decompressed chunk payloads of one table, least recently used dropped first, within a byte
 * budget (0 keeps nothing). Payloads are never changed after they are read, so one may serve many
 * queries; the cache is safe for the read-ahead threads that fill it concurrently.
 */
public final class ChunkCache {
    private final long budget;
    private final Map<Part, Kept> payloads = new LinkedHashMap<>(16, 0.75f, true);
    private long bytes;

    public ChunkCache(long budget) {
        this.budget = budget;
    }

    /** A chunk's part: the chunk's ordinal and the column group's position. */
    private record Part(long ordinal, int group) {
    }

    /** A payload kept, with the bytes it was counted as when put (a ranged payload's length may be learnt later). */
    private record Kept(SectionPayload payload, long bytes) {
    }

    /** The payload of chunk {@code ordinal}'s part of column group {@code group}, or {@code null} when it is not kept. */
    public synchronized SectionPayload get(long ordinal, int group) {
        Kept kept = budget == 0 ? null : payloads.get(new Part(ordinal, group));
        return kept == null ? null : kept.payload();
    }

    /** Keeps a part's {@code payload}, dropping the least recently used beyond the budget. */
    public synchronized void put(long ordinal, int group, SectionPayload payload) {
        long size = payload.knownLength();
        if (size > budget) {
            return;
        }
        Kept old = payloads.put(new Part(ordinal, group), new Kept(payload, size));
        bytes += size - (old == null ? 0 : old.bytes());
        var eldest = payloads.entrySet().iterator();
        while (bytes > budget) {
            bytes -= eldest.next().getValue().bytes();
            eldest.remove();
        }
    }
}
