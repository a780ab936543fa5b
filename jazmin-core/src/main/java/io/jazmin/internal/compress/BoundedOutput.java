package io.jazmin.internal.compress;

import io.jazmin.error.JazminFormatException;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Collects decompressed bytes up to a declared size. It starts small when the declared size is
 * implausible for the stored bytes and grows only as data really arrives, so a damaged
 * {@code raw_length} never causes a large allocation on its own.
 */
final class BoundedOutput {
    private final int limit;
    private byte[] buf;
    private int size;

    BoundedOutput(int storedLength, int limit) {
        this.limit = limit;
        long plausible = Math.max(1 << 16, 16L * storedLength);
        this.buf = new byte[(int) Math.min(limit, plausible)];
    }

    private BoundedOutput(int limit, byte[] buf) {
        this.limit = limit;
        this.buf = buf;
    }

    /** An output of at most {@code limit} bytes starting with room for {@code initial}. */
    static BoundedOutput startingAt(int initial, int limit) {
        return new BoundedOutput(limit, new byte[Math.min(limit, initial)]);
    }

    /**
     * Room to write at {@link #size()}, growing the full buffer to hold at least {@code want} bytes
     * (or twice its size, within the limit); 0 when the limit is reached.
     */
    int room(int want) {
        if (size == buf.length && size < limit) {
            buf = Arrays.copyOf(buf, (int) Math.min(limit, Math.max(want, 2L * buf.length)));
        }
        return buf.length - size;
    }

    /** Room to write at {@link #size()}, growing the buffer if it is full; 0 when the limit is reached. */
    int room() {
        if (size == buf.length && size < limit) {
            buf = Arrays.copyOf(buf, (int) Math.min(limit, 2L * buf.length));
        }
        return buf.length - size;
    }

    byte[] array() {
        return buf;
    }

    int size() {
        return size;
    }

    void advance(int n) {
        size += n;
    }

    void append(ByteBuffer chunk) {
        int got = chunk.remaining();
        if (got > limit - size) {
            throw new JazminFormatException("compressed section decodes past its raw length " + limit);
        }
        while (buf.length - size < got) {
            buf = Arrays.copyOf(buf, (int) Math.min(limit, 2L * buf.length + got));
        }
        chunk.get(buf, size, got);
        size += got;
    }

    /** The collected bytes, which must be exactly the declared length. */
    byte[] finish(String codecName) {
        if (size != limit) {
            throw new JazminFormatException(codecName + " section decodes to " + size
                    + " bytes, not its raw length " + limit);
        }
        return buf.length == size ? buf : Arrays.copyOf(buf, size);
    }
}
