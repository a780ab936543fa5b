package io.jazmin.internal.section;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.compress.FlushPoints;
import io.jazmin.internal.compress.StoredStreams;
import io.jazmin.internal.wire.ByteSource;
import io.jazmin.internal.wire.SectionEnvelope;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * The byte ranges of a plain Deflate chunk part with column flush points that a query reads from a
 * remote source: the envelope and the stored bytes of the streams it wants, ranges less than
 * {@link #COALESCE_GAP} apart read as one (one request instead of two costs more than the bytes
 * between them), all at once; a stream not wanted then is fetched on its own if asked for later.
 *
 * <p>The part's CRC-32 covers all its stored bytes, so it cannot be checked here: each stream is
 * checked by inflating to exactly the raw length its flush points give. An encrypted part cannot be
 * read this way at all: its AES-GCM tag authenticates the whole part, and no byte of it may be used
 * before the tag is checked, so encrypted parts are always read whole (and so are parts listed with
 * a digest).
 */
final class RangedPart implements StoredStreams {
    /** Ranges at most this far apart are read as one. */
    static final int COALESCE_GAP = 16 << 10;

    private final ByteSource source;
    private final String id;
    private final long payloadStart;
    private final int storedLength;
    private final FlushPoints points;
    private final Slice[] slices;
    private final LongConsumer counter;

    private RangedPart(ByteSource source, String id, long offset, int storedLength, FlushPoints points,
                       LongConsumer counter) {
        this.source = source;
        this.id = id;
        this.payloadStart = offset + SectionEnvelope.SIZE;
        this.storedLength = storedLength;
        this.points = points;
        this.slices = new Slice[points.count()];
        this.counter = counter;
    }

    /**
     * Reads the envelope and the {@code wanted} streams of the part at {@code offset} (its reference
     * checked by the caller) and returns the ranges with its envelope, or {@code null} when the part
     * is not a plain Deflate one (then it is read whole).
     */
    static Opened open(ByteSource source, String id, long offset, long length, FlushPoints points, BitSet wanted,
                       LongConsumer counter) {
        int stored = (int) length - SectionEnvelope.SIZE;
        RangedPart part = new RangedPart(source, id, offset, stored, points, counter);
        if (points.count() < 1 || points.stored(points.count() - 1) >= stored) {
            return null; // points outside the part: the whole read reports them
        }
        // File ranges: the envelope, then each wanted stream, in order.
        List<long[]> ranges = new ArrayList<>();
        ranges.add(new long[] {offset, offset + SectionEnvelope.SIZE, -1});
        for (int k = wanted.nextSetBit(0); k >= 0 && k < points.count(); k = wanted.nextSetBit(k + 1)) {
            ranges.add(new long[] {part.payloadStart + points.stored(k), part.payloadStart + part.end(k), k});
        }
        byte[] envelope = null;
        for (List<long[]> run : coalesced(ranges)) {
            long from = run.get(0)[0];
            long to = run.get(run.size() - 1)[1];
            byte[] bytes = source.readOnce(from, (int) (to - from));
            counter.accept(to - from);
            for (long[] r : run) {
                if (r[2] < 0) {
                    envelope = bytes;
                } else {
                    part.slices[(int) r[2]] = new Slice(bytes, (int) (r[0] - from), (int) (r[1] - r[0]));
                }
            }
        }
        SectionEnvelope env = SectionEnvelope.decode(envelope, 0);
        if (env.codec() != 1) {
            return null;
        }
        if (env.encrypted()) {
            throw new JazminFormatException("encrypted section in a file that is not encrypted");
        }
        if (env.payloadLength() != stored) {
            throw new JazminFormatException("section payload length " + env.payloadLength()
                    + " does not match its reference (" + stored + " bytes)");
        }
        return new Opened(part, env);
    }

    /** A part opened for ranged reads, with its envelope. */
    record Opened(RangedPart part, SectionEnvelope envelope) {
    }

    /** Groups ascending ranges whose gaps are at most {@link #COALESCE_GAP}. */
    private static List<List<long[]>> coalesced(List<long[]> ranges) {
        List<List<long[]>> runs = new ArrayList<>();
        List<long[]> run = null;
        for (long[] r : ranges) {
            if (run == null || r[0] - run.get(run.size() - 1)[1] > COALESCE_GAP) {
                run = new ArrayList<>();
                runs.add(run);
            }
            run.add(r);
        }
        return runs;
    }

    private int end(int k) {
        return k == points.count() - 1 ? storedLength : points.stored(k + 1);
    }

    @Override
    public synchronized Slice stored(int k) {
        Slice s = slices[k];
        if (s == null) {
            int from = points.stored(k);
            int length = end(k) - from;
            try {
                byte[] bytes = source.readOnce(payloadStart + from, length);
                counter.accept(length);
                s = new Slice(bytes, 0, length);
            } catch (JazminFormatException e) {
                throw e.inSection(id, payloadStart - SectionEnvelope.SIZE);
            }
            slices[k] = s;
        }
        return s;
    }
}
