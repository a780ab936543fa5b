package io.jazmin.internal.query;

import io.jazmin.schema.Column;
import io.jazmin.internal.column.ChunkStatistics;
import io.jazmin.internal.column.LeafChunkStatistics;
import java.util.Arrays;
import java.util.List;

/**
 * The statistics one chunk has for the parts an inner filter of {@code any}/{@code match} reads
 * (spec §2.2 step 3): the leaf statistics of a nested column, seen as the "columns" the inner
 * filter is bound to — an object's fields by position, or the item itself at position 0. The
 * "row count" is the number of entries of those parts (objects or items) in the chunk.
 */
final class LeafView implements StatisticsView {
    private final ChunkStatistics column;
    private final int[] path;
    private final List<Column> parts;
    private final boolean overFields;

    /**
     * @param column     the nested column's statistics, with its leaves
     * @param path       field positions from the column down to the parts
     * @param parts      the columns the inner filter is bound to
     * @param overFields whether the parts are an object's fields (each adds a step to the path)
     *                   rather than a list's item itself
     */
    LeafView(ChunkStatistics column, int[] path, List<Column> parts, boolean overFields) {
        this.column = column;
        this.path = path;
        this.parts = parts;
        this.overFields = overFields;
    }

    /** The view of the parts of a list or object at {@code position}, for its own inner filter. */
    LeafView nested(int position, List<Column> innerParts, boolean innerOverFields) {
        return new LeafView(column, pathOf(position), innerParts, innerOverFields);
    }

    private int[] pathOf(int position) {
        if (!overFields) {
            return path;
        }
        int[] out = Arrays.copyOf(path, path.length + 1);
        out[path.length] = position;
        return out;
    }

    private LeafChunkStatistics leaf(int position) {
        return parts.get(position).type().isNested() ? null : column.leaf(pathOf(position));
    }

    @Override
    public ChunkStatistics column(int position) {
        LeafChunkStatistics leaf = leaf(position);
        return leaf == null ? null : leaf.values();
    }

    /** Entries of the parts (all leaves directly below one object or item count the same), or -1 when unknown. */
    @Override
    public int rowCount() {
        for (int p = 0; p < parts.size(); p++) {
            LeafChunkStatistics leaf = leaf(p);
            if (leaf != null) {
                return (int) Math.min(leaf.valueCount(), Integer.MAX_VALUE);
            }
        }
        return -1;
    }
}
