package io.jazmin.reader;

import io.jazmin.Column;
import io.jazmin.wire.SectionReader;
import java.util.List;

/**
 * Reads chunk parts of one table; their columns are then decoded on demand. Payloads read once
 * come from the {@link ChunkCache} while it holds them.
 */
public final class ChunkDecoder {
    private final SectionReader sections;
    private final int tableIndex;
    private final List<Column> columns;
    private final ChunkCache cache;

    public ChunkDecoder(SectionReader sections, int tableIndex, List<Column> columns, ChunkCache cache) {
        this.sections = sections;
        this.tableIndex = tableIndex;
        this.columns = columns;
        this.cache = cache;
    }

    /** Reads the part section of {@code chunk} (the default column group's). */
    public ChunkPart read(ChunkInfo chunk) {
        String id = SectionIds.chunkPart(tableIndex, chunk.ordinal(), SectionIds.DEFAULT_GROUP);
        byte[] payload = cache.get(chunk.ordinal());
        if (payload == null) {
            payload = sections.read(id, chunk.partOffsets()[0], chunk.partLengths()[0]);
            cache.put(chunk.ordinal(), payload);
        }
        return new ChunkPart(id, chunk.partOffsets()[0], payload, chunk.rowCount(), columns);
    }
}
