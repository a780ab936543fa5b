package io.jazmin.internal.index;

import io.jazmin.schema.ColumnType;
import io.jazmin.internal.catalog.IndexRef;
import java.util.List;

/** Builds indexes of a column given as a list of cells (row id = position) into memory sections. */
final class TestIndexes {
    static final String COLUMN = "c";

    private TestIndexes() {
    }

    /** Writes a sorted index of cells[from..to) as segment {@code segment} of table 0. */
    static IndexRef sorted(MemorySections out, ColumnType type, List<?> cells, int from, int to, int segment,
                           int pageBytes, boolean compact) {
        SortedIndexBuilder builder = new SortedIndexBuilder(type);
        for (int row = from; row < to; row++) {
            builder.add(row, cells.get(row));
        }
        return new IndexSectionsWriter(out, pageBytes, compact).writeSorted(0, COLUMN, segment, builder);
    }

    /** Writes a trigram index of cells[from..to) as segment {@code segment} of table 0. */
    static IndexRef trigram(MemorySections out, List<?> cells, int from, int to, int segment) {
        TrigramIndexBuilder builder = new TrigramIndexBuilder();
        for (int row = from; row < to; row++) {
            builder.add(row, (String) cells.get(row));
        }
        return new IndexSectionsWriter(out).writeTrigram(0, COLUMN, segment, builder);
    }

    /** A one-segment sorted index of all cells, opened for reading. */
    static SortedIndex openSorted(MemorySections out, ColumnType type, List<?> cells, int pageBytes, boolean compact) {
        IndexRef ref = sorted(out, type, cells, 0, cells.size(), 0, pageBytes, compact);
        return SortedIndex.open(0, ref, type, cells.size(), compact, out);
    }
}
