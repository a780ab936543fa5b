package io.jazmin.internal.catalog;

import io.jazmin.internal.wire.ByteReader;
import java.util.ArrayList;
import java.util.List;

/**
 * Proto {@code Partition}: a partition and its chunk-directory segments, oldest first. The id is
 * written first so the reference partition-table scanner can match ids without decoding entries.
 *
 * @param id       12-byte partition id in access-controlled files, empty otherwise; do not modify
 * @param segments the {@link ChunkDirectory} sections of the partition
 */
public record Partition(byte[] id, List<SectionRef> segments) implements ProtoMessage {

    public Partition {
        id = Values.bytes(id);
        segments = Values.list(segments);
    }

    @Override
    public void encode(ProtoWriter out) {
        out.bytes(1, id).messages(2, segments);
    }

    /** Decodes a {@code Partition} message body. */
    public static Partition decode(ByteReader in) {
        ProtoReader r = new ProtoReader(in, "Partition");
        byte[] id = null;
        List<SectionRef> segments = new ArrayList<>();
        while (r.next()) {
            switch (r.field()) {
                case 1 -> id = r.bytes();
                case 2 -> segments.add(SectionRef.decode(r.message()));
                default -> r.skip();
            }
        }
        return new Partition(id, segments);
    }
}
