package io.jazmin.writer;

import io.jazmin.catalog.ColumnStatistics;
import io.jazmin.column.ChunkStatistics;
import java.util.ArrayList;
import java.util.List;

/** Collects one column's statistics, one entry per chunk, for its statistics block. */
final class ChunkStatisticsLog {
    private final List<ChunkStatistics> chunks = new ArrayList<>();

    void add(ChunkStatistics stats) {
        chunks.add(stats);
    }

    ColumnStatistics toCatalog() {
        int[] nullCounts = new int[chunks.size()];
        List<byte[]> min = new ArrayList<>(chunks.size());
        List<byte[]> max = new ArrayList<>(chunks.size());
        for (int i = 0; i < chunks.size(); i++) {
            ChunkStatistics c = chunks.get(i);
            nullCounts[i] = (int) c.nullCount();
            min.add(c.min());
            max.add(c.max());
        }
        return new ColumnStatistics(nullCounts, min, max, List.of());
    }
}
