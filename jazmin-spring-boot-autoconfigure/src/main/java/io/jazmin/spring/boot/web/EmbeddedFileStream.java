package io.jazmin.spring.boot.web;

import io.jazmin.files.EmbeddedFile;
import io.jazmin.spring.data.core.JazminOperations;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;

/**
 * The bytes of an embedded file: read from the start, through the engine's stream (one block held,
 * SHA-256 checked at the end); skipped into first (as range responses do), by block-sized range
 * reads from the skipped-to position, so a range never reads the blocks before it.
 */
final class EmbeddedFileStream extends InputStream {
    /** The engine's block size: a range read per stored block. */
    private static final int BLOCK = 256 * 1024;
    private final JazminOperations operations;
    private final String file;
    private final EmbeddedFile entry;
    private InputStream whole;
    private boolean ranged;
    private long position;
    private byte[] buffer = new byte[0];
    private int at;
    private boolean closed;

    EmbeddedFileStream(JazminOperations operations, String file, EmbeddedFile entry) {
        this.operations = operations;
        this.file = file;
        this.entry = entry;
    }

    @Override
    public long skip(long n) throws IOException {
        ensureOpen();
        if (n <= 0) {
            return 0;
        }
        if (whole != null) {
            return whole.skip(n);
        }
        ranged = true;
        long buffered = Math.min(n, buffer.length - at);
        at += (int) buffered;
        long skipped = buffered + Math.min(n - buffered, entry.size() - position);
        position += skipped - buffered;
        return skipped;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        ensureOpen();
        if (len == 0) {
            return 0;
        }
        if (!ranged) {
            if (whole == null) {
                whole = operations.openFile(file, entry.path());
            }
            return whole.read(b, off, len);
        }
        if (at == buffer.length) {
            if (position >= entry.size()) {
                return -1;
            }
            long end = Math.min(entry.size(), (position / BLOCK + 1) * BLOCK);
            buffer = operations.readFileRange(file, entry.path(), position, end);
            at = 0;
            position = end;
        }
        int n = Math.min(len, buffer.length - at);
        System.arraycopy(buffer, at, b, off, n);
        at += n;
        return n;
    }

    private void ensureOpen() throws IOException {
        if (closed) {
            throw new IOException("the stream of embedded file '" + entry.path() + "' is closed");
        }
    }

    @Override
    public void close() throws IOException {
        closed = true;
        if (whole != null) {
            whole.close();
        }
    }
}
