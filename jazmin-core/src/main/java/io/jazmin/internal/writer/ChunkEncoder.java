package io.jazmin.internal.writer;

import io.jazmin.schema.Column;
import io.jazmin.internal.column.ChunkStatistics;
import io.jazmin.internal.column.ColumnVector;
import io.jazmin.internal.column.StreamEncoder;
import io.jazmin.internal.wire.ByteWriter;
import io.jazmin.internal.section.SectionWriter;
import java.util.List;

/**
 * Turns one chunk's column values into its part section and statistics (spec §1.9): the
 * CPU-heavy step of writing, which may run on a worker thread. Keeps its buffers between chunks,
 * so one encoder serves one chunk at a time.
 */
final class ChunkEncoder {
    private final List<Column> columns;
    private final SectionWriter sections;
    private final ByteWriter payload = new ByteWriter(1 << 16);
    private final ByteWriter stream = new ByteWriter(1 << 16);

    ChunkEncoder(List<Column> columns, SectionWriter sections) {
        this.columns = columns;
        this.sections = sections;
    }

    /** A chunk ready to be written: its whole part section and each column's statistics. */
    record EncodedChunk(byte[] section, ChunkStatistics[] statistics, int rowCount) {
    }

    /** Encodes the chunk part {@code sectionId} holding {@code vectors} (one per column). */
    EncodedChunk encode(String sectionId, ColumnVector[] vectors, int rowCount) {
        ChunkStatistics[] stats = new ChunkStatistics[vectors.length];
        payload.reset();
        for (int i = 0; i < vectors.length; i++) {
            stats[i] = ChunkStatistics.compute(vectors[i]);
            stream.reset();
            StreamEncoder.encode(columns.get(i), vectors[i], stream);
            payload.varint(stream.size()).bytes(stream.array(), 0, stream.size());
        }
        return new EncodedChunk(sections.section(sectionId, payload.array(), payload.size()), stats, rowCount);
    }
}
