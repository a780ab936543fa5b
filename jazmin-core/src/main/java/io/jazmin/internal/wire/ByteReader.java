package io.jazmin.internal.wire;

import io.jazmin.error.JazminFormatException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * A bounds-checked cursor over a byte array window. Every read that would pass the window's end
 * throws {@link JazminFormatException} instead of an index error, so hostile lengths and counts
 * never over-read or over-allocate.
 */
public final class ByteReader {
    /** Reads eight bytes at once, little-endian. */
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    /** Bytes of the longest 64-bit varint. */
    private static final int MAX_VARINT_BYTES = 10;

    private final byte[] buf;
    private final int start;
    private final int end;
    private int pos;

    public ByteReader(byte[] buf) {
        this(buf, 0, buf.length);
    }

    public ByteReader(byte[] buf, int offset, int length) {
        if (offset < 0 || length < 0 || offset > buf.length - length) {
            throw new IllegalArgumentException("window outside buffer");
        }
        this.buf = buf;
        this.start = offset;
        this.pos = offset;
        this.end = offset + length;
    }

    public int position() {
        return pos;
    }

    public int remaining() {
        return end - pos;
    }

    public boolean hasRemaining() {
        return pos < end;
    }

    /** The backing array (shared, not copied). */
    public byte[] array() {
        return buf;
    }

    private void need(long n) {
        if (n < 0 || n > end - pos) {
            throw new JazminFormatException("unexpected end of data: need " + n + " bytes, " + (end - pos) + " left");
        }
    }

    public int u8() {
        need(1);
        return buf[pos++] & 0xFF;
    }

    public int u16() {
        need(2);
        int v = (buf[pos] & 0xFF) | (buf[pos + 1] & 0xFF) << 8;
        pos += 2;
        return v;
    }

    public long u32() {
        need(4);
        long v = (buf[pos] & 0xFFL) | (buf[pos + 1] & 0xFFL) << 8 | (buf[pos + 2] & 0xFFL) << 16
                | (buf[pos + 3] & 0xFFL) << 24;
        pos += 4;
        return v;
    }

    public long u64() {
        need(8);
        long v = (long) LONGS.get(buf, pos);
        pos += 8;
        return v;
    }

    public double f64() {
        return Double.longBitsToDouble(u64());
    }

    /** Unsigned LEB128 of at most 64 bits. */
    public long varint() {
        // One bound for the whole varint instead of a check per byte: this is the hottest read.
        int p = pos;
        if (p < end && buf[p] >= 0) { // one byte (small values, lengths, dictionary ids): the common case
            pos = p + 1;
            return buf[p];
        }
        if (p <= end - Long.BYTES) {
            // Eight bytes at once: the varint ends at the first byte whose top bit is clear. No branch on
            // its length, which columns of mixed lengths (3 or 4 bytes) would mispredict value by value.
            long word = (long) LONGS.get(buf, p);
            long stops = ~word & 0x8080808080808080L;
            if (stops != 0) {
                int bits = Long.numberOfTrailingZeros(stops) + 1; // 16, 24, ..., 64: through the last byte
                pos = p + (bits >>> 3);
                return sevenBitGroups(word & (-1L >>> (64 - bits)));
            }
        }
        int limit = (int) Math.min(end, (long) p + MAX_VARINT_BYTES);
        long result = 0;
        for (int shift = 0; p < limit; shift += 7) {
            int b = buf[p++];
            if (shift == 63 && (b & 0x7E) != 0) {
                throw new JazminFormatException("varint too long");
            }
            result |= (long) (b & 0x7F) << shift;
            if (b >= 0) { // no continuation bit
                pos = p;
                return result;
            }
        }
        if (p == end && p - pos < MAX_VARINT_BYTES) {
            throw new JazminFormatException("unexpected end of data in a varint");
        }
        throw new JazminFormatException("varint too long");
    }

