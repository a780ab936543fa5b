package io.jazmin.internal.table;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.column.ColumnVector;
import io.jazmin.internal.column.ValuePointDecoder;
import io.jazmin.internal.compress.SectionPayload;
import io.jazmin.internal.compress.ValuePoints;
import io.jazmin.internal.wire.ByteReader;
import io.jazmin.schema.ColumnType;

/**
 * A few rows of a column decoded from the value points of its stream ({@link ValuePoints}): the
 * stream's head is inflated from its column flush point (flags, null bitmap, a dictionary's entries),
 * then only the segment from the last point at or before the first row to the first point after the
 * last row, and only that segment's values are decoded. A lookup of one row of a 4,096-row chunk so
 * inflates and decodes at most a point spacing's values of each long stream instead of every value
 * before the row. The bytes are the part's as its read checked them, as for any window: a local
 * file's or memory's part by its whole CRC-32 (a key file's by its tag, a shared file's by its digest)
 * before any byte is used; a remote source's plain part read as stream ranges, as ever, stream by stream
 * (here: the segment must inflate to exactly its points' length). The points themselves are checked
 * against the stream before use ({@link ValuePoints#checkStream}, {@link SectionPayload#pointSegment},
 * {@link ValuePointDecoder.Head#window}).
 */
final class PointWindows {
    /** Bytes of the longest stream length varint. */
    private static final int MAX_LENGTH_BYTES = 10;

    private PointWindows() {
    }

    /**
     * Rows {@code [from, to)} of stream {@code k} of {@code payload} as a window vector, or {@code null}
     * when no point lies at or before the window's first value (the caller decodes from the stream's start).
     *
     * @throws JazminFormatException when a point does not match the stream (offsets outside it or not on
     *                               its Deflate flushes, values not ending where the next point starts)
     */
    static ColumnVector decode(ValuePoints points, SectionPayload payload, int k, ColumnType type, int rowCount,
                               int from, int to) {
        if (from >= to) {
            return null;
        }
        if (type == ColumnType.BOOL) {
            throw new JazminFormatException("a bool stream has value points (its values are bits)");
        }
        int start = payload.streamStart(k);
        int streamBytes = payload.streamLength(k);
        int beforeFirst = points.raw(k, 0) - start; // the head lies before the first point
        if (beforeFirst <= 0 || beforeFirst >= streamBytes) {
            throw new JazminFormatException("value point raw offset " + points.raw(k, 0) + " lies outside stream " + k);
        }
        // The length varint and flags byte; then, if the stream has nulls, its bitmap; a dictionary's entries last.
        StreamHead head = null;
        for (int n : new int[] {MAX_LENGTH_BYTES + 1, MAX_LENGTH_BYTES + ValuePointDecoder.plainHeadBytes(rowCount),
                beforeFirst}) {
            head = head(payload, k, type, rowCount, Math.min(n, beforeFirst), n < beforeFirst);
            if (head != null) {
                break;
            }
        }
        int bodyStart = start + head.headerBytes();
        // The stored offsets' bounds are checked as the segment is inflated (SectionPayload.pointSegment).
        points.checkStream(k, bodyStart, start + streamBytes, Integer.MAX_VALUE, head.decoder().nonNull());
        if (points.hasRunning(k) != head.decoder().delta()) {
            throw new JazminFormatException("value points of stream " + k + (head.decoder().delta()
                    ? " give no running values for its delta encoding" : " give running values it has no use for"));
        }
        int first = head.decoder().valueIndex(from);
        int last = head.decoder().valueIndex(to); // the window's values are [first, last)
        int i = points.pointBefore(k, first);
        if (i < 0 || last == first) {
            return null;
        }
        // The segment ends at the first point past the window's last value, or at the stream's end.
        int j = points.pointBefore(k, last - 1) + 1;
        boolean toEnd = j >= points.count(k);
        int rawFrom = points.raw(k, i);
        int rawTo = toEnd ? start + streamBytes : points.raw(k, j);
        int count = (toEnd ? head.decoder().nonNull() : points.value(k, j)) - points.value(k, i);
        // The thread's prefix buffer: the window's values are copied out of it (objects built, numbers decoded).
        byte[] buffer = ChunkPart.threadBuffer(rawTo - rawFrom);
        payload.pointSegment(k, rawFrom, points.stored(k, i), rawTo, toEnd ? -1 : points.stored(k, j), buffer);
        return head.decoder().window(new ByteReader(buffer, 0, rawTo - rawFrom), points.value(k, i), count,
                points.hasRunning(k) ? points.running(k, i) : 0, !toEnd && points.hasRunning(k),
                !toEnd && points.hasRunning(k) ? points.running(k, j) : 0, from, to);
    }

    /** A stream's head, with how many bytes its length varint takes. */
    private record StreamHead(ValuePointDecoder.Head decoder, int varintBytes) {
        /** Bytes from the stream's length varint to its first value. */
        int headerBytes() {
            return varintBytes + decoder.length();
        }
    }

    /** The head of stream {@code k} from its first {@code n} bytes; {@code null}: its dictionary runs past them. */
    private static StreamHead head(SectionPayload payload, int k, ColumnType type, int rowCount, int n,
                                   boolean more) {
        byte[] bytes = new byte[n];
        payload.streamPrefix(k, n, bytes);
        ByteReader in = new ByteReader(bytes, 0, n);
        int length = in.varintInt();
        if (length != payload.streamLength(k) - in.position()) {
            throw new JazminFormatException("stream " + k + " of " + length + " bytes does not fill the "
                    + payload.streamLength(k) + " its flush points give");
        }
        int varint = in.position();
        ValuePointDecoder.Head head = ValuePointDecoder.head(type, in, rowCount, length, more);
        return head == null ? null : new StreamHead(head, varint);
    }

    /**
     * The raw bytes {@link #decode} inflates for a window of stream {@code k}: about a stream's share
     * between two of its points, for weighing which window decodes to hand to another thread.
     */
    static long cost(ValuePoints points, SectionPayload payload, int k) {
        return payload.streamLength(k) / (points.count(k) + 1L);
    }
}
