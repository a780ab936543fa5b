package io.jazmin.internal.catalog;

import io.jazmin.internal.wire.ByteReader;
import io.jazmin.internal.wire.ByteSpan;
import java.util.ArrayList;
import java.util.List;

/**
 * Proto {@code ChunkDirectory}: payload of a directory segment {@code <t>/dir/<p>[/<k>]}. Lists that
 * are stored as differences on disk ({@code ordinals}, {@code rowStarts}, {@code partOffsets}) are
 * held here as absolute values. Arrays are shared with the constructor's caller and the accessors'
 * callers: do not modify.
 *
 * @param ordinals    chunk ordinals, ascending
 * @param rowStarts   first row id of each chunk
 * @param rowCounts   rows in each chunk
 * @param partOffsets absolute file offsets of the chunk parts, chunk-major, column groups in order
 * @param partLengths whole-section lengths of the chunk parts
 * @param partDigests 32-byte SHA-256 per part, concatenated (access-controlled files), else empty
 * @param statistics  statistics blocks covering the segment's chunks
 * @param streamOffsets       optional (field 16, Java writers only; other readers skip it): per part, per
 *                            column stream of its group in order, where the stream's length varint starts
 *                            in the raw payload; empty when the writer recorded none. A decoded directory's
 *                            packed run stays undecoded, a view of the raw directory bytes, its values
 *                            decoded and checked when a chunk's are read ({@link Uint32List#range}; issue
 *                            33: these lists hold three quarters of a directory's numbers, and a lookup
 *                            reads one chunk's)
 * @param streamStoredOffsets optional (field 17, with field 16): per entry of {@code streamOffsets}, the
 *                            offset in the stored payload of the Deflate full-flush point before that
 *                            stream, from which it inflates on its own; kept as {@code streamOffsets}
 * @param valuePoints         optional (field 18, {@code bytes}, Java writers only; other readers skip it): per
 *                            part, the Deflate full flushes inside its column streams
 *                            ({@link io.jazmin.internal.compress.ValuePoints}); empty when none. A decoded
 *                            directory's is a view of the raw directory bytes, not a copy (issue 33: a
 *                            cold lookup would otherwise copy every chunk's points to read one's)
 */
