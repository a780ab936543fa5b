package io.jazmin.internal.catalog;

import io.jazmin.internal.wire.ByteReader;
import java.util.ArrayList;
import java.util.List;

/**
 * Proto {@code TableDelta}: what one append added to one table.
 *
 * @param table      table number (index in {@link Header#tables()})
 * @param partitions new partitions and new segments of existing ones
 */
public record TableDelta(int table, List<Partition> partitions) implements ProtoMessage {

    public TableDelta {
        partitions = Values.list(partitions);
    }

    @Override
    public void encode(ProtoWriter out) {
        out.uint32(1, table).messages(2, partitions);
    }

    /** Decodes a {@code TableDelta} message body. */
    public static TableDelta decode(ByteReader in) {
        ProtoReader r = new ProtoReader(in, "TableDelta");
        int table = 0;
        List<Partition> partitions = new ArrayList<>();
        while (r.next()) {
            switch (r.field()) {
                case 1 -> table = r.uint32();
                case 2 -> partitions.add(Partition.decode(r.message()));
                default -> r.skip();
            }
        }
        return new TableDelta(table, partitions);
    }
}
