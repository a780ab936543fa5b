package io.jazmin.internal.writer;

/**
 * Where a table writer's rows begin: at zero for a new table, after the existing rows for an
 * append (spec §1.24: row ids and ordinals continue; the new directory segment and index segment
 * get their own numbers).
 *
 * @param firstRow         the row id of the first row written
 * @param firstOrdinal     the ordinal of the first chunk written
 * @param directorySegment the number {@code k} of the new directory segment of the partition
 * @param indexSegment     the segment number {@code s} of the new index sections (the append number)
 * @param lastRow          the table's last row (values as stored), for the sort-order check, or {@code null}
 */
record TableStart(long firstRow, int firstOrdinal, int directorySegment, int indexSegment, Object[] lastRow) {

    static TableStart newTable() {
        return new TableStart(0, 0, 0, 0, null);
    }
}
