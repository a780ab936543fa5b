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
    private final Map<Part, SectionPayload> payloads = new LinkedHashMap<>(16, 0.75f, true);
    private long bytes;

    public ChunkCache(long budget) {
        this.budget = budget;
    }

    /** A chunk's part: the chunk's ordinal and the column group's position. */
    private record Part(long ordinal, int group) {
    }

    /** The payload of chunk {@code ordinal}'s part of column group {@code group}, or {@code null} when it is not kept. */
    public synchronized SectionPayload get(long ordinal, int group) {
        return budget == 0 ? null : payloads.get(new Part(ordinal, group));
    }

    /** Keeps a part's {@code payload}, dropping the least recently used beyond the budget. */
    public synchronized void put(long ordinal, int group, SectionPayload payload) {
        if (payload.length() > budget) {
            return;
        }
        SectionPayload old = payloads.put(new Part(ordinal, group), payload);
        bytes += payload.length() - (old == null ? 0 : old.length());
        var eldest = payloads.entrySet().iterator();
        while (bytes > budget) {
            bytes -= eldest.next().getValue().length();
            eldest.remove();
        }
    }
}
