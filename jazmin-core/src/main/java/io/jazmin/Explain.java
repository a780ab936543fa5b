package io.jazmin;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How a query runs (spec §2.4). Without analyze only the plan is filled in; with analyze the
 * query was run and the work it did is counted ({@code -1} marks a figure that was not measured).
 *
 * @param strategy       {@code index} when indexes narrowed the rows, else {@code scan}
 * @param sort           how rows are ordered: {@code none} (file order, none asked), {@code file-order} (the
 *                       order asked is the table's {@code sorted_by}), {@code top-k} (one pass over the sort
 *                       and filter columns keeps the first offset + limit rows, then only those are read) or
 *                       {@code full-sort} (every match's keys sorted in memory, no limit)
 * @param candidateRows  rows the indexes left to check (index strategy), else -1
 * @param chunks         chunks in the table
 * @param chunksSkipped  chunks that statistics or indexes ruled out
 * @param rows           rows returned (analyze)
 * @param bytesRead      bytes of sections read: chunks, index pages, statistics, directories (analyze)
 * @param chunksRead     chunk parts read (analyze)
 * @param indexPagesRead index directories, pages and trigram sections read (analyze)
 * @param columnsDecoded columns decoded, one per column per chunk (analyze)
 * @param millis         elapsed time in milliseconds (analyze)
 * @param directorySegmentsRead chunk directory segments read by the query (analyze), when the table's
 *                       partitions are read on demand (the owner of a shared file with a chunk map);
 *                       else -1
 */
public record Explain(String strategy, String sort, long candidateRows, int chunks, int chunksSkipped, long rows, long bytesRead,
                      long chunksRead, long indexPagesRead, long columnsDecoded, double millis,
                      long directorySegmentsRead) {

    /** The fields as an ordered map, omitting those not measured (for JSON output). */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("strategy", strategy);
        if (!"none".equals(sort)) {
            m.put("sort", sort);
        }
        if (candidateRows >= 0) {
            m.put("candidateRows", candidateRows);
        }
        m.put("chunks", chunks);
        m.put("chunksSkipped", chunksSkipped);
        if (rows >= 0) {
            m.put("rows", rows);
            m.put("bytesRead", bytesRead);
            m.put("chunksRead", chunksRead);
            m.put("indexPagesRead", indexPagesRead);
            m.put("columnsDecoded", columnsDecoded);
            m.put("ms", millis);
        }
        if (directorySegmentsRead >= 0) {
            m.put("directorySegmentsRead", directorySegmentsRead);
        }
        return m;
    }
}
