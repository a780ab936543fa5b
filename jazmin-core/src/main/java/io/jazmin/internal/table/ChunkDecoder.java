package io.jazmin.internal.table;

import io.jazmin.internal.compress.FlushPoints;
import io.jazmin.internal.compress.SectionPayload;
import io.jazmin.internal.section.SectionReader;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.Supplier;

/**
 * Reads the part sections of one table's chunks, one per visible column group (the only group
 * {@code *} outside access-controlled files); parts of hidden groups are never read. Their
 * columns are then decoded on demand; payloads read once come from the {@link ChunkCache} while
 * it holds them. With the process-wide {@link SharedChunkCache}, decoded columns come from it, and
 * a part is read only when a column it holds is not there.
 */
public final class ChunkDecoder {
    private final SectionReader sections;
    private final int tableIndex;
    private final TableColumns groups;
    private final ChunkCache cache;
    private final SharedChunkCache shared;
    private final SharedChunkCache.FileVersionKey file;

    /**
     * @param shared the process-wide cache, or {@code null} when this file's columns are not cached
     * @param file   this file version's key in {@code shared} ({@code null} with it)
     */
    ChunkDecoder(SectionReader sections, int tableIndex, TableColumns groups, ChunkCache cache,
                 SharedChunkCache shared, SharedChunkCache.FileVersionKey file) {
        this.sections = sections;
        this.tableIndex = tableIndex;
        this.groups = groups;
        this.cache = cache;
        this.shared = shared;
        this.file = file;
    }

    /**
     * Reads the visible part sections of {@code chunk}, each checked against its digest when listed
     * (with the shared cache, when a column of it is first decoded).
     *
     * @param some whether the reader will read only some columns: their payloads are then inflated
     *             as far as the columns read need (with column flush points, just their streams);
     *             else each is inflated whole at once
     * @param fill whether the columns decoded are put in the shared cache (else only looked up there)
     */
    public ChunkPart read(ChunkInfo chunk, boolean some, boolean fill) {
        return read(chunk, some, fill, null);
    }

    /**
     * Like {@link #read(ChunkInfo, boolean, boolean)}, for a query that reads the columns at the
     * view positions {@code wanted} (or {@code null}: unknown): from a source that prefers ranges, a
     * plain part with flush points is then read as just their streams ({@link SectionReader}).
     */
    public ChunkPart read(ChunkInfo chunk, boolean some, boolean fill, BitSet wanted) {
        return read(chunk, some, fill, wanted, false);
    }

    /**
     * Like {@link #read(ChunkInfo, boolean, boolean, BitSet)}; with {@code hold} (and without the shared
     * cache) a part checked in the thread's buffer is read there until {@link ChunkPart#letGo}, which the
     * caller must call ({@link SectionReader#readLazily(String, long, long, byte[], String, FlushPoints,
     * BitSet, boolean)}).
     */
    public ChunkPart read(ChunkInfo chunk, boolean some, boolean fill, BitSet wanted, boolean hold) {
        List<ChunkPart.Piece> pieces = new ArrayList<>();
        for (int g = 0; g < groups.groupNames().size(); g++) {
            if (!groups.groupVisible()[g] || groups.members()[g].length == 0) {
                continue;
            }
            String id = SectionIds.chunkPart(tableIndex, chunk.ordinal(), groups.groupNames().get(g));
            long offset = chunk.partOffset(g);
            int group = g;
            BitSet streams = some ? streamsOf(groups.members()[g], wanted) : null;
            boolean held = hold && some && shared == null;
            Supplier<SectionPayload> reader = () -> payload(chunk, group, id, offset, some, streams, held);
            if (shared == null) {
                SectionPayload payload = reader.get();
                reader = () -> payload;
            }
            // Value points serve lookups of parts read stream by stream (tables of one column group).
            pieces.add(new ChunkPart.Piece(id, offset, chunk.partLength(g), reader, groups.members()[g],
                    some && chunk.groupCount() == 1 ? chunk::valuePoints : null));
        }
        return new ChunkPart(pieces, chunk.rowCount(), groups.visible(), shared, file, fill);
    }

    /** The payload of {@code chunk}'s part of group {@code g}, from the reader's cache or read now. */
    /** The indexes among a part's {@code members} (view positions) of those {@code wanted}, or {@code null}. */
    private static BitSet streamsOf(int[] members, BitSet wanted) {
        if (wanted == null) {
            return null;
        }
        BitSet streams = new BitSet(members.length);
        for (int k = 0; k < members.length; k++) {
            if (wanted.get(members[k])) {
                streams.set(k);
            }
        }
        return streams;
    }

    private SectionPayload payload(ChunkInfo chunk, int g, String id, long offset, boolean some, BitSet streams,
                                   boolean hold) {
        SectionPayload payload = cache.get(chunk.ordinal(), g);
        if (payload != null && some) {
            payload.prefetch(streams); // a ranged part kept from an earlier query: its missing streams at once
        }
        if (payload == null) {
            payload = some
                    ? sections.readLazily(id, offset, chunk.partLength(g), chunk.partDigest(g), chunk.partition(),
                            chunk.flushPoints(), streams, hold)
                    : SectionPayload.of(sections.read(id, offset, chunk.partLength(g), chunk.partDigest(g),
                            chunk.partition()));
            cache.put(chunk.ordinal(), g, payload);
        }
        return payload;
    }
}
