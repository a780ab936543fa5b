package io.jazmin.internal.table;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.catalog.Uint32List;
import io.jazmin.internal.compress.FlushPoints;
import io.jazmin.internal.compress.ValuePoints;
import io.jazmin.internal.wire.ByteSpan;
import java.util.Arrays;
import java.util.Objects;

/**
 * Where one chunk lives: its ordinal, its rows {@code [rowStart, rowStart + rowCount)}, its part
 * section per column group (offset and whole length), and its place in a directory segment (whose
 * statistics blocks describe it). The parts' offsets, lengths, digests and flush points are read from
 * the segment's own lists (shared by its chunks, never changed), so laying out a table on every cold open
 * builds one object per chunk and no other.
 *
 * <p>The chunk's flush points are decoded (from the directory's packed runs, {@link Uint32List#range})
 * and checked (each value, and their order, {@link FlushPoints#of}) when first used, not when the table
 * is laid out: a lookup reads one chunk of many (issue 33). So damaged flush points of a chunk no query
 * reads fail no open and no read of another chunk; the first read that uses them fails with a
 * {@link JazminFormatException} naming the chunk and its directory segment. The lists' lengths are still
 * checked when laid out.
 */
public final class ChunkInfo {
    private static final int DIGEST_SIZE = 32;
    private final int ordinal;
    private final long rowStart;
    private final int rowCount;
    private final long[] partOffsets;
    private final long[] partLengths;
    private final byte[] partDigests;
    private final int firstPart;
    private final int groupCount;
    private final int segment;
    private final int slot;
    private final String partition;
    private final Uint32List streamOffsets;
    private final Uint32List streamStoredOffsets;
    private final int columnCount;
    /** The segment's value points (chunk-directory field 18), or {@code null}. */
    private final ByteSpan valuePoints;
    /** The directory segment's section id and offset, named when the flush points are damaged. */
    private final String directoryId;
    private final long directoryOffset;
    /** The chunk's flush points once made and checked (immutable: a race makes them twice, alike). */
    private FlushPoints points;

    /**
     * @param partOffsets the segment's part offsets, chunk-major; this chunk's are
     *                    {@code [firstPart, firstPart + groupCount)} (as its lengths and digests)
     * @param partDigests the segment's part digests, 32 bytes each (access-controlled files), else {@code null}
     * @param segment     index of the directory segment in {@link TableData#segments()}
     * @param slot        position of the chunk inside that segment (its index in the statistics lists)
     * @param partition   the partition text of section ids ({@code *} in plain files)
     * @param streamOffsets the segment's raw flush points, {@code columnCount} per part (tables of one column
     *                      group written with column flush points, their count checked), else {@code null}
     * @param streamStoredOffsets the segment's stored flush points, as {@code streamOffsets}
     * @param valuePoints the segment's value points field, with {@code streamOffsets} only, else {@code null}
     * @param directoryId the directory segment's section id and {@code directoryOffset} its offset
     */
    ChunkInfo(int ordinal, long rowStart, int rowCount, long[] partOffsets, long[] partLengths, byte[] partDigests,
              int firstPart, int groupCount, int segment, int slot, String partition, Uint32List streamOffsets,
              Uint32List streamStoredOffsets, int columnCount, ByteSpan valuePoints, String directoryId,
              long directoryOffset) {
        this.ordinal = ordinal;
        this.rowStart = rowStart;
        this.rowCount = rowCount;
        this.partOffsets = partOffsets;
        this.partLengths = partLengths;
        this.partDigests = partDigests;
        this.firstPart = firstPart;
        this.groupCount = groupCount;
        this.segment = segment;
        this.slot = slot;
        this.partition = partition;
        this.streamOffsets = streamOffsets;
        this.streamStoredOffsets = streamStoredOffsets;
        this.columnCount = columnCount;
        this.valuePoints = streamOffsets == null || valuePoints == null || valuePoints.isEmpty() ? null : valuePoints;
        this.directoryId = directoryId;
        this.directoryOffset = directoryOffset;
    }

    /** The chunk's ordinal in its table. */
    public int ordinal() {
        return ordinal;
    }

    /** The table row id of the chunk's first row. */
    public long rowStart() {
        return rowStart;
    }

    /** Rows in the chunk. */
    public int rowCount() {
        return rowCount;
    }

    /** How many parts the chunk has: one per column group. */
    public int groupCount() {
        return groupCount;
    }

    /** File offset of the part of group {@code g}. */
    public long partOffset(int g) {
        return partOffsets[firstPart + Objects.checkIndex(g, groupCount)];
    }

    /** Whole-section length of the part of group {@code g}. */
    public long partLength(int g) {
        return partLengths[firstPart + Objects.checkIndex(g, groupCount)];
    }

    /** Whether the file lists the parts' digests (access-controlled files). */
    public boolean hasDigests() {
        return partDigests != null;
    }

    /** The digest of the part of group {@code g} (a copy), or {@code null} when the file lists none. */
    public byte[] partDigest(int g) {
        if (partDigests == null) {
            return null;
        }
        int at = (firstPart + Objects.checkIndex(g, groupCount)) * DIGEST_SIZE;
        return Arrays.copyOfRange(partDigests, at, at + DIGEST_SIZE);
    }

    /** Index of the directory segment in {@link TableData#segments()}. */
    public int segment() {
        return segment;
    }

    /** Position of the chunk inside its segment (its index in the statistics lists). */
    public int slot() {
        return slot;
    }

    /** The partition text of section ids ({@code *} in plain files). */
    public String partition() {
        return partition;
    }

    /** Whether the streams of the chunk's one part inflate on their own (see {@link #flushPoints}). */
    public boolean hasFlushPoints() {
        return streamOffsets != null;
    }

    /**
     * Where the streams of the chunk's one part inflate on their own, or {@code null}; decoded and
     * checked at the first call.
     *
     * @throws JazminFormatException naming the chunk and its directory segment when they are damaged or out of order
     */
    public FlushPoints flushPoints() {
        if (streamOffsets == null) {
            return null;
        }
        FlushPoints made = points;
        if (made == null) {
            try {
                int from = firstPart * columnCount;
                made = FlushPoints.of(streamOffsets.range(from, columnCount),
                        streamStoredOffsets.range(from, columnCount), 0, columnCount);
            } catch (JazminFormatException e) {
                throw new JazminFormatException("chunk " + ordinal + ": " + e.getMessage(), directoryId,
                        directoryOffset, e);
            }
            points = made;
        }
        return made;
    }

    /**
     * The value points of the chunk's one part (decoded now from the directory's field, their
     * structure checked), or {@code null} when it has none.
     *
     * @throws io.jazmin.error.JazminFormatException when they are damaged
     */
    public ValuePoints valuePoints() {
        return valuePoints == null ? null : ValuePoints.part(valuePoints, firstPart, flushPoints());
    }

    /**
     * The value points entry of the chunk's one part as the directory stores it, not decoded (empty
     * when it has none): for a compaction carrying the part, after {@link #valuePoints()} checked it.
     */
    public ByteSpan valuePointsEntry() {
        return valuePoints == null ? ByteSpan.EMPTY : ValuePoints.entry(valuePoints, firstPart);
    }

    /** Bytes of all the chunk's part sections. */
    public long storedBytes() {
        long n = 0;
        for (int g = 0; g < groupCount; g++) {
            n += partLengths[firstPart + g];
        }
        return n;
    }

    @Override
    public String toString() {
        return "chunk " + ordinal + " (rows " + rowStart + "+" + rowCount + ", segment " + segment + " slot " + slot + ")";
    }
}
