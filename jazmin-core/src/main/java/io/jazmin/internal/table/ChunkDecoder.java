package io.jazmin.internal.table;

import io.jazmin.internal.section.SectionReader;
import io.jazmin.internal.compress.SectionPayload;
import io.jazmin.internal.section.SectionReader;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the part sections of one table's chunks, one per visible column group (the only group
 * {@code *} outside access-controlled files); parts of hidden groups are never read. Their
 * columns are then decoded on demand; payloads read once come from the {@link ChunkCache} while
 * it holds them.
 */
public final class ChunkDecoder {
    private final SectionReader sections;
    private final int tableIndex;
    private final TableColumns groups;
    private final ChunkCache cache;

    ChunkDecoder(SectionReader sections, int tableIndex, TableColumns groups, ChunkCache cache) {
        this.sections = sections;
        this.tableIndex = tableIndex;
        this.groups = groups;
        this.cache = cache;
    }

    /**
     * Reads the visible part sections of {@code chunk}, each checked against its digest when listed.
     *
     * @param some whether the reader will read only some columns: their payloads are then inflated
     *             as far as the columns read need (with column flush points, just their streams);
     *             else each is inflated whole at once
     */
    public ChunkPart read(ChunkInfo chunk, boolean some) {
        List<ChunkPart.Piece> pieces = new ArrayList<>();
        for (int g = 0; g < groups.groupNames().size(); g++) {
            if (!groups.groupVisible()[g] || groups.members()[g].length == 0) {
                continue;
            }
            String id = SectionIds.chunkPart(tableIndex, chunk.ordinal(), groups.groupNames().get(g));
            long offset = chunk.partOffsets()[g];
            SectionPayload payload = cache.get(chunk.ordinal(), g);
            if (payload == null) {
                payload = some
                        ? sections.readLazily(id, offset, chunk.partLengths()[g], chunk.partDigest(g), chunk.partition(),
                                chunk.flushPoints())
                        : SectionPayload.of(sections.read(id, offset, chunk.partLengths()[g], chunk.partDigest(g),
                                chunk.partition()));
                cache.put(chunk.ordinal(), g, payload);
            }
            pieces.add(new ChunkPart.Piece(id, offset, payload, groups.members()[g]));
        }
        return new ChunkPart(pieces, chunk.rowCount(), groups.visible());
    }
}
