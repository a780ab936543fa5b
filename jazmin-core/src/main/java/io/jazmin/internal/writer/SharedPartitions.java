package io.jazmin.internal.writer;

import io.jazmin.internal.catalog.Partition;
import io.jazmin.internal.catalog.PartitionTable;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.table.SectionIds;
import io.jazmin.internal.section.SectionWriter;
import java.util.List;

/**
 * Where a shared file's table lists its partitions (spec §1.13): in the header up to
 * {@value #HEADER_LIMIT}, like the reference writers, else in a partition table section, stored
 * uncompressed so readers can scan it in place.
 *
 * @param inHeader the partitions listed in the header
 * @param table    the partition table section, or {@code null}
 */
record SharedPartitions(List<Partition> inHeader, SectionRef table) {
    static final int HEADER_LIMIT = 64;

    /** Lists {@code partitions} (sorted by id), writing a partition table when there are too many. */
    static SharedPartitions of(List<Partition> partitions, int tableIndex, Output sink, SectionWriter sections) {
        if (partitions.size() <= HEADER_LIMIT) {
            return new SharedPartitions(partitions, null);
        }
        byte[] section = sections.uncompressedSection(SectionIds.partitionTable(tableIndex),
                new PartitionTable(partitions).encode());
        return new SharedPartitions(List.of(), PartitionLog.ref(sink.write(section), section, true));
    }
}
