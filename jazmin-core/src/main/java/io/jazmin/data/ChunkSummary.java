package io.jazmin.data;

/**
 * One chunk of a table as {@code JazminTable.chunks()} lists it: enough to share a file's chunks
 * among several readers by byte range (a chunk belongs to the range that holds its first part's
 * offset, which no other chunk shares) and to size their work.
 *
 * @param ordinal         the chunk's ordinal in the table, as the chunk-restricted queries of
 *                        {@code JazminTable} take it
 * @param rowStart        the id of its first row
 * @param rowCount        rows written in it, deleted ones included
 * @param deletedRows     rows of it deleted since
 * @param firstPartOffset the file offset of its first part section (column group 0)
 * @param storedBytes     bytes of all its part sections as stored (compressed, encrypted)
 */
public record ChunkSummary(int ordinal, long rowStart, int rowCount, long deletedRows, long firstPartOffset,
                           long storedBytes) {

    /** Rows of this chunk a reader returns: written minus deleted. */
    public long liveRows() {
        return rowCount - deletedRows;
    }
}