    /**
     * The value of up to eight varint bytes (little-endian in {@code bytes}, the bytes past the varint's
     * last one cleared): their low seven bits, packed.
     */
    public static long sevenBitGroups(long bytes) {
        long x = bytes & 0x7F7F7F7F7F7F7F7FL;
        x = (x & 0x007F007F007F007FL) | ((x & 0x7F007F007F007F00L) >>> 1); // 14 bits per 16
        x = (x & 0x00003FFF00003FFFL) | ((x & 0x3FFF00003FFF0000L) >>> 2); // 28 bits per 32
        return (x & 0x000000000FFFFFFFL) | ((x & 0x0FFFFFFF00000000L) >>> 4); // 56 bits
    }

    /**
     * Moves past {@code n} varints without decoding them, eight bytes at a time while whole words
     * hold fewer ends than are left: a varint ends at each byte whose top bit is clear. Their
     * lengths are not checked (the values a window skips are not validated, see
     * {@code StreamDecoder}); running out of bytes is a format error.
     */
    public void skipVarints(int n) {
        int p = pos;
        int left = n;
        while (left > 0 && p <= end - Long.BYTES) {
            int ends = Long.bitCount(~(long) LONGS.get(buf, p) & 0x8080808080808080L);
            if (ends >= left) {
                break; // the last one ends inside this word: finished byte by byte
            }
            left -= ends;
            p += Long.BYTES;
        }
        for (; left > 0; p++) {
            if (p >= end) {
                throw new JazminFormatException("unexpected end of data: " + left + " varints missing");
            }
            if (buf[p] >= 0) {
                left--;
            }
        }
        pos = p;
    }

    /**
     * How many varints the bytes left hold, without decoding them: one per byte whose top bit is clear
     * (where a varint ends), and one more when the last byte's is set (a truncated varint, which fails
     * when read). Eight bytes at a time; lengths are not checked (a varint too long fails when read).
     */
    public int varintsLeft() {
        int count = 0;
        int p = pos;
        for (; p <= end - Long.BYTES; p += Long.BYTES) {
            count += Long.bitCount(~(long) LONGS.get(buf, p) & 0x8080808080808080L);
        }
        for (; p < end; p++) {
            count += ~buf[p] >>> 31;
        }
        return pos < end && buf[end - 1] < 0 ? count + 1 : count;
    }

    /** A varint that must fit a non-negative int (a length or count). */
    public int varintInt() {
        long v = varint();
        if (v < 0 || v > Integer.MAX_VALUE) {
            throw new JazminFormatException("count or length out of range: " + Long.toUnsignedString(v));
        }
        return (int) v;
    }

    /** A length prefix that must also fit in the bytes left (checked before anything is allocated). */
    public int length() {
        int n = varintInt();
        need(n);
        return n;
    }

    /**
     * A count of items each taking at least {@code minBytesEach} bytes; checked against the bytes
     * left so a hostile count never sizes an allocation.
     */
    public int count(int minBytesEach) {
        int n = varintInt();
        if (minBytesEach > 0 && (long) n * minBytesEach > remaining()) {
            throw new JazminFormatException("count " + n + " exceeds the data left (" + remaining() + " bytes)");
        }
        return n;
    }

    public long zigzag() {
        long v = varint();
        return (v >>> 1) ^ -(v & 1);
    }

    /**
     * Reads {@code n} zigzag varints into {@code out[0..n)}, each as {@link #zigzag()} reads it: one of
     * one or two bytes (small ints: ages, counts, codes) without a branch on its length, which values of
     * mixed lengths would mispredict value by value; a longer one (or one at the window's end) as
     * {@link #varint()} reads it.
     */
    public void zigzags(long[] out, int n) {
        byte[] b = buf;
        int p = pos;
        int twoLeft = end - 2; // a position from which two bytes can be read
        for (int i = 0; i < n; i++) {
            long v;
            int b0;
            int b1;
            if (p <= twoLeft && ((b0 = b[p]) & (b1 = b[p + 1])) >= 0) {
                // Not both continued: one byte (b0 >= 0), or two ending at b1. `two` is 1 for two bytes.
                int two = b0 >>> 31;
                v = (b0 & 0x7F) | ((b1 & 0x7F) << 7 & -two);
                p += 1 + two;
            } else {
                pos = p;
                v = varint();
                p = pos;
            }
            out[i] = (v >>> 1) ^ -(v & 1);
        }
        pos = p;
    }

