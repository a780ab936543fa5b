package io.jazmin.internal.compress;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.wire.ByteReader;
import io.jazmin.internal.wire.ByteSpan;
import io.jazmin.internal.wire.ByteWriter;
import java.util.Arrays;
import java.util.List;

/**
 * The value points of one Deflate chunk part with column flush points: Deflate full flushes inside a
 * column stream, every so many non-null values, from which a lookup inflates and decodes a few rows
 * without the values before them (see {@code ChunkPart}). Each point gives the index of the first
 * non-null value after it, its raw and stored offsets in the part, and for a delta-encoded stream the
 * value before it.
 *
 * <p>On disk (optional chunk-directory field 18, {@code bytes}, which other readers skip): per part, in
 * part order, a varint byte length and then the part's entry: per stream that has points, in
 * ascending stream order, varints {@code stream}, {@code flags} (bit 0: running values follow; bit 1:
 * the points lie every {@code spacing} values), {@code count} (≥ 1), with bit 1 {@code spacing}, then per
 * point: without bit 1 a varint {@code value} difference from the point before (the first from 0); a
 * zigzag {@code raw} difference from the point before (the first from the stream's raw column flush
 * point) less the difference before it (points of alike values lie alike far apart); a varint
 * {@code stored} difference from the point before (the first from the stream's stored flush point);
 * with bit 0 a zigzag {@code running} value less the point before's (the first from 0). Every value, raw
 * and stored difference is at least 1. One byte string rather than packed lists so that an open does
 * not decode them: only a lookup reads its chunk's entry, skipping the others by their lengths.
 *
 * <p>Points come from the file, covered by nothing but the directory's CRC-32: {@link #part} checks
 * their structure and order, {@link #checkStream} their bounds against the stream's, before any is
 * used; what cannot be checked cheaply is in {@code docs/internals.md} ("Value points").
 */
public final class ValuePoints {
    /** Bit 0 of a stream's flags: each point has the running value of a delta stream. */
    private static final int RUNNING = 1;
    /** Bit 1 of a stream's flags: the points lie every {@code spacing} values, given once. */
    private static final int REGULAR = 2;
    /** A point takes at least two bytes (its raw and stored differences), so a count the entry cannot hold is damage. */
    private static final int MIN_POINT_BYTES = 2;

    /** Per stream, its points are {@code [firstOf[k], firstOf[k + 1])} of the lists below. */
    private final int[] firstOf;
    private final int[] values;
    private final int[] raw;
    private final int[] stored;
    /** Per point, the running value (delta streams), else 0. */
    private final long[] running;
    private final boolean[] delta;

    private ValuePoints(int[] firstOf, int[] values, int[] raw, int[] stored, long[] running, boolean[] delta) {
        this.firstOf = firstOf;
        this.values = values;
        this.raw = raw;
        this.stored = stored;
        this.running = running;
        this.delta = delta;
    }

    /** One stream's points for {@link #encodePart}: absolute raw and stored offsets in the part. */
    public record StreamPoints(int stream, int[] values, int[] raw, int[] stored, long[] running) {
    }

    /**
     * One part's entry.
     *
     * @param flushRaw    per stream, its raw column flush point ({@link FlushPoints#raw})
     * @param flushStored per stream, its stored column flush point
     */
    public static byte[] encodePart(List<StreamPoints> streams, int[] flushRaw, int[] flushStored) {
        ByteWriter out = new ByteWriter(64);
        for (StreamPoints s : streams) {
            int n = s.values().length;
            if (n == 0) {
                continue;
            }
            int spacing = s.values()[0];
            boolean regular = true;
            for (int i = 0; i < n; i++) {
                regular &= s.values()[i] == (long) (i + 1) * spacing;
            }
            out.varint(s.stream()).varint((s.running() != null ? RUNNING : 0) | (regular ? REGULAR : 0)).varint(n);
            if (regular) {
                out.varint(spacing);
            }
            int v = 0;
            int r = flushRaw[s.stream()];
            int rawStep = 0;
            int st = flushStored[s.stream()];
            long run = 0;
            for (int i = 0; i < n; i++) {
                if (!regular) {
                    out.varint(s.values()[i] - v);
                }
                out.zigzag((long) (s.raw()[i] - r) - rawStep).varint(s.stored()[i] - st);
                if (s.running() != null) {
                    out.zigzag(s.running()[i] - run);
                    run = s.running()[i];
                }
                v = s.values()[i];
                rawStep = s.raw()[i] - r;
                r = s.raw()[i];
                st = s.stored()[i];
            }
        }
        return out.toByteArray();
    }

    /** The directory field of the parts' entries, in part order; {@code null} when none has a point. */
    public static byte[] join(List<byte[]> parts) {
        boolean any = false;
        ByteWriter out = new ByteWriter(256);
        for (byte[] p : parts) {
            any |= p.length > 0;
            out.varint(p.length).bytes(p);
        }
        return any ? out.toByteArray() : null;
    }

    /**
     * The value points of part {@code part} of a directory whose field 18 is {@code field} (its
     * parts' entries in order), their structure checked; {@code null} when the part has none.
     *
     * @param flush the part's column flush points (the first point of each stream lies after its own)
     * @throws JazminFormatException when the entry is damaged: out of the field, streams out of
     *                               order or range, offsets or indexes not ascending, counts too large
     */
    public static ValuePoints part(ByteSpan field, int part, FlushPoints flush) {
        ByteSpan entry = entry(field, part);
        return entry.isEmpty() ? null : decode(entry.reader(), flush);
    }

