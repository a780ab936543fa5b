package io.jazmin.internal.wire;

import io.jazmin.error.JazminFormatException;
import io.jazmin.error.JazminIoException;
import io.jazmin.source.FileStamp;
import io.jazmin.source.RandomAccessSource;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Positional, thread-safe reads from a local file, a byte array or a caller's
 * {@link RandomAccessSource}. The size is fixed when the source is opened, so a reader keeps seeing
 * the version it opened while an append grows the file.
 */
public final class ByteSource implements Closeable {
    private final Path path;
    private final FileChannel channel;
    private final byte[] bytes;
    private final RandomAccessSource external;
    private final long size;
    /** The file's stamp taken just before the channel was opened, or {@code null}. */
    private final FileStamp before;
    private DiskIdentity identity;
    private boolean identified;
    /** The end of a ranged caller's source read in one request and kept (see {@link #keepTail}), or {@code null}. */
    private volatile Tail tail;

    /** Bytes {@code [start, size)} of the source. */
    private record Tail(long start, byte[] bytes) {
    }

    /**
     * The most bytes {@link #keepTail} keeps: a file's catalog (trailer, header, chunk directories,
     * statistics) beyond that is read section by section, as before.
     */
    public static final int MAX_TAIL = 1 << 20;

    private ByteSource(Path path, FileChannel channel, byte[] bytes, RandomAccessSource external, long size,
            FileStamp before) {
        this.path = path;
        this.channel = channel;
        this.bytes = bytes;
        this.external = external;
        this.size = size;
        this.before = before;
    }

    public static ByteSource open(Path path) throws IOException {
        FileStamp before = FileStamp.find(path).orElse(null);
        FileChannel ch = FileChannel.open(path, StandardOpenOption.READ);
        try {
            return new ByteSource(path, ch, null, null, ch.size(), before);
        } catch (IOException e) {
            ch.close();
            throw e;
        }
    }

    public static ByteSource of(byte[] bytes) {
        return new ByteSource(null, null, bytes, null, bytes.length, null);
    }

    /** Reads through a caller's source; its size is asked once, now. */
    public static ByteSource of(RandomAccessSource external) {
        long size = external.size();
        if (size < 0) {
            throw new JazminFormatException(external.name() + " reports a negative size " + size, null, 0);
        }
        return new ByteSource(null, null, null, external, size, null);
    }

    /**
     * Which file on disk this source reads, or {@code null} for bytes in memory and for a file whose
     * identity could not be fixed (see {@link DiskIdentity#of}). Fixed on the first call, from the
     * stamp taken before the channel was opened and one taken now: only readers that may use the
     * shared cache ask, so an encrypted file's open reads the path's attributes once and never resolves it.
     */
    public synchronized DiskIdentity identity() {
        if (!identified) {
            identified = true;
            identity = path == null ? null : DiskIdentity.of(path, before, FileStamp.find(path).orElse(null), size);
        }
        return identity;
    }

    /**
     * Whether the file at {@link #path()} is still the one this source opened, as it was when opened:
     * its {@link FileStamp} (file on disk, size and last-modified time), taken now with one
     * {@code stat}, is the one taken before the open. Our writers only replace files by rename (a new file key) and grow them
     * by appends (a new size), so any commit since the open answers {@code false}; so does a path that
     * is gone, unreadable, or was replaced or grown while the source was being opened. Always
     * {@code true} for bytes in memory and a caller's source (which checks its own version on read).
     */
    public boolean unchangedOnDisk() {
        if (path == null) {
            return true;
        }
        return before != null && before.size() == size && before.matches(path);
    }

    /**
     * Whether the file this source reads is still the version it opened: {@link #unchangedOnDisk()} for a
     * path, the caller's source's own answer ({@link RandomAccessSource#isCurrent()}, an HTTP source asks
     * its server), {@code true} for bytes in memory.
     */
    public boolean isCurrent() {
        return external != null ? external.isCurrent() : unchangedOnDisk();
    }

    /**
     * Whether reads should ask only for the byte ranges a query needs inside a section (a caller's
     * remote source, {@link RandomAccessSource#prefersRanges()}): local files and memory read whole
     * sections, whose CRC-32 is then checked.
     */
    public boolean prefersRanges() {
        return external != null && external.prefersRanges();
    }

