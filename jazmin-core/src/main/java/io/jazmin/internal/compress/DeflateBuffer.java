package io.jazmin.internal.compress;

/**
 * Per thread, the buffer Deflate data is made in before it is copied out at its exact length. A
 * chunk part's first guess at its output (half its raw length, 512 KiB for a 1 MiB chunk) is as large
 * as the garbage collector's humongous objects on a heap of 1 to 2 GiB, which are costly to allocate and
 * reclaim; one buffer per thread serves pass after pass instead. Taken out while in use, so a nested use
 * gets a new one; buffers past {@value #KEPT_BYTES} bytes are not kept.
 */
final class DeflateBuffer {
    private static final int KEPT_BYTES = 4 << 20;
    private static final ThreadLocal<byte[]> BUFFER = new ThreadLocal<>();

    private DeflateBuffer() {
    }

    /** This thread's buffer, at least {@code length} bytes long (its contents are not cleared). */
    static byte[] take(int length) {
        byte[] b = BUFFER.get();
        BUFFER.set(null);
        return b != null && b.length >= length ? b : new byte[length];
    }

    /** {@code out}, or when shorter than {@code length}, a copy of its first {@code used} bytes that long. */
    static byte[] grown(byte[] out, int used, int length) {
        if (out.length >= length) {
            return out;
        }
        byte[] more = new byte[length];
        System.arraycopy(out, 0, more, 0, used);
        return more;
    }

    /** Gives back a buffer {@link #take} gave (or one grown from it) for the thread's next pass. */
    static void give(byte[] b) {
        if (b.length <= KEPT_BYTES) {
            byte[] kept = BUFFER.get();
            if (kept == null || kept.length < b.length) {
                BUFFER.set(b);
            }
        }
    }
}
