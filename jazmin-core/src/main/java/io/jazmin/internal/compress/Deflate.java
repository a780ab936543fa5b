package io.jazmin.internal.compress;

import io.jazmin.error.JazminValidationException;
import java.util.Arrays;
import java.util.zip.Deflater;

/** Raw Deflate data of a whole payload at one zlib level and strategy, through the JDK's {@link Deflater}. */
final class Deflate {
    private Deflate() {
    }

    /** Refuses a level zlib does not have (an explicit level from the caller's options). */
    static void checkLevel(int level) {
        if (level < 0 || level > 9) {
            throw new JazminValidationException("Deflate level must be 0-9, got " + level);
        }
    }

    static byte[] deflate(int level, int strategy, byte[] raw, int len) {
        return deflateBelow(level, strategy, raw, len, Integer.MAX_VALUE);
    }

    /**
     * The Deflate data if shorter than {@code limit} bytes, else {@code null}: it stops as soon as
     * the output reaches the limit, since more input never makes it shorter (the second of the
     * default settings, on data it compresses worse, then costs a part of a run).
     */
    static byte[] deflateBelow(int level, int strategy, byte[] raw, int len, int limit) {
        checkLevel(level);
        Deflater d = Deflaters.take(level, strategy);
        boolean kept = false;
        try {
            d.setInput(raw, 0, len);
            d.finish();
            // The output room each call gets is the same as with an array of exactly that length, doubled as
            // it fills: at level 0 the stored blocks' sizes follow the room given.
            int room = Math.min(limit, Math.max(64, len / 2));
            byte[] out = DeflateBuffer.take(room);
            try {
                int n = 0;
                while (!d.finished()) {
                    if (n == room) {
                        if (n >= limit) {
                            kept = true; // stopped before the end: reset when taken again
                            return null;
                        }
                        room = (int) Math.min(limit, room * 2L);
                        out = DeflateBuffer.grown(out, n, room);
                    }
                    n += d.deflate(out, n, room - n);
                }
                kept = true;
                return n < limit ? Arrays.copyOf(out, n) : null;
            } finally {
                DeflateBuffer.give(out);
            }
        } finally {
            Deflaters.give(d, level, strategy, kept);
        }
    }
}
