package io.jazmin.internal.catalog;

import io.jazmin.internal.wire.ByteReader;
import java.util.ArrayList;
import java.util.List;

/**
 * Proto {@code Table}: one table's catalog entry in the header.
 *
 * @param name           table name (the reference writer leaves it empty for single-table files)
 * @param columnCount    number of columns, hidden ones included
 * @param columnGroups   column groups, default group {@code *} first
 * @param sortedBy       names of the sort columns, or empty
 * @param partitionBy    partition column name; empty = one partition
 * @param rowCount       rows written, deleted ones included
 * @param deletedCount   number of deleted rows
 * @param chunkCount     number of chunks (ordinals 0..chunkCount−1)
 * @param partitions     partitions listed in the header (reference writers: at most 64)
 * @param partitionTable the {@link PartitionTable} section, else {@code null}
 * @param indexes        index segments (files that are not access-controlled)
 * @param deletes        the deleted-rows section, else {@code null}
 */
public record TableEntry(String name, int columnCount, List<ColumnGroup> columnGroups, List<String> sortedBy,
                         String partitionBy, long rowCount, long deletedCount, int chunkCount,
                         List<Partition> partitions, SectionRef partitionTable, List<IndexRef> indexes,
                         SectionRef deletes) implements ProtoMessage {

    public TableEntry {
        name = Values.text(name);
        columnGroups = Values.list(columnGroups);
        sortedBy = Values.list(sortedBy);
        partitionBy = Values.text(partitionBy);
        partitions = Values.list(partitions);
        indexes = Values.list(indexes);
    }

    @Override
    public void encode(ProtoWriter out) {
        out.string(1, name).uint32(2, columnCount).messages(3, columnGroups).strings(4, sortedBy)
                .string(5, partitionBy).uint64(6, rowCount).uint64(7, deletedCount).uint32(8, chunkCount)
                .messages(9, partitions).message(10, partitionTable).messages(11, indexes).message(12, deletes);
    }

    /** Decodes a {@code Table} message body. */
    public static TableEntry decode(ByteReader in) {
        ProtoReader r = new ProtoReader(in, "Table");
        String name = "";
        int columnCount = 0;
        List<ColumnGroup> groups = new ArrayList<>();
        List<String> sortedBy = new ArrayList<>();
        String partitionBy = "";
        long rowCount = 0;
        long deletedCount = 0;
        int chunkCount = 0;
        List<Partition> partitions = new ArrayList<>();
        SectionRef partitionTable = null;
        List<IndexRef> indexes = new ArrayList<>();
        SectionRef deletes = null;
        while (r.next()) {
            switch (r.field()) {
                case 1 -> name = r.string();
                case 2 -> columnCount = r.uint32();
                case 3 -> groups.add(ColumnGroup.decode(r.message()));
                case 4 -> sortedBy.add(r.string());
                case 5 -> partitionBy = r.string();
                case 6 -> rowCount = r.uint64();
                case 7 -> deletedCount = r.uint64();
                case 8 -> chunkCount = r.uint32();
                case 9 -> partitions.add(Partition.decode(r.message()));
                case 10 -> partitionTable = SectionRef.decode(r.message());
                case 11 -> indexes.add(IndexRef.decode(r.message()));
                case 12 -> deletes = SectionRef.decode(r.message());
                default -> r.skip();
            }
        }
        return new TableEntry(name, columnCount, groups, sortedBy, partitionBy, rowCount, deletedCount, chunkCount,
                partitions, partitionTable, indexes, deletes);
    }
}
