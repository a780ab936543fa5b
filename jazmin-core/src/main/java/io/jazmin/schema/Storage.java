package io.jazmin.schema;

import java.util.List;

/**
 * How a file's bytes are used by its current version (spec §1.24), to decide when to compact.
 * Appends never rewrite existing bytes: each one leaves the previous header, trailer and (when
 * rows were deleted) deleted-row list behind as dead bytes, and an interrupted append leaves its
 * unfinished tail. Deleted rows still occupy their chunks until compaction; they are counted
 * apart ({@link #deletedRows()}), not as dead bytes.
 *
 * @param fileBytes    the file's size
 * @param versionBytes where the current version ends (the end of its trailer); less than
 *                     {@code fileBytes} only after an interrupted append
 * @param liveBytes    bytes the current version references: preamble, header, trailer and every
 *                     section its catalog names (chunk parts, directory segments, statistics,
 *                     index sections and pages, deleted rows, partition tables, deltas, embedded files)
 * @param deadBytes    {@code fileBytes − liveBytes}: superseded headers, trailers, deleted-row lists
 *                     and directories, and an interrupted append's tail; 0 right after a full write
 * @param appendCount  appends since the last full write
 * @param appended     whether the APPENDED flag is set
 * @param recovered    whether the last append did not finish and an earlier version is current
 * @param tables       per table, in file order
 */
public record Storage(long fileBytes, long versionBytes, long liveBytes, long deadBytes, long appendCount,
                      boolean appended, boolean recovered, List<Table> tables) {

    public Storage {
        tables = List.copyOf(tables);
    }

    /**
     * One table's share.
     *
     * @param name              the table name
     * @param rowCount          visible rows
     * @param deletedRows       rows deleted but still stored (dropped by compaction)
     * @param chunks            chunks
     * @param directorySegments directory segments (one per full write plus one per append that added rows)
     * @param indexSegments     index sections listed (one per index and write or append)
     * @param chunkBytes        bytes of the table's chunk parts, deleted rows included
     */
    public record Table(String name, long rowCount, long deletedRows, int chunks, int directorySegments,
                        int indexSegments, long chunkBytes) {
    }

    /** Deleted rows of all tables. */
    public long deletedRows() {
        return tables.stream().mapToLong(Table::deletedRows).sum();
    }

    /** Chunks of all tables. */
    public long chunks() {
        return tables.stream().mapToLong(Table::chunks).sum();
    }

    /** Directory segments of all tables. */
    public long directorySegments() {
        return tables.stream().mapToLong(Table::directorySegments).sum();
    }

    /** The share of the file that compaction would drop as dead bytes (0 to 1). */
    public double deadRatio() {
        return fileBytes == 0 ? 0 : (double) deadBytes / fileBytes;
    }
}
