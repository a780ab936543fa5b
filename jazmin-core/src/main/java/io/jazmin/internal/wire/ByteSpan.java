package io.jazmin.internal.wire;

/**
 * A window {@code [offset, offset + length)} of a byte array that is never changed, shared rather than
 * copied: a decoded message's bytes field kept as a view of the message's own bytes (a chunk
 * directory's value points, issue 33), which keeps the whole message's array alive as long as it.
 */
public record ByteSpan(byte[] bytes, int offset, int length) {
    /** The empty span. */
    public static final ByteSpan EMPTY = new ByteSpan(new byte[0], 0, 0);

    public ByteSpan {
        if (offset < 0 || length < 0 || offset > bytes.length - length) {
            throw new IllegalArgumentException("span outside its array");
        }
    }

    /** The whole of {@code bytes} (taken over, not copied); {@link #EMPTY} for {@code null}. */
    public static ByteSpan of(byte[] bytes) {
        return bytes == null || bytes.length == 0 ? EMPTY : new ByteSpan(bytes, 0, bytes.length);
    }

    public boolean isEmpty() {
        return length == 0;
    }

    /** A reader over the span. */
    public ByteReader reader() {
        return new ByteReader(bytes, offset, length);
    }

    /** A copy of the span's bytes. */
    public byte[] toArray() {
        return java.util.Arrays.copyOfRange(bytes, offset, offset + length);
    }
}
