package io.jazmin.internal.compress;

import java.nio.ByteBuffer;
import java.util.BitSet;

/**
 * The stored bytes of some column streams of a Deflate chunk part with flush points, copied out of
 * the buffer its reader checked the whole part in (CRC-32, digest, AES-GCM tag) and reuses for the
 * next section: a query holds only the streams it reads instead of a new array of the whole part per
 * chunk (issue 33). A stream not copied then is copied when first asked for from the part read and
 * checked again whole ({@link Refetch}), so every byte inflated was checked with its part. Unlike a
 * remote source's {@link StoredStreams}, every stream here is covered by the part's CRC-32.
 */
public final class CopiedStreams implements StoredStreams {
    /** Reads the part again, checks it whole as the first read did, and copies the streams asked for. */
    public interface Refetch {
        /** The slices of the streams {@code streams} (indexes; others {@code null}) of the part read again. */
        Slice[] copy(BitSet streams);
    }

    private final Slice[] slices;
    private final int rawLength;
    private final Refetch refetch;
    /**
     * The checked part's stored payload while it is held ({@link #held}): the reader's buffer, lent until
     * {@link #letGo}; then {@code null}.
     */
    private byte[] held;
    private int heldOffset;
    private int heldLength;
    private FlushPoints points;
    private BitSet wanted;
    /** Gives the held buffer back to its reader (wiping a key file's plaintext); run once. */
    private Runnable giveBack;
    /** How many inflates read {@link #held} now ({@link #pin}): it is given back only once none does. */
    private int pins;
    private boolean lettingGo;

    /**
     * @param slices    per stream, its stored bytes copied already, or {@code null} (see {@link #copy})
     * @param rawLength the part's raw length, from the envelope checked with it
     */
    public CopiedStreams(Slice[] slices, int rawLength, Refetch refetch) {
        this.slices = slices;
        this.rawLength = rawLength;
        this.refetch = refetch;
    }

    /**
     * The streams of the checked Deflate payload {@code stored[off..off+len)} (its points checked to lie
     * inside it), read where they lie in the reader's buffer {@code stored} until {@link #letGo}: a lookup
     * inflates its few rows straight from the checked part, then lets it go, copying only the streams a
     * query still needs whole ({@code giveBack} returns the buffer to its reader). No stream is copied before.
     *
     * @param wanted the streams the query reads (those {@link #letGo} keeps when asked to)
     */
    public static CopiedStreams held(byte[] stored, int off, int len, int rawLength, FlushPoints points,
                                     BitSet wanted, Refetch refetch, Runnable giveBack) {
        points.check(len, rawLength);
        CopiedStreams c = new CopiedStreams(new Slice[points.count()], rawLength, refetch);
        c.held = stored;
        c.heldOffset = off;
        c.heldLength = len;
        c.points = points;
        c.wanted = wanted;
        c.giveBack = giveBack;
        return c;
    }

    /**
     * Copies into one new array the stored bytes of the {@code wanted} streams (indexes below the
     * points' count) of the Deflate payload {@code stored[off..off+len)} of {@code rawLength} raw bytes,
     * once its points are checked to lie inside it; per stream its slice of that array, {@code null}
     * for one not wanted.
     */
    public static Slice[] copy(byte[] stored, int off, int len, int rawLength, FlushPoints points, BitSet wanted) {
        return copy(ByteBuffer.wrap(stored), off, len, rawLength, points, wanted);
    }

    /**
     * Like {@link #copy(byte[], int, int, int, FlushPoints, BitSet)}, from the payload at
     * {@code [off, off + len)} of {@code stored} (a direct buffer the part was read into; its position
     * and limit are neither used nor moved).
     */
    public static Slice[] copy(ByteBuffer stored, int off, int len, int rawLength, FlushPoints points, BitSet wanted) {
        points.check(len, rawLength);
        int count = points.count();
        int total = 0;
        for (int k = wanted.nextSetBit(0); k >= 0 && k < count; k = wanted.nextSetBit(k + 1)) {
            total += end(points, k, len) - points.stored(k);
        }
        byte[] copied = new byte[total];
        Slice[] out = new Slice[count];
        int n = 0;
        for (int k = wanted.nextSetBit(0); k >= 0 && k < count; k = wanted.nextSetBit(k + 1)) {
            int from = points.stored(k);
            int length = end(points, k, len) - from;
            stored.get(off + from, copied, n, length);
            out[k] = new Slice(copied, n, length);
            n += length;
        }
        return out;
    }

    private static int end(FlushPoints points, int k, int len) {
        return k == points.count() - 1 ? len : points.stored(k + 1);
    }

    @Override
    public synchronized Slice stored(int k) {
        if (slices[k] == null && held != null && !lettingGo) {
            slices[k] = copyHeld(k);
        }
        if (slices[k] == null) {
            BitSet one = new BitSet();
            one.set(k);
            fetch(one);
        }
        return slices[k];
    }

    /** Stream {@code k}'s stored bytes copied out of the held part. */
    private Slice copyHeld(int k) {
        int from = points.stored(k);
        int length = end(points, k, heldLength) - from;
        byte[] copied = new byte[length];
        System.arraycopy(held, heldOffset + from, copied, 0, length);
        return new Slice(copied, 0, length);
    }

    @Override
    public synchronized Slice pin(int k) {
        if (held == null || lettingGo || slices[k] != null) {
            return null;
        }
        pins++;
        int from = points.stored(k);
        return new Slice(held, heldOffset + from, end(points, k, heldLength) - from);
    }

    @Override
    public synchronized void unpin() {
        if (--pins == 0 && lettingGo) {
            giveBack();
        }
    }

    @Override
    public synchronized void letGo(boolean keepWanted) {
        if (held == null || lettingGo) {
            return;
        }
        if (keepWanted) {
            for (int k = wanted.nextSetBit(0); k >= 0 && k < slices.length; k = wanted.nextSetBit(k + 1)) {
                if (slices[k] == null) {
                    slices[k] = copyHeld(k);
                }
            }
        }
        lettingGo = true;
        if (pins == 0) {
            giveBack();
        }
    }

    private void giveBack() {
        held = null;
        giveBack.run();
    }

    @Override
    public int rawLength() {
        return rawLength;
    }

    @Override
    public synchronized void fetch(BitSet wanted) {
        BitSet missing = new BitSet();
        for (int k = wanted.nextSetBit(0); k >= 0 && k < slices.length; k = wanted.nextSetBit(k + 1)) {
            if (slices[k] == null) {
                missing.set(k);
            }
        }
        if (missing.isEmpty()) {
            return;
        }
        Slice[] again = refetch.copy(missing);
        for (int k = missing.nextSetBit(0); k >= 0; k = missing.nextSetBit(k + 1)) {
            slices[k] = again[k];
        }
    }
}
