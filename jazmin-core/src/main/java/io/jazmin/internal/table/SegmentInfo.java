package io.jazmin.internal.table;

import io.jazmin.internal.catalog.StatisticsBlock;
import io.jazmin.internal.catalog.SectionRef;
import java.util.List;

/**
 * One directory segment of a partition: its id parts (for statistics section ids), its statistics
 * blocks and how many chunks it lists.
 *
 * @param partition the partition text in section ids ({@code *} in plain files)
 * @param number    the segment's index in its partition's list (the {@code /<k>} suffix)
 * @param section   where the segment's own section is
 */
public record SegmentInfo(String partition, int number, List<StatisticsBlock> blocks, int chunkCount,
                          SectionRef section) {
}
