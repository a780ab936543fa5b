package io.jazmin.internal.index;

import java.util.OptionalLong;

/**
 * An index of one column the planner can ask: first what a lookup costs, then its rows. Implemented
 * by {@link SortedIndex}, {@link TrigramIndex} and {@link IndexSegments} (all segments of one index).
 */
public interface ColumnIndex {

    /**
     * The bytes of index sections the lookup still has to read (sections already held in memory
     * cost nothing), found without reading anything; empty when this index cannot answer it.
     */
    OptionalLong cost(IndexLookup lookup);

    /**
     * The raw bytes the lookup still has to inflate and decode (the raw lengths of the sections it
     * would read) where the index can tell without reading them, else its {@link #cost}; empty when
     * this index cannot answer it. What a lookup costs in work, to weigh against a scan's.
     */
    default OptionalLong inflatedCost(IndexLookup lookup) {
        return cost(lookup);
    }

    /**
     * The rows the lookup selects: exactly the matching rows for sorted indexes, a superset for
     * trigram ones. Deleted rows are included.
     *
     * @throws IllegalArgumentException when {@link #cost} is empty for this lookup
     * @throws io.jazmin.error.JazminFormatException when an index section is damaged
     */
    RowIdSet rows(IndexLookup lookup);

    /**
     * At most how many rows {@link #rows} would select, when the index knows without decoding any
     * postings (a trigram index reads its section for it); empty when it does not know. The
     * planner scans instead of looking up when a lookup would select most rows.
     */
    default OptionalLong selectsAtMost(IndexLookup lookup) {
        return OptionalLong.empty();
    }
}
