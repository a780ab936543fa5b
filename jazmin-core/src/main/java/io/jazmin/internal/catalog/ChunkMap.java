package io.jazmin.internal.catalog;

import io.jazmin.internal.wire.ByteReader;
import java.util.ArrayList;
import java.util.List;

/**
 * Proto {@code ChunkMap}: payload of {@code <t>/chunkmap} or {@code <t>/chunkmap/<s>}. Arrays are
 * shared: do not modify.
 *
 * @param rowCounts   rows per chunk ordinal
 * @param partitions  partition ids, each once
 * @param partitionOf per ordinal, index into {@code partitions}
 */
public record ChunkMap(long[] rowCounts, List<byte[]> partitions, int[] partitionOf) implements ProtoMessage {

    public ChunkMap {
        rowCounts = Values.longs(rowCounts);
        partitions = Values.bytesList(partitions);
        partitionOf = Values.ints(partitionOf);
    }

    @Override
    public void encode(ProtoWriter out) {
        out.packedUint64(1, rowCounts).bytesList(2, partitions).packedUint32(3, partitionOf);
    }

    /** Decodes a section payload. */
    public static ChunkMap decode(byte[] payload) {
        return decode(new ByteReader(payload));
    }

    /** Decodes a {@code ChunkMap} message body. */
    public static ChunkMap decode(ByteReader in) {
        ProtoReader r = new ProtoReader(in, "ChunkMap");
        NumberList rowCounts = new NumberList();
        List<byte[]> partitions = new ArrayList<>();
        NumberList partitionOf = new NumberList();
        while (r.next()) {
            switch (r.field()) {
                case 1 -> r.repeatedUint64(rowCounts);
                case 2 -> partitions.add(r.bytes());
                case 3 -> r.repeatedUint32(partitionOf);
                default -> r.skip();
            }
        }
        return new ChunkMap(rowCounts.toLongArray(), partitions, partitionOf.toIntArray());
    }
}
