package io.jazmin.internal.wire;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A growable little-endian byte buffer with the varint forms of the format. */
public final class ByteWriter {
    private byte[] buf;
    private int size;

    public ByteWriter() {
        this(64);
    }

    public ByteWriter(int capacity) {
        buf = new byte[Math.max(16, capacity)];
    }

    private void ensure(int extra) {
        if (size + extra > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + extra));
        }
    }

    public int size() {
        return size;
    }

    public void reset() {
        size = 0;
    }

    public byte[] toByteArray() {
        return Arrays.copyOf(buf, size);
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
        while ((v & ~0x7FL) != 0) {
            buf[size++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        buf[size++] = (byte) v;
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
        return lengthPrefixed(s.getBytes(StandardCharsets.UTF_8));
    }

    /** Number of bytes {@link #varint(long)} writes for {@code v}. */
    public static int varintSize(long v) {
        int n = 1;
        while ((v & ~0x7FL) != 0) {
            n++;
            v >>>= 7;
        }
        return n;
    }

    /** Number of bytes {@link #zigzag(long)} writes for {@code v}. */
    public static int zigzagSize(long v) {
        return varintSize((v << 1) ^ (v >> 63));
    }
}
