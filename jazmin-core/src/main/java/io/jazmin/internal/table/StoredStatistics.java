package io.jazmin.internal.table;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.catalog.ColumnStatistics;
import io.jazmin.internal.catalog.LeafStatistics;
import io.jazmin.internal.column.ChunkStatistics;
import io.jazmin.internal.column.KeyForms;
import io.jazmin.internal.column.LeafChunkStatistics;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Turns one column's stored statistics into per-chunk {@link ChunkStatistics}, checking them
 * (spec §1.14): one entry per chunk; leaves only on list/object columns, each at a distinct path
 * that ends at a leaf of the column's definition, with no more nulls than entries; no min above its
 * max (chunks are skipped by these bounds, so crossed ones would silently drop matching rows).
 */
final class StoredStatistics {
    private StoredStatistics() {
    }

    /** An estimate of the heap scalar statistics hold (cache budgets): each entry, its bounds and the array. */
    static long heapBytes(ChunkStatistics[] perChunk) {
        long n = 16 + 4L * perChunk.length;
        for (ChunkStatistics c : perChunk) {
            n += c == null ? 0 : 64 + c.min().length + c.max().length;
        }
        return n;
    }

    static ChunkStatistics[] perChunk(Column column, ColumnStatistics c, int chunks) {
        if (c.nullCounts().length != chunks || c.min().size() != chunks || c.max().size() != chunks) {
            throw new JazminFormatException("statistics do not have one entry per chunk of their segment");
        }
        List<LeafStatistics> leaves = c.leaves();
        if (!leaves.isEmpty() && !column.type().isNested()) {
            throw new JazminFormatException("column '" + column.name() + "' is a " + column.type().typeName()
                    + " column but has leaf statistics");
        }
        Set<List<Integer>> paths = new HashSet<>();
        for (LeafStatistics leaf : leaves) {
            check(column, leaf, chunks);
            if (!paths.add(Arrays.stream(leaf.path()).boxed().toList())) {
                throw new JazminFormatException("leaf statistics repeat path " + Arrays.toString(leaf.path())
                        + " of column '" + column.name() + "'");
            }
        }
        ChunkStatistics[] out = new ChunkStatistics[chunks];
        for (int i = 0; i < chunks; i++) {
            // A scalar column's chunks take no list and no iterator: this runs per chunk at every cold open's pruning.
            List<LeafChunkStatistics> ofChunk = leaves.isEmpty() ? List.of() : new ArrayList<>(leaves.size());
            for (int l = 0; l < leaves.size(); l++) {
                LeafStatistics leaf = leaves.get(l);
                ofChunk.add(new LeafChunkStatistics(leaf.path(), leaf.valueCounts()[i],
                        ChunkStatistics.of(leaf.nullCounts()[i], leaf.min().get(i), leaf.max().get(i))));
            }
            out[i] = ChunkStatistics.of(c.nullCounts()[i], c.min().get(i), c.max().get(i), ofChunk);
            // The messages are built only for damage.
            if (!boundsInOrder(column.type(), out[i])) {
                throw boundsOutOfOrder("column '" + column.name() + "'", i);
            }
            for (int l = 0; l < ofChunk.size(); l++) {
                LeafChunkStatistics leaf = ofChunk.get(l);
                if (!boundsInOrder(leafAt(column, leaf.path()).type(), leaf.values())) {
                    throw boundsOutOfOrder("leaf " + Arrays.toString(leaf.path()) + " of column '" + column.name()
                            + "'", i);
                }
            }
        }
        return out;
    }

    /** Whether the stored min does not sort after the stored max (bounds decode only when both are there). */
    private static boolean boundsInOrder(ColumnType type, ChunkStatistics s) {
        return s.min().length == 0 || s.max().length == 0 || !type.isOrdered()
                || KeyForms.comparator(type).compare(s.minKey(type), s.maxKey(type)) <= 0;
    }

    private static JazminFormatException boundsOutOfOrder(String what, int slot) {
        // The values stay out of the message: in an encrypted file they are the file's contents.
        return new JazminFormatException("statistics of " + what + " for chunk " + slot
                + " of their directory segment are inconsistent: the min sorts after the max");
    }

    private static void check(Column column, LeafStatistics leaf, int chunks) {
        if (leaf.valueCounts().length != chunks || leaf.nullCounts().length != chunks || leaf.min().size() != chunks
                || leaf.max().size() != chunks) {
            throw new JazminFormatException("leaf statistics of column '" + column.name()
                    + "' do not have one entry per chunk of their segment");
        }
        Column at = leafAt(column, leaf.path());
        if (at == null || at.type().isNested()) {
            throw new JazminFormatException("leaf statistics path " + Arrays.toString(leaf.path()) + " of column '"
                    + column.name() + "' does not end at a leaf");
        }
        for (int i = 0; i < chunks; i++) {
            // Counts are unsigned on the wire: a negative long here is a count beyond 2^63.
            if (leaf.valueCounts()[i] < 0 || leaf.nullCounts()[i] < 0
                    || leaf.nullCounts()[i] > leaf.valueCounts()[i]) {
                throw new JazminFormatException("leaf statistics of column '" + column.name()
                        + "' count more nulls than entries");
            }
        }
    }

    /** The part of {@code column} at {@code path} (list items add no step), or {@code null}. */
    private static Column leafAt(Column column, int[] path) {
        Column at = column;
        int step = 0;
        while (true) {
            if (at.type().hasItems()) {
                at = at.item();
            } else if (at.type().hasFields()) {
                if (step == path.length || path[step] < 0 || path[step] >= at.fields().size()) {
                    return null;
                }
                at = at.fields().get(path[step++]);
            } else {
                return step == path.length ? at : null;
            }
        }
    }
}
