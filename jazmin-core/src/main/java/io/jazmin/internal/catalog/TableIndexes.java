package io.jazmin.internal.catalog;

import io.jazmin.internal.wire.ByteReader;
import java.util.ArrayList;
import java.util.List;

/**
 * Proto {@code TableIndexes}: owner-only catalog of one table in an access-controlled file.
 *
 * @param table            table number
 * @param indexes          the table's index segments
 * @param chunkMap         the full {@link ChunkMap} section, else {@code null}
 * @param chunkMapAppended the chunk map of chunks appended since, else {@code null}
 * @param chunkMapSegment  append number of {@code chunkMapAppended}
 */
public record TableIndexes(int table, List<IndexRef> indexes, SectionRef chunkMap, SectionRef chunkMapAppended,
                           int chunkMapSegment) implements ProtoMessage {

    public TableIndexes {
        indexes = Values.list(indexes);
    }

    @Override
    public void encode(ProtoWriter out) {
        out.uint32(1, table).messages(2, indexes).message(3, chunkMap).message(4, chunkMapAppended)
                .uint32(5, chunkMapSegment);
    }

    /** Decodes a {@code TableIndexes} message body. */
    public static TableIndexes decode(ByteReader in) {
        ProtoReader r = new ProtoReader(in, "TableIndexes");
        int table = 0;
        List<IndexRef> indexes = new ArrayList<>();
        SectionRef chunkMap = null;
        SectionRef chunkMapAppended = null;
        int chunkMapSegment = 0;
        while (r.next()) {
            switch (r.field()) {
                case 1 -> table = r.uint32();
                case 2 -> indexes.add(IndexRef.decode(r.message()));
                case 3 -> chunkMap = SectionRef.decode(r.message());
                case 4 -> chunkMapAppended = SectionRef.decode(r.message());
                case 5 -> chunkMapSegment = r.uint32();
                default -> r.skip();
            }
        }
        return new TableIndexes(table, indexes, chunkMap, chunkMapAppended, chunkMapSegment);
    }
}
