package io.jazmin.internal.section;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.compress.FlushPoints;
import io.jazmin.internal.compress.StoredStreams;
import io.jazmin.internal.wire.ByteSource;
import io.jazmin.internal.wire.SectionEnvelope;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * The byte ranges of a plain Deflate chunk part with column flush points that a query reads from a
 * remote source: the stored bytes of the streams it wants, ranges less than {@link #COALESCE_GAP}
 * apart read as one (one request instead of two costs more than the bytes between them), all at
 * once; a stream not wanted then is fetched on its own if asked for later. The part's 16-byte
 * envelope is read only where it is needed: with the last stream (whose raw length it gives; the
 * other streams' lie between their flush points), or for a part whose stored offsets equal its raw
 * ones, which may be stored uncompressed (then it is read whole). A two-column filter thus costs one
 * request per chunk, not two.
 *
 * <p>The part's CRC-32 covers all its stored bytes, so it cannot be checked here: each stream is
 * checked by inflating to exactly the raw length its flush points give. An envelope read later is
 * checked as one read first is (Deflate, not encrypted, its payload length that of the reference, its
 * raw length within the limits); a part its envelope shows is not Deflate, read lazily, is a format
 * error, since its stored offsets differ from its raw ones. An encrypted part cannot be read this way
 * at all: its AES-GCM tag authenticates the whole part, and no byte of it may be used before the tag
 * is checked, so encrypted parts are always read whole (and so are parts listed with a digest).
 */
final class RangedPart implements StoredStreams {
    /** Ranges at most this far apart are read as one. */
    static final int COALESCE_GAP = 16 << 10;
    /** The envelope's place in the list of ranges (streams are 0 and up). */
    private static final int ENVELOPE = -1;

    private final ByteSource source;
    private final String id;
    private final long offset;
    private final long payloadStart;
    private final int storedLength;
    private final FlushPoints points;
    private final Slice[] slices;
    private final LongConsumer counter;
    /** Checks an envelope's raw length against the reader's limits. */
    private final Consumer<SectionEnvelope> limits;
    private SectionEnvelope envelope;

    private RangedPart(ByteSource source, String id, long offset, int storedLength, FlushPoints points,
                       LongConsumer counter, Consumer<SectionEnvelope> limits) {
        this.source = source;
        this.id = id;
        this.offset = offset;
        this.payloadStart = offset + SectionEnvelope.SIZE;
        this.storedLength = storedLength;
        this.points = points;
        this.slices = new Slice[points.count()];
        this.counter = counter;
        this.limits = limits;
    }

    /**
     * Reads the {@code wanted} streams of the part at {@code offset} (its reference checked by the
     * caller), with its envelope where needed (see the class), and returns the part, or {@code null}
     * when its envelope, read now, shows it is not a plain Deflate one (then it is read whole).
     *
     * @param limits checks an envelope's raw length against the reader's limits
     */
    static RangedPart open(ByteSource source, String id, long offset, long length, FlushPoints points, BitSet wanted,
                           LongConsumer counter, Consumer<SectionEnvelope> limits) {
        int stored = (int) length - SectionEnvelope.SIZE;
        RangedPart part = new RangedPart(source, id, offset, stored, points, counter, limits);
        int last = points.count() - 1;
        if (points.count() < 1 || points.stored(last) >= stored) {
            return null; // points outside the part: the whole read reports them
        }
        part.read(wanted, part.mayBeStoredUncompressed());
        if (part.envelope != null && part.envelope.codec() != 1) {
            return null;
        }
        if (part.envelope != null) {
            part.check(part.envelope);
        }
        return part;
    }

    /**
     * Reads the {@code wanted} streams not read yet, and the envelope if not read yet and the last
     * stream is among them (or {@code withEnvelope}), in as few reads as {@link #COALESCE_GAP} allows.
     */
    private void read(BitSet wanted, boolean withEnvelope) {
        int last = points.count() - 1;
        // File ranges: the envelope where needed, then each wanted stream, in order.
        List<long[]> ranges = new ArrayList<>();
        if (envelope == null && (withEnvelope || wanted.get(last))) {
            ranges.add(new long[] {offset, offset + SectionEnvelope.SIZE, ENVELOPE});
        }
        for (int k = wanted.nextSetBit(0); k >= 0 && k <= last; k = wanted.nextSetBit(k + 1)) {
            if (slices[k] == null) {
                ranges.add(new long[] {payloadStart + points.stored(k), payloadStart + end(k), k});
            }
        }
        for (List<long[]> run : coalesced(ranges)) {
            long from = run.get(0)[0];
            long to = run.get(run.size() - 1)[1];
            byte[] bytes = source.readOnce(from, (int) (to - from));
            counter.accept(to - from);
            for (long[] r : run) {
                if (r[2] == ENVELOPE) {
                    envelope = SectionEnvelope.decode(bytes, 0);
                } else {
                    slices[(int) r[2]] = new Slice(bytes, (int) (r[0] - from), (int) (r[1] - r[0]));
                }
            }
        }
    }

    /**
     * Reads the {@code wanted} streams not read yet together (a later query of a part a reader keeps),
     * with the envelope when the last stream is among them; an envelope read now is checked.
     */
    @Override
    public synchronized void fetch(BitSet wanted) {
        boolean envelopeKnown = envelope != null;
        try {
            read(wanted, false);
            if (!envelopeKnown && envelope != null) {
                if (envelope.codec() != 1) {
                    throw notDeflate(envelope);
                }
                check(envelope);
            }
        } catch (JazminFormatException e) {
            if (!envelopeKnown) {
                envelope = null; // unchecked: read and checked again when asked for
            }
            throw e.inSection(id, offset);
        }
    }

    private static JazminFormatException notDeflate(SectionEnvelope env) {
        return new JazminFormatException("chunk part of codec " + env.codec()
                + " has column flush points apart from its raw offsets, which only Deflate parts have");
    }

    /**
     * Whether every stored offset equals its raw one, as in a part the writer stored uncompressed
     * because Deflate did not shorten it (a Deflate part's flush markers make its offsets differ).
     */
    private boolean mayBeStoredUncompressed() {
        for (int k = 1; k < points.count(); k++) {
            if (points.stored(k) != points.raw(k)) {
                return false;
            }
        }
        return true;
    }

    /** Checks an envelope of this part: plain Deflate, of the reference's length, its raw length within the limits. */
    private void check(SectionEnvelope env) {
        if (env.encrypted()) {
            throw new JazminFormatException("encrypted section in a file that is not encrypted");
        }
        if (env.payloadLength() != storedLength) {
            throw new JazminFormatException("section payload length " + env.payloadLength()
                    + " does not match its reference (" + storedLength + " bytes)");
        }
        limits.accept(env);
    }

    @Override
    public synchronized int rawLength() {
        if (envelope == null) {
            try {
                SectionEnvelope env = SectionEnvelope.decode(source.readOnce(offset, SectionEnvelope.SIZE), 0);
                counter.accept(SectionEnvelope.SIZE);
                if (env.codec() != 1) {
                    throw notDeflate(env);
                }
                check(env);
                envelope = env;
            } catch (JazminFormatException e) {
                throw e.inSection(id, offset);
            }
        }
        return (int) envelope.rawLength(); // within the limits, checked above
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
                throw e.inSection(id, offset);
            }
            slices[k] = s;
        }
        return s;
    }
}
