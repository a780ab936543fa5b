package io.jazmin.internal.table;

import io.jazmin.internal.catalog.ChunkMap;
import io.jazmin.internal.catalog.TableEntry;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.PrimitiveIterator;
import java.util.Set;

/**
 * The owner's chunk map of a table (spec §1.19): the map of the last full write joined with the
 * map of the chunks appended since, giving per chunk ordinal its rows and its partition, so that
 * the rows an index found lead to the partitions whose directory segments hold them. The map is
 * optional, and what the directories list is
 * checked against it ({@link #agrees}) before a reader relies on it.
 */
final class ChunkMapView {
    /** Per ordinal, its first row id; one more entry: the table's rows. */
    private final long[] rowStarts;
    /** Per ordinal, its partition's text in section ids (base64url of the id). */
    private final String[] partitionOf;
    /** Partition text → how many chunks the map gives it. */
    private final Map<String, Integer> chunkCounts = new HashMap<>();

    private ChunkMapView(long[] rowStarts, String[] partitionOf) {
        this.rowStarts = rowStarts;
        this.partitionOf = partitionOf;
        for (String p : partitionOf) {
            chunkCounts.merge(p, 1, Integer::sum);
        }
    }

    /**
     * The map of {@code full} followed by {@code appended} ({@code null}: none appended), or
     * {@code null} when it does not describe {@code table}: its lists disagree in length, name a
     * partition it does not list, or its chunk count or total rows differ from the table's.
     */
    static ChunkMapView of(ChunkMap full, ChunkMap appended, TableEntry table) {
        List<ChunkMap> parts = appended == null ? List.of(full) : List.of(full, appended);
        long chunks = 0;
        for (ChunkMap m : parts) {
            if (m.rowCounts().length != m.partitionOf().length) {
                return null;
            }
            chunks += m.rowCounts().length;
        }
        if (chunks != table.chunkCount()) {
            return null;
        }
        long[] starts = new long[(int) chunks + 1];
        String[] partitionOf = new String[(int) chunks];
        int ordinal = 0;
        long rows = 0;
        for (ChunkMap m : parts) {
            for (int i = 0; i < m.rowCounts().length; i++, ordinal++) {
                int p = m.partitionOf()[i];
                long count = m.rowCounts()[i];
                if (p < 0 || p >= m.partitions().size() || count < 0 || count > table.rowCount() - rows) {
                    return null;
                }
                starts[ordinal] = rows;
                partitionOf[ordinal] = Base64.getUrlEncoder().withoutPadding().encodeToString(m.partitions().get(p));
                rows += count;
            }
        }
        starts[ordinal] = rows;
        return rows == table.rowCount() ? new ChunkMapView(starts, partitionOf) : null;
    }

    /** The partitions holding the row ids {@code rows} (ascending, within the table's rows). */
    Set<String> partitionsHolding(PrimitiveIterator.OfLong rows) {
        Set<String> out = new HashSet<>();
        int ordinal = 0;
        while (rows.hasNext()) {
            long row = rows.nextLong();
            while (ordinal < partitionOf.length && rowStarts[ordinal + 1] <= row) {
                ordinal++;
            }
            if (ordinal < partitionOf.length) {
                out.add(partitionOf[ordinal]);
            }
        }
        return out;
    }

    /**
     * Whether {@code chunks}, all the chunks the directory segments of {@code partitions} list, are
     * exactly the chunks the map gives those partitions, with the same rows.
     */
    boolean agrees(Set<String> partitions, List<ChunkInfo> chunks) {
        long expected = 0;
        for (String p : partitions) {
            expected += chunkCounts.getOrDefault(p, 0);
        }
        if (chunks.size() != expected) {
            return false;
        }
        for (ChunkInfo c : chunks) {
            int o = c.ordinal();
            if (!c.partition().equals(partitionOf[o]) || c.rowStart() != rowStarts[o]
                    || c.rowCount() != rowStarts[o + 1] - rowStarts[o]) {
                return false;
            }
        }
        return true;
    }
}
