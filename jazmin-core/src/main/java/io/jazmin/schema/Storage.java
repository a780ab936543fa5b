package io.jazmin.schema;

import java.util.List;

/**
 * How a file's bytes are used by its current version (spec §1.24), to decide when to compact.
 * Appends never rewrite existing bytes: each one leaves the previous header, trailer and (when
 * rows were deleted) deleted-row list behind as dead bytes, and an interrupted append leaves its
 * unfinished tail. Deleted rows still occupy their chunks until compaction; they are counted
 * apart ({@link #deletedRows()}), not as dead bytes. {@code liveBytes + deadBytes + hiddenBytes}
 * is always {@code fileBytes}; an access key's report puts what it cannot see in
 * {@link #hiddenBytes()}, never in the dead bytes (only the owner can compact a shared file).
 *
 * @param fileBytes    the file's size
 * @param versionBytes where the current version ends (the end of its trailer); less than
 *                     {@code fileBytes} only after an interrupted append
 * @param liveBytes    bytes the current version references, as far as the opening key reaches:
 *                     preamble, header, trailer and every section its catalog names (chunk parts,
 *                     directory segments, statistics, index sections and pages, deleted rows,
 *                     partition tables, deltas, embedded files; in access-controlled files also
 *                     the signature, key-slot list and pages, owner directory and owner catalog)
 * @param deadBytes    bytes the current version no longer references: superseded headers, trailers, deleted-row
 *                     lists and directories, and an interrupted append's tail; 0 right after a full
 *                     write. For an access key only the interrupted append's tail, since it cannot
 *                     tell superseded bytes from the parts of the file hidden from it
 * @param hiddenBytes  bytes an access key cannot attribute: the partitions, column groups, indexes,
 *                     chunk maps and file groups it was not granted, plus whatever superseded bytes
 *                     lie among them ({@code fileBytes − liveBytes − deadBytes}); neither live nor
 *                     dead for that key. 0 for the owner key and for files without access control
 * @param appendCount  appends since the last full write
 * @param appended     whether the APPENDED flag is set
 * @param recovered    whether the last append did not finish and an earlier version is current
 * @param tables       per table, in file order
 */
public record Storage(long fileBytes, long versionBytes, long liveBytes, long deadBytes, long hiddenBytes,
                      long appendCount, boolean appended, boolean recovered, List<Table> tables) {

    public Storage {
        tables = List.copyOf(tables);
    }

    /**
     * One table's share, as far as the opening key sees it: an access key's figures cover only its
     * partitions and column groups, and it sees no index.
     *
     * @param name              the table name
     * @param rowCount          visible rows (deleted ones not counted)
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
