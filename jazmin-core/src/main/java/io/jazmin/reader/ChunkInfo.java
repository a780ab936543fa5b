package io.jazmin.reader;

/**
 * Where one chunk lives: its ordinal, its rows {@code [rowStart, rowStart + rowCount)}, its part
 * section per column group (offset and whole length), and its place in a directory segment (whose
 * statistics blocks describe it).
 *
 * @param segment index of the directory segment in {@link TableData#segments()}
 * @param slot    position of the chunk inside that segment (its index in the statistics lists)
 */
public record ChunkInfo(int ordinal, long rowStart, int rowCount, long[] partOffsets, long[] partLengths,
                        int segment, int slot) {

    /** Bytes of all the chunk's part sections. */
    public long storedBytes() {
        long n = 0;
        for (long l : partLengths) {
            n += l;
        }
        return n;
    }
}
