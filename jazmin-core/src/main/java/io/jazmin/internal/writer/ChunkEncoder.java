package io.jazmin.internal.writer;

import io.jazmin.schema.Column;
import io.jazmin.internal.column.ChunkStatistics;
import io.jazmin.internal.column.ColumnVector;
import io.jazmin.internal.column.StreamEncoder;
import io.jazmin.internal.wire.ByteWriter;
import io.jazmin.internal.section.SectionWriter;
import java.util.List;

/**
 * Turns one chunk's column values into its part sections and statistics (spec §1.9): one part per
 * column group, holding the streams of the group's columns in position order (a plain file has the
 * one group of all columns). The CPU-heavy step of writing, which may run on a worker thread.
 * Keeps its buffers between chunks, so one encoder serves one chunk at a time.
 */
final class ChunkEncoder {
    private final List<Column> columns;
    private final int[][] groups;
    private final ByteWriter payload = new ByteWriter(1 << 16);
    private final ByteWriter stream = new ByteWriter(1 << 16);

    /** @param groups the positions of each group's columns, ascending, in group order */
    ChunkEncoder(List<Column> columns, int[][] groups) {
        this.columns = columns;
        this.groups = groups;
    }

    /** A chunk ready to be written: its whole part sections (group order) and each column's statistics. */
    record EncodedChunk(byte[][] parts, ChunkStatistics[] statistics, int rowCount) {
    }

    /** Encodes the chunk parts {@code partIds} (one per group) holding {@code vectors} (one per column). */
    EncodedChunk encode(String[] partIds, SectionWriter sections, ColumnVector[] vectors, int rowCount) {
        ChunkStatistics[] stats = new ChunkStatistics[vectors.length];
        byte[][] parts = new byte[groups.length][];
        for (int g = 0; g < groups.length; g++) {
            payload.reset();
            for (int i : groups[g]) {
                stats[i] = ChunkStatistics.compute(vectors[i]);
                stream.reset();
                StreamEncoder.encode(columns.get(i), vectors[i], stream);
                payload.varint(stream.size()).bytes(stream.array(), 0, stream.size());
            }
            parts[g] = sections.section(partIds[g], payload.array(), payload.size());
        }
        return new EncodedChunk(parts, stats, rowCount);
    }
}
