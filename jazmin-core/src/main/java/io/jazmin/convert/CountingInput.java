package io.jazmin.convert;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** Counts the bytes read through it; subclasses check the count as it grows ({@link #counted}). */
class CountingInput extends FilterInputStream {
    private long count;

    CountingInput(InputStream in) {
        super(in);
    }

    /** The bytes read (or skipped) so far. */
    final long count() {
        return count;
    }

    /** Called after every read that moved the count on; {@code count} is the new total. */
    void counted(long count) {
        // nothing to check in a plain count
    }

    @Override
    public final int read() throws IOException {
        int b = in.read();
        if (b >= 0) {
            add(1);
        }
        return b;
    }

    @Override
    public final int read(byte[] b, int off, int len) throws IOException {
        int n = in.read(b, off, len);
        if (n > 0) {
            add(n);
        }
        return n;
    }

    @Override
    public final long skip(long n) throws IOException {
        long skipped = in.skip(n);
        add(skipped);
        return skipped;
    }

    private void add(long n) {
        count += n;
        counted(count);
    }

    @Override
    public final boolean markSupported() {
        return false;
    }
}
