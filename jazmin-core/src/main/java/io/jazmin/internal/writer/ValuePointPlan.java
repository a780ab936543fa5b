package io.jazmin.internal.writer;

import io.jazmin.internal.column.ValuePointScan;
import io.jazmin.internal.compress.ValuePoints;
import io.jazmin.internal.wire.ByteWriter;
import io.jazmin.schema.Column;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The pieces of one chunk part with column flush points: a full flush before each column stream and,
 * in streams of at least {@value #MIN_STREAM_BYTES} raw bytes, one before every {@value #EVERY}-th
 * non-null value (value points, {@link ValuePoints}), so that a lookup inflates and decodes at most
 * that many values of each long stream. Filled stream by stream as the part is encoded; then gives
 * the pieces' raw offsets for the Deflate pass and, from its stored offsets, the part's column flush
 * points and value points entry.
 */
final class ValuePointPlan {
    /**
     * Non-null values between value points. On the benchmark's customers (level 5, 4,096 rows a
     * chunk) a flush every 512 e-mails made their stream shorter, not longer (9,364 bytes against
     * 10,370 without); see jazmin-benchmarks/RESULTS.md for the lookup it buys.
     */
    static final int EVERY = 512;
    /**
     * Streams shorter than this many raw bytes get no value points: inflating and decoding a few
     * kilobytes costs less than the points' directory bytes, which every open reads.
     */
    static final int MIN_STREAM_BYTES = 8 * 1024;

    private final int[] streamStarts;
    private final List<ValuePointScan.Found> found = new ArrayList<>();
    /** Per stream, where its body starts in the part (after its length varint). */
    private final int[] bodyStarts;
    private int streams;

    ValuePointPlan(int streamCount) {
        streamStarts = new int[streamCount];
        bodyStarts = new int[streamCount];
    }

    /** Adds the next stream, starting at {@code partOffset} in the part, its bytes {@code stream[0..len)}. */
    void add(Column column, int partOffset, byte[] stream, int len, int rowCount) {
        int k = streams++;
        streamStarts[k] = partOffset;
        bodyStarts[k] = partOffset + ByteWriter.varintSize(len);
        found.add(len < MIN_STREAM_BYTES ? null : ValuePointScan.scan(column.type(), stream, 0, len, rowCount, EVERY));
    }

    /** The raw offsets of the columns' streams in the part (the column flush points). */
    int[] streamStarts() {
        return streamStarts;
    }

    /** The raw offsets of all pieces, ascending: each stream's start, then its value points. */
    int[] pieces() {
        int[] out = new int[pieceCount()];
        int p = 0;
        for (int k = 0; k < streams; k++) {
            out[p++] = streamStarts[k];
            ValuePointScan.Found f = found.get(k);
            for (int i = 0; f != null && i < f.count(); i++) {
                out[p++] = bodyStarts[k] + f.offsets()[i];
            }
        }
        return out;
    }

    /** Per piece, its stream; {@code null} when no stream has value points (a piece per stream). */
    int[] pieceStreams() {
        if (pieceCount() == streams) {
            return null;
        }
        int[] out = new int[pieceCount()];
        int p = 0;
        for (int k = 0; k < streams; k++) {
            ValuePointScan.Found f = found.get(k);
            int n = 1 + (f == null ? 0 : f.count());
            Arrays.fill(out, p, p + n, k);
            p += n;
        }
        return out;
    }

    private int pieceCount() {
        int n = streams;
        for (ValuePointScan.Found f : found) {
            n += f == null ? 0 : f.count();
        }
        return n;
    }

    /** Per stream, the stored offset of its column flush point, from the pieces' stored offsets. */
    int[] streamStored(int[] pieceStored) {
        int[] out = new int[streams];
        int p = 0;
        for (int k = 0; k < streams; k++) {
            out[k] = pieceStored[p];
            ValuePointScan.Found f = found.get(k);
            p += 1 + (f == null ? 0 : f.count());
        }
        return out;
    }

    /** The part's value points entry ({@link ValuePoints#encodePart}), from the pieces' stored offsets. */
    byte[] entry(int[] pieceStored) {
        List<ValuePoints.StreamPoints> list = new ArrayList<>();
        int p = 0;
        for (int k = 0; k < streams; k++) {
            ValuePointScan.Found f = found.get(k);
            int n = f == null ? 0 : f.count();
            if (n > 0) {
                int[] raw = new int[n];
                int[] stored = new int[n];
                for (int i = 0; i < n; i++) {
                    raw[i] = bodyStarts[k] + f.offsets()[i];
                    stored[i] = pieceStored[p + 1 + i];
                }
                list.add(new ValuePoints.StreamPoints(k, f.values(), raw, stored, f.running()));
            }
            p += 1 + n;
        }
        return ValuePoints.encodePart(list, streamStarts, streamStored(pieceStored));
    }
}
