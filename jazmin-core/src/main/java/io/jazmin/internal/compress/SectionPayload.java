package io.jazmin.internal.compress;

import io.jazmin.error.JazminFormatException;
import java.util.function.Function;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * The raw payload of a section, inflated only as far as its readers ask ({@link #upTo}): a query
 * reading the first columns of a chunk part never inflates the streams after them. Bytes once
 * inflated never change, so {@link #array()} may be read up to the end asked for while other
 * threads ask for more. The raw length is checked once the payload is wholly inflated.
 * The stored data is either all in memory or, past its first block, fetched block by block as the
 * inflater needs it ({@link StoredBlocks}): a query reading the first columns of a large part then
 * holds neither the whole stored part nor a buffer for the whole raw one.
 */
public final class SectionPayload {
    /** The raw length; −1 for a ranged payload until its envelope gives it ({@link #raw()}). */
    private int rawLength;
    /**
     * The stored Deflate data (with {@link #blocks}, its first block; the buffer later blocks are
     * fetched into), or {@code null} for a payload whole from the start.
     */
    private final byte[] stored;
    private final int storedOffset;
    private final int storedLength;
    /** Where streams inflate on their own, or {@code null}. */
    private final FlushPoints points;
    /** Per stream, its bytes once inflated on their own (with {@link #points}). */
    private final byte[][] streams;
    /** Per stream, its stored bytes fetched on demand, or {@code null}: all in {@link #stored}. */
    private final StoredStreams ranged;
    /** The rest of the stored data past {@link #stored}'s first block, or {@code null}: all in {@link #stored}. */
    private final StoredBlocks blocks;
    /** The next block of {@link #blocks} the inflater is given. */
    private int nextBlock = 1;
    /** Inflates the rest from the start of the payload: made on first use, then ended once the payload is whole. */
    private Inflater inflater;
    private BoundedOutput out;
    private volatile byte[] bytes;
    private volatile int available;

    private SectionPayload(byte[] whole) {
        this.rawLength = whole.length;
        this.bytes = whole;
        this.available = whole.length;
        this.stored = null;
        this.storedOffset = 0;
        this.storedLength = 0;
        this.points = null;
        this.streams = null;
        this.blocks = null;
        this.ranged = null;
    }

    private SectionPayload(byte[] stored, int off, int len, int rawLength, FlushPoints points, StoredBlocks blocks) {
        this.rawLength = rawLength;
        this.stored = stored;
        this.storedOffset = off;
        this.storedLength = len;
        this.points = points;
        this.streams = points == null ? null : new byte[points.count()][];
        this.blocks = blocks;
        this.ranged = null;
    }

    private SectionPayload(StoredStreams ranged, int storedLength, int rawLength, FlushPoints points) {
        this.rawLength = rawLength;
        this.stored = null;
        this.storedOffset = 0;
        this.storedLength = storedLength;
        this.points = points;
        this.streams = new byte[points.count()][];
        this.blocks = null;
        this.ranged = ranged;
    }

    /**
     * A Deflate payload of {@code storedLength} stored bytes whose streams are inflated each on its
     * own from their flush points, their stored bytes fetched from {@code ranged} only when asked
     * for; never inflated as a whole. Its raw length is asked of {@code ranged} only when needed
     * (the last stream, or all of it), then checked against the points and Deflate's ratio; every
     * stream before the last has its raw length from its points, its ratio checked when inflated.
     */
    public static SectionPayload ranged(StoredStreams ranged, int storedLength, FlushPoints points) {
        return new SectionPayload(ranged, storedLength, -1, points);
    }

    /**
     * Like {@link #flushed}, for a part of {@code storedLength} stored and {@code rawLength} raw bytes
     * whose streams' stored bytes {@code copied} holds or copies when asked for ({@link CopiedStreams}).
     */
    public static SectionPayload copied(CopiedStreams copied, int storedLength, int rawLength, FlushPoints points) {
        Inflate.checkRatio(storedLength, rawLength);
        points.check(storedLength, rawLength);
        return new SectionPayload(copied, storedLength, rawLength, points);
    }

    /** A payload already whole. */
    public static SectionPayload of(byte[] raw) {
        return new SectionPayload(raw);
    }

    /**
     * A raw Deflate payload to inflate on demand from {@code stored[off..off+len)}, which must stay
     * unchanged while this payload is used.
     */
    static SectionPayload deflated(byte[] stored, int off, int len, int rawLength) {
        Inflate.checkRatio(len, rawLength);
        return new SectionPayload(stored, off, len, rawLength, null, null);
    }

    /**
     * A raw Deflate payload to inflate on demand from {@code blocks}, whose block 0 is already at
     * {@code first[off..)} ({@link StoredBlocks#blockSize()} bytes, fewer if it is the only one);
     * {@code first} is this payload's own from then on, the buffer later blocks are fetched into.
     */
    public static SectionPayload deflated(StoredBlocks blocks, byte[] first, int off, int rawLength) {
        Inflate.checkRatio(blocks.length(), rawLength);
        int len = Math.min(blocks.length(), blocks.blockSize());
        if (first.length < Math.max(blocks.blockSize(), off + len)) {
            throw new IllegalArgumentException("first block buffer too short");
        }
        return new SectionPayload(first, off, len, rawLength, null, blocks);
    }

    /** Like {@link #deflated}, its streams also inflating on their own from {@code points}. */
    static SectionPayload flushed(byte[] stored, int off, int len, int rawLength, FlushPoints points) {
        Inflate.checkRatio(len, rawLength);
        points.check(len, rawLength);
        return new SectionPayload(stored, off, len, rawLength, points, null);
    }

    /**
     * For a ranged payload, fetches the stored bytes of the {@code wanted} streams it does not hold
     * yet in as few reads as they allow (a later query of a part kept by the reader), instead of
     * one read per stream as each is asked for; nothing for other payloads, which hold all theirs.
     */
    public void prefetch(java.util.BitSet wanted) {
        if (ranged != null && wanted != null) {
            ranged.fetch(wanted);
        }
    }

    /** How many streams {@link #stream} serves: 0 without flush points. */
    public int streamCount() {
        return points == null ? 0 : points.count();
    }

    /**
     * The raw bytes of stream {@code k} (from its length varint to the next stream), inflated on
     * their own from its flush point and checked to inflate to exactly that many bytes.
     */
    public synchronized byte[] stream(int k) {
        byte[] s = streams[k];
        if (s == null) {
            s = fromStored(k, slice -> Inflate.segment(slice.bytes(), slice.offset(), slice.length(),
                    streamLength(k), k == points.count() - 1));
            streams[k] = s;
        }
        return s;
    }

    /**
     * Inflates the whole of stream {@code k}, checked as {@link #stream} checks it, into {@code out} (at
     * least {@link #streamLength} long) without keeping it: for a caller whose decoded values keep
     * nothing of the bytes, reusing one buffer. Not locked while it inflates, as {@link #streamPrefix}.
     */
    public void streamInto(int k, byte[] out) {
        int length = streamLength(k);
        if (out.length < length) {
            throw new IllegalArgumentException("a " + length + "-byte stream into " + out.length + " bytes");
        }
        fromStored(k, slice -> {
            Inflate.segmentInto(slice.bytes(), slice.offset(), slice.length(), out, length, k == points.count() - 1);
            return out;
        });
    }

    /**
     * The raw bytes of stream {@code k} where they lie among its stored bytes, without inflating or
     * copying them: for a stream of stored Deflate blocks whose raw bytes are one block's, checked as
     * {@link #stream} checks an inflated one; {@code null} for any other stream (and one inflated
     * already), which {@link #stream} then inflates. Its bytes never change, as the stored ones.
     */
    public StoredStreams.Slice streamInPlace(int k) {
        if (holdsStream(k)) {
            return null;
        }
        int length = streamLength(k);
        StoredStreams.Slice slice = storedStream(k);
        int at = Inflate.segmentInPlace(slice.bytes(), slice.offset(), slice.length(), length,
                k == points.count() - 1);
        return at < 0 ? null : new StoredStreams.Slice(slice.bytes(), at, length);
    }

    /** Whether stream {@code k} is inflated whole already (then {@link #streamPrefix} returns it). */
    public synchronized boolean holdsStream(int k) {
        return streams[k] != null;
    }

    /**
     * Inflates the first {@code end} raw bytes of stream {@code k}, shorter than the stream, into
     * {@code out} (at least that long), checked as {@link #streamPrefix} checks them: for a caller
     * whose decoded values keep nothing of them, reusing one buffer. The payload is not locked while
     * it inflates (its stored bytes never change), so threads may inflate different streams at once.
     */
    public void streamPrefix(int k, int end, byte[] out) {
        if (end >= streamLength(k) || end > out.length || end < 0) {
            throw new IllegalArgumentException("a prefix of " + end + " bytes of a " + streamLength(k)
                    + "-byte stream into " + out.length + " bytes");
        }
        fromStored(k, slice -> {
            Inflate.segmentPrefix(slice.bytes(), slice.offset(), slice.length(), out, end, streamLength(k),
                    k == points.count() - 1);
            return out;
        });
    }

    /**
     * At least the first {@code end} raw bytes of stream {@code k} (the whole stream when it is
     * inflated already or {@code end} reaches its end): a lookup of a few rows inflates no further
     * than they lie. The bytes past {@code end} are neither inflated nor checked here, and nothing
     * is kept: {@link #stream} inflates and checks the whole stream.
     */
    public byte[] streamPrefix(int k, int end) {
        if (holdsStream(k) || end >= streamLength(k)) {
            return stream(k);
        }
        byte[] prefix = new byte[Math.max(0, end)];
        streamPrefix(k, prefix.length, prefix);
        return prefix;
    }

    /** Where stream {@code k} (its length varint) starts in the raw payload, as its flush point gives it. */
    public int streamStart(int k) {
        return points.raw(k);
    }

    /**
     * Inflates the raw bytes {@code [rawFrom, rawTo)} of stream {@code k} (part offsets) from the value
     * point at stored offset {@code storedFrom} to the one at {@code storedTo}, or to the stream's end
     * when {@code storedTo} is -1, into {@code out}: they must inflate to exactly that many bytes and
     * end there (see {@link Inflate#segmentInto}), so a point whose offsets do not match its Deflate
     * data fails here. Not locked while it inflates, as {@link #streamPrefix}.
     *
     * @throws JazminFormatException when the offsets do not lie inside the stream in order, or the
     *                               Deflate data between them does not inflate to exactly their bytes
     */
    public void pointSegment(int k, int rawFrom, int storedFrom, int rawTo, int storedTo, byte[] out) {
        int rawStart = points.raw(k);
        int rawEnd = rawStart + streamLength(k);
        int storedOfStream = (k == points.count() - 1 ? storedLength : points.stored(k + 1)) - points.stored(k);
        int from = storedFrom - points.stored(k);
        int to = storedTo < 0 ? storedOfStream : storedTo - points.stored(k);
        if (rawFrom <= rawStart || rawTo <= rawFrom || rawTo > rawEnd || from <= 0 || to <= from
                || to > storedOfStream || (storedTo < 0) != (rawTo == rawEnd)) {
            throw new JazminFormatException("value point (raw " + rawFrom + "..." + rawTo + ", stored " + storedFrom
                    + "..." + storedTo + ") lies outside stream " + k + " (raw " + rawStart + "..." + rawEnd + ")");
        }
        if (out.length < rawTo - rawFrom) {
            throw new IllegalArgumentException("a " + (rawTo - rawFrom) + "-byte segment into " + out.length + " bytes");
        }
        fromStored(k, slice -> {
            Inflate.segmentInto(slice.bytes(), slice.offset() + from, to - from, out, rawTo - rawFrom,
                    storedTo < 0 && k == points.count() - 1);
            return out;
        });
    }

    /**
     * Runs {@code inflate} over stream {@code k}'s stored bytes: a checked part its reader lends for
     * the call when it has one (see {@link StoredStreams#pin}), given back after, else the payload's own.
     */
    private <T> T fromStored(int k, Function<StoredStreams.Slice, T> inflate) {
        StoredStreams.Slice pinned = ranged == null ? null : ranged.pin(k);
        try {
            return inflate.apply(pinned != null ? pinned : storedStream(k));
        } finally {
            if (pinned != null) {
                ranged.unpin();
            }
        }
    }

    /**
     * Gives a checked part its reader lent back ({@link CopiedStreams#held}), first copying the streams the
     * query reads when {@code keepWanted} (a scan will inflate them; a lookup has decoded its rows already);
     * nothing for other payloads. A stream asked for later is then read again and checked.
     */
    public void letGo(boolean keepWanted) {
        if (ranged != null) {
            ranged.letGo(keepWanted);
        }
    }

    /** Where stream {@code k}'s stored bytes lie, between its flush point and the next (fetched now when ranged). */
    private synchronized StoredStreams.Slice storedStream(int k) {
        if (ranged != null) {
            return ranged.stored(k);
        }
        int from = points.stored(k);
        int to = k == points.count() - 1 ? storedLength : points.stored(k + 1);
        return new StoredStreams.Slice(stored, storedOffset + from, to - from);
    }

    /** The raw length of stream {@code k} (its length varint included), as its flush points give it. */
    public int streamLength(int k) {
        return (k == points.count() - 1 ? raw() : points.raw(k + 1)) - points.raw(k);
    }

    /** The raw length, for a ranged payload from its envelope on first use (checked then). */
    private synchronized int raw() {
        if (rawLength < 0) {
            int length = ranged.rawLength();
            Inflate.checkRatio(storedLength, length);
            points.check(storedLength, length);
            rawLength = length;
        }
        return rawLength;
    }

    /**
     * The raw bytes this payload is known to stand for without reading more (for cache budgets): its
     * raw length, or, for a ranged payload whose envelope is not read yet, where its last stream starts.
     */
    public synchronized int knownLength() {
        return rawLength >= 0 ? rawLength : points.raw(points.count() - 1);
    }

    /** The payload's length once whole. */
    public int length() {
        return raw();
    }

    /**
     * The payload's bytes, inflated at least to {@code end} (clamped to the payload's length): a
     * later call may return a larger array holding the same bytes.
     */
    public byte[] upTo(int end) {
        int want = Math.min(end, raw());
        if (ranged != null) {
            return joinedStreams();
        }
        if (available < want || bytes == null) {
            inflate(want);
        }
        return bytes;
    }

    /** The whole payload, inflated and its length checked. */
    public byte[] whole() {
        return upTo(raw());
    }

    /** A ranged payload whole: its streams, each inflated and checked on its own, one after another. */
    private synchronized byte[] joinedStreams() {
        if (bytes == null) {
            java.util.BitSet every = new java.util.BitSet();
            every.set(0, points.count());
            ranged.fetch(every); // the streams not held yet together, not one by one
            byte[] all = new byte[raw()];
            for (int k = 0; k < points.count(); k++) {
                byte[] s = stream(k);
                System.arraycopy(s, 0, all, points.raw(k), s.length);
            }
            bytes = all;
            available = all.length;
        }
        return bytes;
    }

    /** Whether {@link #blocks} has blocks the inflater has not been given. */
    private boolean moreBlocks() {
        return blocks != null && (long) nextBlock * blocks.blockSize() < blocks.length();
    }

    /** Gives the inflater the next block once it has used up the last one; whether it did. */
    private boolean feed() {
        if (!moreBlocks() || !inflater.needsInput()) {
            return false;
        }
        inflater.setInput(stored, 0, blocks.fetch(nextBlock++, stored));
        return true;
    }

    private synchronized void inflate(int want) {
        if (inflater != null && out == null) {
            return; // whole and checked already: another thread got there while this one waited for the lock
        }
        if (inflater == null) {
            inflater = new Inflater(true);
            inflater.setInput(stored, storedOffset, storedLength);
            // Starts at what is asked for: a query reading the first streams never needs the whole buffer.
            out = BoundedOutput.startingAt(Math.max(1 << 13, want), rawLength);
            bytes = out.array();
        }
        try {
            while (out.size() < want) {
                feed();
                int room = out.room(want);
                if (room == 0) {
                    throw new JazminFormatException("Deflate section inflates past its raw length " + rawLength);
                }
                // Small steps past what is asked: a query reading the first streams inflates little more.
                int got = inflater.inflate(out.array(), out.size(), Math.min(room, Math.max(want - out.size(), 1 << 12)));
                if (got == 0 && (inflater.finished() || (inflater.needsInput() && !moreBlocks())
                        || inflater.needsDictionary())) {
                    throw new JazminFormatException(inflater.finished()
                            ? "Deflate section decodes to " + out.size() + " bytes, not its raw length " + rawLength
                            : "truncated Deflate data");
                }
                out.advance(got);
                bytes = out.array();
                if (out.size() < rawLength) {
                    available = out.size(); // all of it is given out only once its end is checked below
                }
            }
            if (out.size() == rawLength) {
                // Fed block by block, the stream's end may lie in a block not given yet.
                while (!inflater.finished() && feed()) {
                    if (inflater.inflate(new byte[1]) != 0) {
                        throw new JazminFormatException("Deflate section inflates past its raw length " + rawLength);
                    }
                }
                if (!inflater.finished()) {
                    throw new JazminFormatException("Deflate section inflates past its raw length " + rawLength);
                }
                inflater.end();
                bytes = out.finish("Deflate");
                out = null;
                available = rawLength;
            }
        } catch (DataFormatException e) {
            throw new JazminFormatException("corrupt Deflate data: " + e.getMessage());
        }
    }
}
