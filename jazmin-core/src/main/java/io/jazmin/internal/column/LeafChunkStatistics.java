package io.jazmin.internal.column;

import java.util.Arrays;

/**
 * One chunk's statistics of one leaf of a nested column (spec §1.14): a field or item that is not
 * itself a list or object, found by the field positions from the column down to it (list items add
 * no step).
 *
 * @param path       field positions from the column to the leaf (shared, do not modify)
 * @param valueCount entries of the leaf in the chunk, nulls included
 * @param values     null count and key-form bounds over the non-null entries
 */
public record LeafChunkStatistics(int[] path, long valueCount, ChunkStatistics values) {

    /** Whether this leaf is at {@code otherPath}. */
    public boolean isAt(int[] otherPath) {
        return Arrays.equals(path, otherPath);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LeafChunkStatistics other && Arrays.equals(other.path, path)
                && other.valueCount == valueCount && other.values.equals(values);
    }

    @Override
    public int hashCode() {
        return (Arrays.hashCode(path) * 31 + Long.hashCode(valueCount)) * 31 + values.hashCode();
    }

    @Override
    public String toString() {
        return "LeafChunkStatistics[path=" + Arrays.toString(path) + ", values=" + valueCount + ", " + values + "]";
    }
}
