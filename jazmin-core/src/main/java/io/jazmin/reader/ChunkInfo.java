package io.jazmin.reader;

/**
 * Where one chunk lives: its ordinal, its rows {@code [rowStart, rowStart + rowCount)}, and its
 * part section per column group (offset and whole length).
 */
public record ChunkInfo(int ordinal, long rowStart, int rowCount, long[] partOffsets, long[] partLengths) {
}
