package io.jazmin.internal.json;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import io.jazmin.error.InputSyntaxException;

/**
 * Passes bytes through unchanged while checking that they are well-formed UTF-8, with the JDK's
 * reporting decoder: overlong forms (such as {@code C0 AF} for {@code /}), surrogates, code points
 * past U+10FFFF and truncated sequences are refused with their byte offset and line. Jackson's byte
 * parser would otherwise decode overlong forms silently.
 */
public final class StrictUtf8Input extends InputStream {
    private final InputStream in;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder();
    /** Decoded characters are not needed, only the decoder's verdict. */
    private final CharBuffer scratch = CharBuffer.allocate(8192);
    /** The unfinished sequence carried over from the last read, then the bytes of the next one. */
    private byte[] work = new byte[0];
    private int carried;
    /** Stream offset of the first byte not yet checked (the first carried byte). */
    private long offset;
    private long line = 1;
    private Malformed failure;

    private StrictUtf8Input(InputStream in) {
        this.in = in;
    }

    /** {@code in} checked as strict UTF-8. */
    public static InputStream of(InputStream in) {
        return in instanceof StrictUtf8Input ? in : new StrictUtf8Input(in);
    }

    /** A buffered reader of {@code in} decoded as strict UTF-8. */
    public static Reader reader(InputStream in) {
        return new BufferedReader(new InputStreamReader(of(in), StandardCharsets.UTF_8.newDecoder()));
    }

    /** Ill-formed UTF-8 at a known place in the input. */
    public static final class Malformed extends IOException {
        private final long byteOffset;
        private final long line;

        Malformed(long byteOffset, long line) {
            super("invalid UTF-8 at byte offset " + byteOffset + " (line " + line + ")");
            this.byteOffset = byteOffset;
            this.line = line;
        }

        /** This failure as a syntax error of the input, the message prefixed with {@code what} ("CSV: "). */
        public InputSyntaxException syntaxError(String what) {
            return new InputSyntaxException(what + getMessage(), line, byteOffset);
        }
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (failure != null) {
            throw failure;
        }
        int n = in.read(b, off, len);
        if (n < 0 && carried > 0) {
            throw fail(offset, line);
        }
        if (n > 0) {
            check(b, off, n);
        }
        return n;
    }

    private void check(byte[] b, int off, int n) throws Malformed {
        ByteBuffer bytes;
        if (carried == 0) {
            bytes = ByteBuffer.wrap(b, off, n);
        } else {
            if (work.length < carried + n) {
                work = Arrays.copyOf(work, carried + n);
            }
            System.arraycopy(b, off, work, carried, n);
            bytes = ByteBuffer.wrap(work, 0, carried + n);
        }
        int base = bytes.position();
        CoderResult result;
        do {
            scratch.clear();
            result = decoder.decode(bytes, scratch, false);
        } while (result.isOverflow());
        if (result.isError()) {
            int at = bytes.position();
            throw fail(offset + at - base, line + newlines(bytes.array(), base, at));
        }
        line += newlines(bytes.array(), base, bytes.position());
        offset += bytes.position() - base;
        int rest = bytes.remaining();
        if (work.length < rest) {
            work = new byte[Math.max(4, rest)];
        }
        System.arraycopy(bytes.array(), bytes.position(), work, 0, rest);
        carried = rest;
    }

    private static int newlines(byte[] b, int from, int to) {
        int count = 0;
        for (int i = from; i < to; i++) {
            if (b[i] == '\n') {
                count++;
            }
        }
        return count;
    }

    private Malformed fail(long at, long atLine) {
        failure = new Malformed(at, atLine);
        return failure;
    }

    @Override
    public int available() throws IOException {
        return in.available();
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
