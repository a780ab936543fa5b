package io.jazmin.spark.read;

import java.util.List;
import org.apache.spark.sql.connector.read.InputPartition;

/**
 * The byte ranges one task reads, one after the other: whole small files and slices of large ones,
 * packed as Spark packs its own file splits.
 *
 * @param ranges the ranges, in the order they are read
 */
public record JazminInputPartition(List<FileRange> ranges) implements InputPartition {
    public JazminInputPartition {
        ranges = List.copyOf(ranges);
    }
}
