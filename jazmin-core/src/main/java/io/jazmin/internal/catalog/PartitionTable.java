package io.jazmin.internal.catalog;

import io.jazmin.internal.wire.ByteReader;
import java.util.ArrayList;
import java.util.List;

/**
 * Proto {@code PartitionTable}: payload of section {@code <t>/partitions}, used above 64 partitions.
 *
 * @param partitions the partitions, sorted by id
 */
public record PartitionTable(List<Partition> partitions) implements ProtoMessage {

    public PartitionTable {
        partitions = Values.list(partitions);
    }

    @Override
    public void encode(ProtoWriter out) {
        out.messages(1, partitions);
    }

    /** Decodes a section payload. */
    public static PartitionTable decode(byte[] payload) {
        return decode(new ByteReader(payload));
    }

    /** Decodes a {@code PartitionTable} message body. */
    public static PartitionTable decode(ByteReader in) {
        ProtoReader r = new ProtoReader(in, "PartitionTable");
        List<Partition> partitions = new ArrayList<>();
        while (r.next()) {
            if (r.field() == 1) {
                partitions.add(Partition.decode(r.message()));
            } else {
                r.skip();
            }
        }
        return new PartitionTable(partitions);
    }
}