    /**
     * For a caller's source that {@link #prefersRanges()} (each read a request), reads bytes
     * {@code [from, size)} in one read, less what is kept already, and keeps them: the trailer, header
     * and catalog sections an open reads there then cost no request of their own (issue 32). Does
     * nothing for local files and memory, when {@code from} is not below what is kept, or when the
     * tail would exceed {@link #MAX_TAIL} bytes.
     */
    public void keepTail(long from) {
        if (!prefersRanges()) {
            return;
        }
        long start = Math.max(0, from);
        synchronized (this) {
            Tail kept = tail;
            long keptFrom = kept == null ? size : kept.start();
            if (start >= keptFrom || size - start > MAX_TAIL) {
                return;
            }
            byte[] bytes = new byte[(int) (size - start)];
            // Read once: the source need not keep these bytes in blocks of its own, they are kept here.
            readExternal(start, ByteBuffer.wrap(bytes, 0, (int) (keptFrom - start)), true);
            if (kept != null) {
                System.arraycopy(kept.bytes(), 0, bytes, (int) (keptFrom - start), kept.bytes().length);
            }
            tail = new Tail(start, bytes);
        }
    }

    /** Whether {@code [offset, offset + length)} (inside the source) was kept, and if so copies it into {@code out}. */
    private boolean fromTail(long offset, ByteBuffer out) {
        Tail kept = tail;
        if (kept == null || offset < kept.start()) {
            return false;
        }
        out.put(kept.bytes(), (int) (offset - kept.start()), out.remaining());
        return true;
    }

    /** The file read, or {@code null} for bytes in memory and a caller's source. */
    public Path path() {
        return path;
    }

    public long size() {
        return size;
    }

    /** Reads exactly {@code length} bytes at {@code offset}; the range must lie inside the source. */
    public byte[] read(long offset, int length) {
        byte[] out = new byte[Math.max(0, length)];
        read(offset, out, length);
        return out;
    }

    /** Reads exactly {@code length} bytes at {@code offset} into the start of {@code out}. */
    public void read(long offset, byte[] out, int length) {
        if (length < 0) {
            throw outside(offset, length);
        }
        read(offset, ByteBuffer.wrap(out, 0, length));
    }

    /**
     * Reads exactly {@code out.remaining()} bytes at {@code offset} into {@code out} (a direct buffer
     * skips the copy through a heap array); the range must lie inside the source.
     */
    public void read(long offset, ByteBuffer out) {
        int length = out.remaining();
        if (offset < 0 || offset > size - length) {
            throw outside(offset, length);
        }
        if (bytes != null) {
            out.put(bytes, (int) offset, length);
            return;
        }
        if (external != null) {
            if (!fromTail(offset, out)) {
                readExternal(offset, out);
            }
            return;
        }
        try {
            long at = offset;
            while (out.hasRemaining()) {
                int n = channel.read(out, at);
                if (n < 0) {
                    throw new JazminFormatException("file ended early while reading", null, offset);
                }
                at += n;
            }
        } catch (IOException e) {
            throw new JazminIoException("cannot read", path, e);
        }
    }

    /**
     * Reads {@code length} bytes at {@code offset} that are read once (a chunk part's column
     * streams): a caller's source reads just them, without rounding them up to blocks it keeps
     * ({@link RandomAccessSource#readOnce}).
     */
    public byte[] readOnce(long offset, int length) {
        if (external == null) {
            return read(offset, length);
        }
        if (offset < 0 || length < 0 || offset > size - length) {
            throw outside(offset, length);
        }
        ByteBuffer out = ByteBuffer.allocate(length);
        if (!fromTail(offset, out)) {
            readExternal(offset, out, true);
        }
        return out.array();
    }

    private void readExternal(long offset, ByteBuffer out) {
        readExternal(offset, out, false);
    }

    private void readExternal(long offset, ByteBuffer out, boolean once) {
        try {
            if (once) {
                external.readOnce(offset, out);
            } else {
                external.read(offset, out);
            }
        } catch (IOException e) {
            throw new JazminIoException("cannot read", external.name(), e);
        }
        if (out.hasRemaining()) {
            throw new JazminFormatException(external.name() + " ended early while reading", null, offset);
        }
    }

    private JazminFormatException outside(long offset, long length) {
        return new JazminFormatException("byte range " + offset + "+" + length + " lies outside the file of "
                + size + " bytes", null, offset);
    }

    @Override
    public void close() throws IOException {
        if (channel != null) {
            channel.close();
        }
        if (external != null) {
            external.close();
        }
    }
}
