package io.jazmin.internal.writer;

import io.jazmin.internal.catalog.ColumnStatistics;
import io.jazmin.internal.catalog.LeafStatistics;
import io.jazmin.internal.column.ChunkStatistics;
import io.jazmin.internal.column.LeafChunkStatistics;
import java.util.ArrayList;
import java.util.List;

/**
 * Collects one column's statistics, one entry per chunk, for its statistics block; nested columns
 * with every leaf (each chunk of a column has the same leaves, in the same order).
 */
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
        return new ColumnStatistics(nullCounts, min, max, leaves());
    }

    private List<LeafStatistics> leaves() {
        if (chunks.isEmpty()) {
            return List.of();
        }
        int n = chunks.size();
        List<LeafStatistics> out = new ArrayList<>();
        for (int leaf = 0; leaf < chunks.get(0).leaves().size(); leaf++) {
            long[] valueCounts = new long[n];
            long[] nullCounts = new long[n];
            List<byte[]> min = new ArrayList<>(n);
            List<byte[]> max = new ArrayList<>(n);
            for (int c = 0; c < n; c++) {
                LeafChunkStatistics s = chunks.get(c).leaves().get(leaf);
                valueCounts[c] = s.valueCount();
                nullCounts[c] = s.values().nullCount();
                min.add(s.values().min());
                max.add(s.values().max());
            }
            out.add(new LeafStatistics(chunks.get(0).leaves().get(leaf).path(), valueCounts, nullCounts, min, max));
        }
        return out;
    }
}
