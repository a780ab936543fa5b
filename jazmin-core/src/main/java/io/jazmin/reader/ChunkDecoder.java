package io.jazmin.reader;

import io.jazmin.Column;
import io.jazmin.wire.SectionReader;
import java.util.List;

/** Reads chunk parts of one table; their columns are then decoded on demand. */
public final class ChunkDecoder {
    private final SectionReader sections;
    private final int tableIndex;
    private final List<Column> columns;

    public ChunkDecoder(SectionReader sections, int tableIndex, List<Column> columns) {
        this.sections = sections;
        this.tableIndex = tableIndex;
        this.columns = columns;
    }

    /** Reads the part section of {@code chunk} (the default column group's). */
    public ChunkPart read(ChunkInfo chunk) {
        String id = SectionIds.chunkPart(tableIndex, chunk.ordinal(), SectionIds.DEFAULT_GROUP);
        byte[] payload = sections.read(id, chunk.partOffsets()[0], chunk.partLengths()[0]);
        return new ChunkPart(id, chunk.partOffsets()[0], payload, chunk.rowCount(), columns);
    }
}