public record ChunkDirectory(int[] ordinals, long[] rowStarts, int[] rowCounts, long[] partOffsets,
                             long[] partLengths, byte[] partDigests, List<StatisticsBlock> statistics,
                             Uint32List streamOffsets, Uint32List streamStoredOffsets, ByteSpan valuePoints)
        implements ProtoMessage {

    /** The arrays are taken over, not copied (a directory is decoded on every open of a file; its writer builds fresh ones). */
    public ChunkDirectory {
        ordinals = Values.owned(ordinals);
        rowStarts = Values.owned(rowStarts);
        rowCounts = Values.owned(rowCounts);
        partOffsets = Values.owned(partOffsets);
        partLengths = Values.owned(partLengths);
        partDigests = Values.bytes(partDigests);
        statistics = Values.list(statistics);
        streamOffsets = streamOffsets == null ? Uint32List.EMPTY : streamOffsets;
        streamStoredOffsets = streamStoredOffsets == null ? Uint32List.EMPTY : streamStoredOffsets;
        valuePoints = valuePoints == null ? ByteSpan.EMPTY : valuePoints; // shared, as the lists above
    }

    /** A directory with value points {@code valuePoints} (taken over; {@code null} or empty: none). */
    public ChunkDirectory(int[] ordinals, long[] rowStarts, int[] rowCounts, long[] partOffsets,
                          long[] partLengths, byte[] partDigests, List<StatisticsBlock> statistics,
                          int[] streamOffsets, int[] streamStoredOffsets, byte[] valuePoints) {
        this(ordinals, rowStarts, rowCounts, partOffsets, partLengths, partDigests, statistics,
                Uint32List.of(streamOffsets), Uint32List.of(streamStoredOffsets), ByteSpan.of(valuePoints));
    }

    /** A directory without value points (field 18 absent). */
    public ChunkDirectory(int[] ordinals, long[] rowStarts, int[] rowCounts, long[] partOffsets,
                          long[] partLengths, byte[] partDigests, List<StatisticsBlock> statistics,
                          int[] streamOffsets, int[] streamStoredOffsets) {
        this(ordinals, rowStarts, rowCounts, partOffsets, partLengths, partDigests, statistics,
                Uint32List.of(streamOffsets), Uint32List.of(streamStoredOffsets), ByteSpan.EMPTY);
    }

    /** A directory without column flush points (fields 16 and 17 absent). */
    public ChunkDirectory(int[] ordinals, long[] rowStarts, int[] rowCounts, long[] partOffsets,
                          long[] partLengths, byte[] partDigests, List<StatisticsBlock> statistics) {
        this(ordinals, rowStarts, rowCounts, partOffsets, partLengths, partDigests, statistics, null, null);
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalArgumentException when a list stored as differences is not ascending
     */
    @Override
    public void encode(ProtoWriter out) {
        out.packedUint32(1, Differences.of(ordinals, "ordinals"))
                .packedUint64(2, Differences.of(rowStarts, "row_starts"))
                .packedUint32(3, rowCounts)
                .packedUint64(4, Differences.of(partOffsets, "part_offsets"))
                .packedUint64(5, partLengths)
                .bytes(6, partDigests)
                .messages(7, statistics)
                .packedUint32(16, streamOffsets.toArray())
                .packedUint32(17, streamStoredOffsets.toArray())
                .bytes(18, valuePoints.toArray());
    }

    /** Decodes a section payload. */
    public static ChunkDirectory decode(byte[] payload) {
        return decode(new ByteReader(payload));
    }

    /**
     * Decodes a {@code ChunkDirectory} message body, turning differences into absolute values. Its
     * value points and its flush points' packed runs stay views of {@code in}'s array, which must
     * therefore never change.
     */
    public static ChunkDirectory decode(ByteReader in) {
        ProtoReader r = new ProtoReader(in, "ChunkDirectory");
        NumberList ordinals = new NumberList();
        NumberList rowStarts = new NumberList();
        NumberList rowCounts = NumberList.ofInts();
        NumberList partOffsets = new NumberList();
        NumberList partLengths = new NumberList();
        byte[] partDigests = null;
        List<StatisticsBlock> statistics = new ArrayList<>();
        Uint32List.Builder streamOffsets = new Uint32List.Builder("catalog message ChunkDirectory: field 16");
        Uint32List.Builder streamStoredOffsets = new Uint32List.Builder("catalog message ChunkDirectory: field 17");
        ByteSpan valuePoints = null;
        while (r.next()) {
            switch (r.field()) {
                case 1 -> r.repeatedUint32(ordinals);
                case 2 -> r.repeatedUint64(rowStarts);
                case 3 -> r.repeatedUint32(rowCounts);
                case 4 -> r.repeatedUint64(partOffsets);
                case 5 -> r.repeatedUint32AsLong(partLengths);
                case 6 -> partDigests = r.bytes();
                case 7 -> statistics.add(StatisticsBlock.decode(r.message()));
                case 16 -> r.repeatedUint32(streamOffsets);
                case 17 -> r.repeatedUint32(streamStoredOffsets);
                case 18 -> valuePoints = r.bytesView(); // a view: the raw directory array is this decode's own
                default -> r.skip();
            }
        }
        return new ChunkDirectory(ordinals.runningIntSums("ordinals"),
                rowStarts.runningSums(Long.MAX_VALUE, "row_starts"), rowCounts.toIntArray(),
                partOffsets.runningSums(Long.MAX_VALUE, "part_offsets"), partLengths.toLongArray(), partDigests,
                statistics, streamOffsets.build(), streamStoredOffsets.build(), valuePoints);
    }
}
