package io.jazmin.internal.wire;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Checks UTF-8 text in place, as strictly as the JDK's reporting decoder and without allocating. */
final class StrictUtf8 {
    /** Reads eight bytes at once, to pass over runs of ASCII text quickly. */
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    /** The top bit of each of eight bytes: zero for eight ASCII characters. */
    private static final long HIGH_BITS = 0x8080808080808080L;

    private StrictUtf8() {
    }

    /** What {@link #check} finds: a range that is not well-formed UTF-8. */
    static final int MALFORMED = -1;
    /** What {@link #check} finds: well-formed UTF-8 holding at least one character past ASCII. */
    static final int WELL_FORMED = 0;
    /** What {@link #check} finds: every byte ASCII (so also well-formed). */
    static final int ASCII = 1;

    /**
     * Whether a byte range is well-formed UTF-8 as the Unicode standard defines it (table 3-7): no
     * overlong forms, no surrogates, nothing past U+10FFFF, no truncated sequence; and, in the same
     * pass, whether it is all ASCII. Allocates nothing.
     *
     * @return {@link #MALFORMED}, {@link #WELL_FORMED} or {@link #ASCII}
     */
    static int check(byte[] b, int off, int len) {
        int end = off + len;
        int i = off;
        boolean ascii = true;
        while (i < end) {
            if (end - i >= 8 && ((long) LONGS.get(b, i) & HIGH_BITS) == 0) {
                i += 8; // eight ASCII characters
            } else if (b[i] >= 0) {
                i++;
            } else {
                int n = sequenceLength(b, i, end);
                if (n < 0) {
                    return MALFORMED;
                }
                ascii = false;
                i += n;
            }
        }
        return ascii ? ASCII : WELL_FORMED;
    }

    /** The length of the well-formed multi-byte sequence at {@code i}, or -1 when there is none. */
    private static int sequenceLength(byte[] b, int i, int end) {
        int lead = b[i] & 0xFF;
        int more;
        int lowest = 0x80; // allowed range of the second byte, narrowed for some lead bytes
        int highest = 0xBF;
        if (lead >= 0xC2 && lead <= 0xDF) {
            more = 1;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            more = 2;
            lowest = lead == 0xE0 ? 0xA0 : 0x80; // overlong
            highest = lead == 0xED ? 0x9F : 0xBF; // surrogates
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            more = 3;
            lowest = lead == 0xF0 ? 0x90 : 0x80; // overlong
            highest = lead == 0xF4 ? 0x8F : 0xBF; // past U+10FFFF
        } else {
            return -1;
        }
        if (more >= end - i) {
            return -1;
        }
        int second = b[i + 1] & 0xFF;
        if (second < lowest || second > highest) {
            return -1;
        }
        for (int k = 2; k <= more; k++) {
            if ((b[i + k] & 0xC0) != 0x80) {
                return -1;
            }
        }
        return more + 1;
    }
}
