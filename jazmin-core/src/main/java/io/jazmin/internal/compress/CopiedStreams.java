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
     * @param slices    per stream, its stored bytes copied already, or {@code null} (see {@link #copy})
     * @param rawLength the part's raw length, from the envelope checked with it
     */
    public CopiedStreams(Slice[] slices, int rawLength, Refetch refetch) {
        this.slices = slices;
        this.rawLength = rawLength;
        this.refetch = refetch;
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
        if (slices[k] == null) {
            BitSet one = new BitSet();
            one.set(k);
            fetch(one);
        }
        return slices[k];
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
