package io.jazmin.spark.read;

import io.jazmin.spark.fs.ListedFile;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Cuts files into byte ranges and packs them into input partitions by Spark's own rule for file
 * sources (design note §3): ranges of at most {@code maxSplitBytes} = min(maxPartitionBytes,
 * max(openCost, total ÷ minPartitions)), where total counts each file as its length + openCost;
 * largest first, packed next-fit into partitions of about {@code maxSplitBytes}, each range costing
 * its length + openCost; repacked with total ÷ maxPartitions when that cap is exceeded.
 */
final class SplitPlanner {
    /**
     * The sizing settings of one scan.
     *
     * @param maxPartitionBytes {@code spark.sql.files.maxPartitionBytes}
     * @param openCostInBytes   {@code spark.sql.files.openCostInBytes}
     * @param minPartitions     {@code spark.sql.files.minPartitionNum}, else the default parallelism
     * @param maxPartitions     {@code spark.sql.files.maxPartitionNum}, or 0 for no cap
     */
    record Settings(long maxPartitionBytes, long openCostInBytes, int minPartitions, int maxPartitions) {
    }

    private SplitPlanner() {
    }

    static List<JazminInputPartition> plan(List<ListedFile> files, Settings s) {
        long total = 0;
        for (ListedFile f : files) {
            total += f.length() + s.openCostInBytes();
        }
        long bytesPerCore = total / Math.max(1, s.minPartitions());
        long maxSplit = Math.max(1, Math.min(s.maxPartitionBytes(), Math.max(s.openCostInBytes(), bytesPerCore)));
        List<JazminInputPartition> partitions = pack(split(files, maxSplit), maxSplit, s.openCostInBytes());
        if (s.maxPartitions() > 0 && partitions.size() > s.maxPartitions()) {
            long desired = Math.max(1, (total + s.maxPartitions() - 1) / s.maxPartitions());
            partitions = pack(split(files, maxSplit), desired, s.openCostInBytes());
        }
        return partitions;
    }

    /** Each file's ranges of at most {@code maxSplit} bytes, largest first (stable for equal sizes). */
    private static List<FileRange> split(List<ListedFile> files, long maxSplit) {
        List<FileRange> ranges = new ArrayList<>();
        for (ListedFile f : files) {
            if (f.length() == 0) {
                ranges.add(new FileRange(f, 0, 0));
            }
            for (long start = 0; start < f.length(); start += maxSplit) {
                ranges.add(new FileRange(f, start, Math.min(f.length(), start + maxSplit)));
            }
        }
        ranges.sort(Comparator.comparingLong(FileRange::length).reversed());
        return ranges;
    }

    private static List<JazminInputPartition> pack(List<FileRange> ranges, long maxSplit, long openCost) {
        List<JazminInputPartition> partitions = new ArrayList<>();
        List<FileRange> current = new ArrayList<>();
        long size = 0;
        for (FileRange r : ranges) {
            if (size + r.length() > maxSplit && !current.isEmpty()) {
                partitions.add(new JazminInputPartition(current));
                current.clear();
                size = 0;
            }
            size += r.length() + openCost;
            current.add(r);
        }
        if (!current.isEmpty()) {
            partitions.add(new JazminInputPartition(current));
        }
        return partitions;
    }
}
