package io.jazmin.internal.index;

import io.jazmin.schema.ColumnType;
import io.jazmin.internal.catalog.IndexRef;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * All segments of one index (the one written with the file and one per append, spec §1.16) as one
 * index: costs add up, rows are the union of the segments' rows. Segments cover disjoint rows.
 */
public final class IndexSegments implements ColumnIndex {
    private final List<ColumnIndex> segments;

    /** Combines segments of the same column and kind. */
    public IndexSegments(List<? extends ColumnIndex> segments) {
        this.segments = List.copyOf(segments);
    }

    /**
     * Opens the segments {@code refs} (one column and kind, any order): sorted ones read their
     * directories now, trigram ones are read on first use.
     *
     * @param table       the table's number in the file
     * @param type        the column's type
     * @param rowCount    the table's row count (written rows, deleted ones included)
     * @param indexDeltas whether the file lists reader feature {@code index-deltas}
     */
    public static IndexSegments open(int table, List<IndexRef> refs, ColumnType type, long rowCount,
                                     boolean indexDeltas, SectionLoader loader) {
        List<ColumnIndex> opened = new ArrayList<>(refs.size());
        for (IndexRef ref : refs) {
            opened.add(IndexRef.TRIGRAM.equals(ref.kind())
                    ? TrigramIndex.open(table, ref, rowCount, loader)
                    : SortedIndex.open(table, ref, type, rowCount, indexDeltas, loader));
        }
        return new IndexSegments(opened);
    }

    /** The sum of the segments' costs; empty when there is no segment or one cannot answer. */
    @Override
    public OptionalLong cost(IndexLookup lookup) {
        return sum(segment -> segment.cost(lookup));
    }

    /** The sum of the segments' inflated costs; empty when there is no segment or one cannot answer. */
    @Override
    public OptionalLong inflatedCost(IndexLookup lookup) {
        return sum(segment -> segment.inflatedCost(lookup));
    }

    /** The sum of one figure over the segments; empty when there is no segment or one does not know it. */
    private OptionalLong sum(Function<ColumnIndex, OptionalLong> costOf) {
        if (segments.isEmpty()) {
            return OptionalLong.empty();
        }
        long total = 0;
        for (ColumnIndex segment : segments) {
            OptionalLong figure = costOf.apply(segment);
            if (figure.isEmpty()) {
                return figure;
            }
            total += figure.getAsLong();
        }
        return OptionalLong.of(total);
    }

    /** The sum over the segments; empty unless every segment knows. */
    @Override
    public OptionalLong selectsAtMost(IndexLookup lookup) {
        return sum(segment -> segment.selectsAtMost(lookup));
    }

    /** The union of the segments' rows. */
    @Override
    public RowIdSet rows(IndexLookup lookup) {
        List<RowIdSet> parts = new ArrayList<>(segments.size());
        for (ColumnIndex segment : segments) {
            parts.add(segment.rows(lookup));
        }
        return RowIdSet.unionAll(parts);
    }
}
