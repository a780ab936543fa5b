package io.jazmin.internal.catalog;

import io.jazmin.internal.wire.ByteReader;
import java.util.ArrayList;
import java.util.List;

/**
 * Proto {@code LeafStatistics}: per-chunk statistics of one leaf of a nested column. Arrays are
 * shared: do not modify.
 *
 * @param path        field positions from the column down to the leaf (list items add nothing)
 * @param valueCounts entries per chunk, nulls included
 * @param nullCounts  null entries per chunk
 * @param min         lower bound per chunk (key-form bytes; empty = unbounded)
 * @param max         upper bound per chunk
 */
public record LeafStatistics(int[] path, long[] valueCounts, long[] nullCounts, List<byte[]> min, List<byte[]> max)
        implements ProtoMessage {

    public LeafStatistics {
        path = Values.ints(path);
        valueCounts = Values.longs(valueCounts);
        nullCounts = Values.longs(nullCounts);
        min = Values.bytesList(min);
        max = Values.bytesList(max);
    }

    @Override
    public void encode(ProtoWriter out) {
        out.packedUint32(1, path).packedUint64(2, valueCounts).packedUint64(3, nullCounts).bytesList(4, min)
                .bytesList(5, max);
    }

    /** Decodes a {@code LeafStatistics} message body. */
    public static LeafStatistics decode(ByteReader in) {
        ProtoReader r = new ProtoReader(in, "LeafStatistics");
        NumberList path = new NumberList();
        NumberList valueCounts = new NumberList();
        NumberList nullCounts = new NumberList();
        List<byte[]> min = new ArrayList<>();
        List<byte[]> max = new ArrayList<>();
        while (r.next()) {
            switch (r.field()) {
                case 1 -> r.repeatedUint32(path);
                case 2 -> r.repeatedUint64(valueCounts);
                case 3 -> r.repeatedUint64(nullCounts);
                case 4 -> min.add(r.bytes());
                case 5 -> max.add(r.bytes());
                default -> r.skip();
            }
        }
        return new LeafStatistics(path.toIntArray(), valueCounts.toLongArray(), nullCounts.toLongArray(), min, max);
    }
}
