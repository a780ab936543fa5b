package io.jazmin.internal.table;

import io.jazmin.internal.compress.FlushPoints;

/**
 * Where one chunk lives: its ordinal, its rows {@code [rowStart, rowStart + rowCount)}, its part
 * section per column group (offset and whole length), and its place in a directory segment (whose
 * statistics blocks describe it).
 *
 * @param segment     index of the directory segment in {@link TableData#segments()}
 * @param slot        position of the chunk inside that segment (its index in the statistics lists)
 * @param partition   the partition text of section ids ({@code *} in plain files)
 * @param partDigests per column group, the part's SHA-256 (access-controlled files), else {@code null}
 * @param flushPoints where the streams of the chunk's one part inflate on their own (tables of one column
 *                    group written with column flush points), else {@code null}
 */
public record ChunkInfo(int ordinal, long rowStart, int rowCount, long[] partOffsets, long[] partLengths,
                        int segment, int slot, String partition, byte[][] partDigests, FlushPoints flushPoints) {

    /** The digest of the part of group {@code g}, or {@code null} when the file lists none. */
    public byte[] partDigest(int g) {
        return partDigests == null ? null : partDigests[g];
    }

    /** Bytes of all the chunk's part sections. */
    public long storedBytes() {
        long n = 0;
        for (long l : partLengths) {
            n += l;
        }
        return n;
    }
}
