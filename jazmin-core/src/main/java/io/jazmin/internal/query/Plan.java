package io.jazmin.internal.query;

import io.jazmin.internal.table.ChunkInfo;
import java.util.List;

/**
 * How a query will run: the chunks it must read (with what statistics proved about each), how
 * many chunks statistics ruled out, and — when indexes were used — the candidate row ids, which
 * are re-checked against the full filter.
 *
 * @param chunks        the chunks to read, in file order
 * @param proofs        for each of {@code chunks}: {@link Tri#ALL} if every row matches, else {@link Tri#SOME}
 * @param totalChunks   chunks in the table
 * @param candidates    row ids from indexes (sorted), or {@code null} for a plain scan
 * @param indexed       what every candidate holds if the indexes are right (see
 *                      {@code IndexPlanner.Candidates}), or {@code null} when that cannot be told
 */
public record Plan(List<ChunkInfo> chunks, List<Tri> proofs, int totalChunks, RowIds candidates, Predicate indexed) {

    /** {@code index} when indexes narrowed the rows, else {@code scan}. */
    public String strategy() {
        return candidates == null ? "scan" : "index";
    }

    public int chunksSkipped() {
        return totalChunks - chunks.size();
    }
}