    /** An arbitrary-precision zigzag varint (decimal mantissas), limited to {@code maxBytes}. */
    public BigInteger bigZigzag(int maxBytes) {
        int start = pos;
        int n = 0;
        while (true) {
            if (n >= maxBytes) {
                throw new JazminFormatException("big varint too long");
            }
            int b = u8();
            n++;
            if ((b & 0x80) == 0) {
                break;
            }
        }
        if (n <= 9) {
            // Fast path: fits in 63 bits.
            long v = 0;
            for (int i = 0; i < n; i++) {
                v |= (long) (buf[start + i] & 0x7F) << (7 * i);
            }
            long mag = v >>> 1;
            return (v & 1) == 0 ? BigInteger.valueOf(mag) : BigInteger.valueOf(-mag - 1);
        }
        BigInteger v = BigInteger.ZERO;
        for (int i = n - 1; i >= 0; i--) {
            v = v.shiftLeft(7).or(BigInteger.valueOf(buf[start + i] & 0x7F));
        }
        BigInteger half = v.shiftRight(1);
        return v.testBit(0) ? half.negate().subtract(BigInteger.ONE) : half;
    }

    public byte[] bytes(int n) {
        need(n);
        byte[] out = new byte[n];
        System.arraycopy(buf, pos, out, 0, n);
        pos += n;
        return out;
    }

    public void skip(int n) {
        need(n);
        pos += n;
    }

    /** The next {@code n} bytes as a view of this reader's array (not copied). */
    public ByteSpan span(int n) {
        need(n);
        ByteSpan s = new ByteSpan(buf, pos, n);
        pos += n;
        return s;
    }

    /** A sub-reader over the next {@code n} bytes; this reader moves past them. */
    public ByteReader slice(int n) {
        need(n);
        ByteReader r = new ByteReader(buf, pos, n);
        pos += n;
        return r;
    }

    /** Strict UTF-8 decoding of the next {@code n} bytes (malformed input is a format error). */
    public String utf8(int n) {
        need(n);
        String s = decodeUtf8(buf, pos, n);
        pos += n;
        return s;
    }

    /**
     * Checks that the next {@code n} bytes are strict UTF-8 (malformed input is a format error) and
     * moves past them without decoding them.
     *
     * @return whether every one of the bytes is ASCII
     */
    public boolean skipUtf8(int n) {
        need(n);
        boolean ascii = requireUtf8(buf, pos, n);
        pos += n;
        return ascii;
    }

    /**
     * Checks that the bytes from position {@code from} up to {@code to} (positions in the backing
     * array, within what this reader has passed) are strict UTF-8; malformed input is a format error.
     *
     * @return whether every one of the bytes is ASCII
     */
    public boolean checkUtf8(int from, int to) {
        if (from < start || from > to || to > pos) {
            throw new IllegalArgumentException("range " + from + ".." + to + " lies outside the bytes read, "
                    + start + ".." + pos);
        }
        return requireUtf8(buf, from, to - from);
    }

    /** Strict UTF-8 decoding of a byte range (malformed input is a format error). */
    public static String decodeUtf8(byte[] b, int off, int len) {
        requireUtf8(b, off, len);
        return new String(b, off, len, StandardCharsets.UTF_8); // well-formed, so nothing is replaced
    }

    /** Throws unless the range is strict UTF-8; returns whether it is all ASCII. */
    private static boolean requireUtf8(byte[] b, int off, int len) {
        int found = StrictUtf8.check(b, off, len);
        if (found == StrictUtf8.MALFORMED) {
            throw new JazminFormatException("invalid UTF-8 text");
        }
        return found == StrictUtf8.ASCII;
    }

    /** Throws unless every byte of the window was consumed. */
    public void expectEnd(String what) {
        if (pos != end) {
            throw new JazminFormatException(what + ": " + (end - pos) + " unexpected bytes left over");
        }
    }
}
