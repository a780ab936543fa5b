package io.jazmin.internal.wire;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A growable little-endian byte buffer with the varint forms of the format. */
public final class ByteWriter {
    /** Chars of a string encoded per capacity check in {@link #strictUtf8(String)}. */
    private static final int UTF8_SEGMENT = 1 << 14;

    private byte[] buf;
    private int size;
    /**
     * Strings shorter than this are first tried as ASCII char by char ({@link #shortAscii}): for a
     * few chars, cheaper than copying them out in bulk. Their length fits one prefix byte.
     */
    private static final int SHORT_ASCII = 32;
    /** Chars of the string {@link #strictUtf8(String)} is encoding, or {@code null} before its first use. */
    private char[] chars;

    public ByteWriter() {
        this(64);
    }

    public ByteWriter(int capacity) {
        buf = new byte[Math.max(16, capacity)];
    }

    private ByteWriter(byte[] buf) {
        this.buf = buf;
    }

    /** A writer whose bytes go to {@code array} from its start (growing into a new array past its end). */
    public static ByteWriter over(byte[] array) {
        return new ByteWriter(array);
    }

    private void ensure(int extra) {
        if (size + extra > buf.length) {
            grow(extra);
        }
    }

    private void grow(int extra) {
        buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + extra));
    }

    public int size() {
        return size;
    }

    /** How many bytes the buffer holds before it grows. */
    public int capacity() {
        return buf.length;
    }

    public void reset() {
        size = 0;
    }

    /** Drops the bytes from {@code newSize} on. */
    public void truncate(int newSize) {
        if (newSize < 0 || newSize > size) {
            throw new IllegalArgumentException("cannot truncate " + size + " bytes to " + newSize);
        }
        size = newSize;
    }

    public byte[] toByteArray() {
        return Arrays.copyOf(buf, size);
    }

    /**
     * The bytes written, for a writer done with: its backing array itself when the writer was sized
     * exactly (a section of megabytes is then not copied once more), else a copy. Nothing may be
     * written after.
     */
    public byte[] toFinalByteArray() {
        return size == buf.length ? buf : toByteArray();
    }

    /**
     * The backing array, its first {@link #size()} bytes written, handed over: the writer goes on, empty,
     * in {@code next} (growing it when needed), so the bytes written are not copied out.
     */
    public byte[] exchange(byte[] next) {
        byte[] written = buf;
        buf = next;
        size = 0;
        return written;
    }

    /** The backing array; valid up to {@link #size()}. */
    public byte[] array() {
        return buf;
    }

    public ByteWriter u8(int v) {
        ensure(1);
        buf[size++] = (byte) v;
        return this;
    }

    public ByteWriter u16(int v) {
        ensure(2);
        buf[size++] = (byte) v;
        buf[size++] = (byte) (v >>> 8);
        return this;
    }

    public ByteWriter u32(long v) {
        ensure(4);
        for (int i = 0; i < 4; i++) {
            buf[size++] = (byte) (v >>> (8 * i));
        }
        return this;
    }

    public ByteWriter u64(long v) {
        ensure(8);
        for (int i = 0; i < 8; i++) {
            buf[size++] = (byte) (v >>> (8 * i));
        }
        return this;
    }

    public ByteWriter f64(double v) {
        return u64(Double.doubleToRawLongBits(v));
    }

    public ByteWriter varint(long v) {
        ensure(10);
        byte[] b = buf; // locals: the loop then keeps position and array in registers
        int p = size;
        while ((v & ~0x7FL) != 0) {
            b[p++] = (byte) (v | 0x80);
            v >>>= 7;
        }
        b[p++] = (byte) v;
        size = p;
        return this;
    }

    /**
     * Writes at {@code at}, where one byte was reserved, the varint of how many bytes follow it, moving
     * them on when the varint needs more than that byte: a length-prefixed body written in place (a
     * protobuf sub-message, whose length is known only once it is written), without a buffer of its own.
     */
    public ByteWriter patchLength(int at) {
        int length = size - at - 1;
        int n = varintSize(length);
        if (n > 1) {
            ensure(n - 1);
            System.arraycopy(buf, at + 1, buf, at + n, length);
            size += n - 1;
        }
        byte[] b = buf;
        int p = at;
        long v = length;
        while ((v & ~0x7FL) != 0) {
            b[p++] = (byte) (v | 0x80);
            v >>>= 7;
        }
        b[p] = (byte) v;
        return this;
    }

    public ByteWriter zigzag(long v) {
        return varint((v << 1) ^ (v >> 63));
    }

    /** Arbitrary-precision zigzag varint ({@code n >= 0 -> 2n}, {@code n < 0 -> -2n - 1}). */
    public ByteWriter bigZigzag(BigInteger n) {
        if (n.bitLength() < 63) {
            return zigzag(n.longValue());
        }
        BigInteger z = n.signum() >= 0 ? n.shiftLeft(1) : n.negate().shiftLeft(1).subtract(BigInteger.ONE);
        BigInteger mask = BigInteger.valueOf(0x7F);
        while (z.bitLength() > 7) {
            u8(z.and(mask).intValue() | 0x80);
            z = z.shiftRight(7);
        }
        return u8(z.intValue());
    }

    public ByteWriter bytes(byte[] b) {
        return bytes(b, 0, b.length);
    }

    public ByteWriter bytes(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, buf, size, len);
        size += len;
        return this;
    }

    /** Varint length followed by the bytes. */
    public ByteWriter lengthPrefixed(byte[] b) {
        varint(b.length);
        return bytes(b);
    }

    /** Varint byte length followed by the UTF-8 bytes of {@code s}. */
    public ByteWriter utf8(String s) {
        // A short ASCII string (a column name, an index kind) is copied without an encoded array first.
        if (s.length() < SHORT_ASCII && shortAscii(s, s.length())) {
            return this;
        }
        return lengthPrefixed(s.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Writes {@code s} (under {@value #SHORT_ASCII} chars) length-prefixed when every char is ASCII
     * and returns {@code true}; otherwise writes nothing (the bytes past the size may have changed).
     */
    private boolean shortAscii(String s, int n) {
        ensure(1 + n);
        byte[] b = buf;
        int p = size + 1;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                return false;
            }
            b[p + i] = (byte) c;
        }
        b[size] = (byte) n;
        size = p + n;
        return true;
    }

    /**
     * Writes the varint byte length and the UTF-8 bytes of {@code s}, refusing an unpaired
     * surrogate, which has no UTF-8 form: the check and the encoding are one pass over the chars.
     *
     * @return -1 when written; else the index of the first unpaired surrogate, and nothing is written
     */
    public int strictUtf8(String s) {
        int n = s.length();
        if (n < SHORT_ASCII && shortAscii(s, n)) {
            return -1;
        }
        int prefix = varintSize(3L * n); // room for the longest length; the bytes move back if it is shorter
        int start = size + prefix;
        int p = start;
        char[] cs = chars;
        if (cs == null || cs.length < Math.min(n, UTF8_SEGMENT)) {
            cs = chars = new char[Math.min(UTF8_SEGMENT, Math.max(64, n))];
        }
        for (int from = 0; from < n; ) {
            // A segment at a time: getChars copies it in bulk, and room is asked for per segment.
            int count = Math.min(n - from, cs.length);
            s.getChars(from, from + count, cs, 0);
            ensure(p - size + 3 * count + 1); // + 1: a pair may end just past the segment
            byte[] b = buf;
            int j = 0;
            for (char c; j < count && (c = cs[j]) < 0x80; j++) {
                b[p++] = (byte) c;
            }
            for (; j < count; j++) {
                char c = cs[j];
                if (c < 0x80) {
                    b[p++] = (byte) c;
                } else if (c < 0x800) {
                    b[p++] = (byte) (0xC0 | c >>> 6);
                    b[p++] = (byte) (0x80 | c & 0x3F);
                } else if (!Character.isSurrogate(c)) {
                    b[p++] = (byte) (0xE0 | c >>> 12);
                    b[p++] = (byte) (0x80 | c >>> 6 & 0x3F);
                    b[p++] = (byte) (0x80 | c & 0x3F);
                } else {
                    int i = from + j;
                    char low = i + 1 >= n ? 0 : j + 1 < count ? cs[j + 1] : s.charAt(i + 1);
                    if (!Character.isHighSurrogate(c) || !Character.isLowSurrogate(low)) {
                        return i;
                    }
                    int cp = Character.toCodePoint(c, low);
                    b[p++] = (byte) (0xF0 | cp >>> 18);
                    b[p++] = (byte) (0x80 | cp >>> 12 & 0x3F);
                    b[p++] = (byte) (0x80 | cp >>> 6 & 0x3F);
                    b[p++] = (byte) (0x80 | cp & 0x3F);
                    j++; // past the low surrogate, which may be the next segment's first char
                }
            }
            from += j;
        }
        int length = p - start;
        if (prefix == 1) { // the common case: under 43 chars, the length fits the byte reserved for it
            buf[size] = (byte) length;
            size = p;
            return -1;
        }
        int used = varintSize(length);
        if (used != prefix) {
            System.arraycopy(buf, start, buf, size + used, length);
        }
        varint(length); // may grow the array: the copy keeps the bytes past size
        size += length;
        return -1;
    }

    /** Number of bytes {@link #varint(long)} writes for {@code v}. */
    public static int varintSize(long v) {
        int bits = 64 - Long.numberOfLeadingZeros(v | 1);
        return (bits + 6) / 7; // 7 payload bits a byte, no loop
    }

    /** Number of bytes {@link #zigzag(long)} writes for {@code v}. */
    public static int zigzagSize(long v) {
        return varintSize((v << 1) ^ (v >> 63));
    }
}