    /**
     * The entry of part {@code part} as stored in the directory field {@code field} (empty when the part
     * has none), not decoded: a compaction carrying the part into a new directory
     * ({@link #join}) after {@link #part} checked it.
     *
     * @throws JazminFormatException when the field lists fewer parts than {@code part}
     */
    public static ByteSpan entry(ByteSpan field, int part) {
        if (field == null || field.isEmpty()) {
            return ByteSpan.EMPTY;
        }
        ByteReader in = field.reader();
        for (int p = 0; p < part; p++) {
            if (!in.hasRemaining()) {
                throw new JazminFormatException("value points list " + p + " parts, not the chunk's part " + part);
            }
            in.skip(in.length());
        }
        if (!in.hasRemaining()) {
            return ByteSpan.EMPTY; // a directory written before its later parts had points lists fewer
        }
        int length = in.length();
        return length == 0 ? ByteSpan.EMPTY : new ByteSpan(field.bytes(), in.position(), length);
    }

    private static ValuePoints decode(ByteReader in, FlushPoints flush) {
        int streams = flush.count();
        int capacity = in.remaining() / MIN_POINT_BYTES;
        int[] firstOf = new int[streams + 1];
        int[] values = new int[capacity];
        int[] raw = new int[capacity];
        int[] stored = new int[capacity];
        long[] running = new long[capacity];
        boolean[] delta = new boolean[streams];
        int n = 0;
        int next = 0; // the lowest stream the next group may name
        while (in.hasRemaining()) {
            int k = in.varintInt();
            if (k < next || k >= streams) {
                throw new JazminFormatException("value points of stream " + k + " out of order or beyond the part's "
                        + streams + " streams");
            }
            for (int j = next; j <= k; j++) {
                firstOf[j] = n;
            }
            next = k + 1;
            int flags = in.varintInt();
            if ((flags & ~(RUNNING | REGULAR)) != 0) {
                throw new JazminFormatException("value points of stream " + k + " have unknown flags " + flags);
            }
            delta[k] = (flags & RUNNING) != 0;
            int count = in.count(MIN_POINT_BYTES);
            if (count == 0 || count > capacity - n) {
                throw new JazminFormatException("stream " + k + " lists " + count + " value points");
            }
            long spacing = (flags & REGULAR) != 0 ? in.varint() : 0;
            long v = 0;
            long r = flush.raw(k);
            long rawStep = 0;
            long s = flush.stored(k);
            long run = 0;
            for (int i = 0; i < count; i++, n++) {
                v = step(v, spacing != 0 ? spacing : in.varint(), k, "value index");
                long diff = rawStep + in.zigzag();
                r = step(r, diff, k, "raw offset");
                rawStep = diff;
                s = step(s, in.varint(), k, "stored offset");
                values[n] = (int) v;
                raw[n] = (int) r;
                stored[n] = (int) s;
                if (delta[k]) {
                    run += in.zigzag(); // wraps like the values' own deltas would; the decode checks it
                }
                running[n] = run;
            }
        }
        for (int j = next; j <= streams; j++) {
            firstOf[j] = n;
        }
        return new ValuePoints(firstOf, Arrays.copyOf(values, n), Arrays.copyOf(raw, n), Arrays.copyOf(stored, n),
                Arrays.copyOf(running, n), delta);
    }

    /** {@code at + diff}, the difference at least 1 and the sum an int. */
    private static long step(long at, long diff, int k, String what) {
        if (diff < 1 || diff > Integer.MAX_VALUE || at + diff > Integer.MAX_VALUE) {
            throw new JazminFormatException("value point " + what + " of stream " + k + " does not ascend (+"
                    + Long.toUnsignedString(diff) + ")");
        }
        return at + diff;
    }

    /** How many points stream {@code k} has. */
    public int count(int k) {
        return firstOf[k + 1] - firstOf[k];
    }

    /** The index of the first non-null value after point {@code i} of stream {@code k}. */
    public int value(int k, int i) {
        return values[firstOf[k] + i];
    }

    /** Point {@code i} of stream {@code k}'s raw offset in the part. */
    public int raw(int k, int i) {
        return raw[firstOf[k] + i];
    }

    /** Point {@code i} of stream {@code k}'s stored offset in the part's Deflate data. */
    public int stored(int k, int i) {
        return stored[firstOf[k] + i];
    }

    /** Whether stream {@code k}'s points hold running values (a delta-encoded stream). */
    public boolean hasRunning(int k) {
        return delta[k];
    }

    /** The value before point {@code i} of a delta stream {@code k}. */
    public long running(int k, int i) {
        return running[firstOf[k] + i];
    }

    /**
     * The last point of stream {@code k} at or before non-null value {@code value}, or -1.
     */
    public int pointBefore(int k, int value) {
        int lo = 0;
        int hi = count(k) - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (value(k, mid) <= value) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }

    /**
     * Checks stream {@code k}'s points lie strictly inside it: their raw offsets after its first
     * {@code headRaw} bytes and before its end ({@code rawEnd}, part offsets), their stored offsets
     * before {@code storedEnd}, and their value indexes below its {@code nonNull} values.
     */
    public void checkStream(int k, int headRaw, int rawEnd, int storedEnd, int nonNull) {
        int last = count(k) - 1;
        if (last < 0) {
            return;
        }
        if (raw(k, 0) < headRaw || raw(k, last) >= rawEnd || stored(k, last) >= storedEnd
                || value(k, last) >= nonNull) {
            throw new JazminFormatException("value point of stream " + k + " (value " + value(k, last) + ", raw "
                    + raw(k, last) + ", stored " + stored(k, last) + ") lies outside the stream's " + nonNull
                    + " values, raw bytes up to " + rawEnd + " and stored bytes up to " + storedEnd);
        }
    }
}
