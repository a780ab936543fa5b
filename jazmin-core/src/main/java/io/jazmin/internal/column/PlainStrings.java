package io.jazmin.internal.column;

import io.jazmin.internal.wire.ByteReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.function.IntPredicate;

/**
 * The values of a plain-encoded string stream kept as their UTF-8 bytes in the decoded chunk: a
 * value becomes a {@link String} only when asked for, so reading one row of a chunk builds one
 * string, not thousands. The bytes were checked as strict UTF-8 when the stream was read (or, for
 * a chunk being written, encoded strictly from the values), so they are also the stream's bytes.
 *
 * <p>When that check found every value ASCII, a value is built as ISO-8859-1: for ASCII bytes the same
 * string, made by a plain copy, where building it as UTF-8 scans its bytes again first (reading all
 * rows of a chunk builds each of its strings).
 */
final class PlainStrings {
    private final byte[] bytes;
    private final int end;
    /** Per row, the position in {@code bytes} of its value's length prefix; unused for null rows. */
    private final int[] starts;
    /** The charset a value is built with: ISO-8859-1 when every value is known to be ASCII, else UTF-8. */
    private final Charset charset;

    /**
     * @param bytes    the buffer holding the stream (shared, not copied)
     * @param end      where the stream ends in {@code bytes}
     * @param starts   per row, where its length-prefixed value starts
     * @param allAscii whether every value's bytes are known to be ASCII ({@code false} when not, or not known)
     */
    PlainStrings(byte[] bytes, int end, int[] starts, boolean allAscii) {
        this.bytes = bytes;
        this.end = end;
        this.starts = starts;
        this.charset = allAscii ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8;
    }

    /**
     * These values held in a copy of just their stream's bytes, {@code streamStart} onwards: the
     * buffer they were read from may hold other streams too.
     */
    PlainStrings rebased(int streamStart) {
        int[] moved = new int[starts.length];
        for (int i = 0; i < starts.length; i++) {
            moved[i] = starts[i] - streamStart; // null rows' entries are never read
        }
        return new PlainStrings(java.util.Arrays.copyOfRange(bytes, streamStart, end), end - streamStart, moved,
                charset == StandardCharsets.ISO_8859_1);
    }

    /** The heap these values hold: their buffer and row starts. */
    long heapBytes() {
        return 48 + bytes.length + 16 + 4L * starts.length;
    }

    /** The bytes holding the values (shared). */
    byte[] bytes() {
        return bytes;
    }

    /** Where the length-prefixed value of a non-null row starts in {@link #bytes()}. */
    int start(int row) {
        return starts[row];
    }

    /** The rows held, from the first. */
    int rows() {
        return starts.length;
    }

    /** Where the last value ends in {@link #bytes()}. */
    int end() {
        return end;
    }

    /** Adds the stored UTF-8 bytes of a non-null row's value to {@code out}. */
    void appendTo(int row, Utf8Buffer out) {
        ByteReader in = new ByteReader(bytes, starts[row], end - starts[row]);
        int length = in.length();
        out.add(bytes, in.position(), length);
    }

    /**
     * The values of every row held, built in one pass: each non-null row's value is read where the
     * one before it ended (the stream holds them back to back), not found anew from its start as
     * {@link #get} finds it; a row {@code isNull} says is null is left null.
     */
    Object[] all(IntPredicate isNull) {
        Object[] values = new Object[starts.length];
        ByteReader in = null;
        for (int row = 0; row < values.length; row++) {
            if (isNull.test(row)) {
                continue;
            }
            if (in == null) {
                in = new ByteReader(bytes, starts[row], end - starts[row]);
            }
            int length = in.length();
            values[row] = new String(bytes, in.position(), length, charset);
            in.skip(length);
        }
        return values;
    }

    /** The value of a non-null row, decoded anew on each call. */
    String get(int row) {
        ByteReader in = new ByteReader(bytes, starts[row], end - starts[row]);
        int length = in.length();
        return new String(bytes, in.position(), length, charset);
    }
}
