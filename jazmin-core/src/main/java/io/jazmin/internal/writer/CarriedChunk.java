package io.jazmin.internal.writer;

import io.jazmin.internal.column.ChunkStatistics;
import io.jazmin.internal.wire.StoredPayload;
import java.util.List;

/**
 * A chunk a compaction copies as its encoded bytes rather than decoding and re-encoding its rows (see
 * {@link CarryingCopy}): its one part's stored payload (checked when read: CRC, and in an encrypted
 * file the seal), with what the directory said of it.
 *
 * @param part                the part's stored payload, still compressed
 * @param statistics          per column, the chunk's statistics as its directory stored them
 * @param rowCount            the chunk's rows
 * @param streamOffsets       the part's raw column flush points, or {@code null} when it has none
 * @param streamStoredOffsets the part's stored column flush points, with {@code streamOffsets}
 * @param valuePoints         the part's value points entry as stored (empty for none), with {@code streamOffsets}
 * @param indexedRows         per row, in order, the values of the table's indexed columns at their
 *                            positions (the other columns {@code null}), as read; empty without indexes
 */
record CarriedChunk(StoredPayload part, ChunkStatistics[] statistics, int rowCount, int[] streamOffsets,
                    int[] streamStoredOffsets, byte[] valuePoints, List<Object[]> indexedRows) {

    /** The chunk as the table's directory takes it, its part written as {@code section}. */
    ChunkEncoder.EncodedChunk encoded(byte[] section) {
        byte[][] parts = {section};
        return streamOffsets == null ? new ChunkEncoder.EncodedChunk(parts, statistics, rowCount, null, null, null)
                : new ChunkEncoder.EncodedChunk(parts, statistics, rowCount, new int[][] {streamOffsets},
                        new int[][] {streamStoredOffsets}, new byte[][] {valuePoints});
    }
}
