package io.jazmin.internal.catalog;

import io.jazmin.internal.wire.ByteReader;
import java.util.ArrayList;
import java.util.List;

/**
 * Proto {@code ColumnStatistics}: per-chunk statistics of one column. Bounds are key-form bytes;
 * an empty entry means unbounded. Arrays are shared: do not modify. The null counts and the bound
 * lists are taken over, not copied (each cold lookup decodes a column's statistics for every chunk;
 * the writer and the decoder build fresh ones), the lists seen unmodifiable.
 *
 * @param nullCounts null cells per chunk
 * @param min        lower bound per chunk
 * @param max        upper bound per chunk
 * @param leaves     statistics of the leaves of a nested column (optional)
 */
public record ColumnStatistics(int[] nullCounts, List<byte[]> min, List<byte[]> max, List<LeafStatistics> leaves)
        implements ProtoMessage {

    public ColumnStatistics {
        nullCounts = Values.owned(nullCounts);
        min = Values.ownedBytesList(min);
        max = Values.ownedBytesList(max);
        leaves = Values.list(leaves);
    }

    @Override
    public void encode(ProtoWriter out) {
        out.packedUint32(1, nullCounts).bytesList(2, min).bytesList(3, max).messages(4, leaves);
    }

    /** Decodes a {@code ColumnStatistics} message body. */
    public static ColumnStatistics decode(ByteReader in) {
        ProtoReader r = new ProtoReader(in, "ColumnStatistics");
        NumberList nullCounts = new NumberList();
        ArrayList<byte[]> min = new ArrayList<>();
        ArrayList<byte[]> max = new ArrayList<>();
        List<LeafStatistics> leaves = new ArrayList<>();
        while (r.next()) {
            switch (r.field()) {
                case 1 -> {
                    r.repeatedUint32(nullCounts);
                    // One bound of each per chunk follows: room for them now, not by growing chunk after chunk.
                    min.ensureCapacity(nullCounts.size());
                    max.ensureCapacity(nullCounts.size());
                }
                case 2 -> min.add(r.bytes());
                case 3 -> max.add(r.bytes());
                case 4 -> leaves.add(LeafStatistics.decode(r.message()));
                default -> r.skip();
            }
        }
        return new ColumnStatistics(nullCounts.toIntArray(), min, max, leaves);
    }
}
