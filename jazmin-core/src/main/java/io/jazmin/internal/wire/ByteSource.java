package io.jazmin.internal.wire;

import io.jazmin.error.JazminFormatException;
import io.jazmin.error.JazminIoException;
import io.jazmin.source.FileStamp;
import io.jazmin.source.RandomAccessSource;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Positional, thread-safe reads from a local file, a byte array or a caller's
 * {@link RandomAccessSource}. The size is fixed when the source is opened, so a reader keeps seeing
 * the version it opened while an append grows the file.
 *
 * <p>A local file's channel is this source's alone while it is open. Opened with {@link #openReusing},
 * it may be an idle channel of the same file from {@link IdleChannels}, and goes back there on close
 * when the opener asks ({@link #returnChannelOnClose}); it is handed back (or closed) only once no read
 * is using it any more, so a read still running on another thread after the close, or interrupted
 * then (which closes the channel), never touches a channel another source owns.
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
    /** The pool this source's channel may go back to on close ({@link #openReusing}), or {@code null}. */
    private final IdleChannels pool;
    /** Whether the channel came from {@link #pool}, already open. */
    private final boolean reusedChannel;
    /** Set by {@link #returnChannelOnClose}: how the channel goes back to {@link #pool}, else {@code null}. */
    private volatile ReturnTo returnTo;
    /** Reads using the channel now, plus one until {@link #close}; the channel is released when it reaches 0. */
    private final AtomicInteger channelUsers = new AtomicInteger(1);
    private final AtomicBoolean closed = new AtomicBoolean();
    /**
     * The end of the source read at once and kept (see {@link #keepTail}), or {@code null}: a ranged caller's
     * source's, or a local file's (in this thread's buffer, given back when the channel is released).
     */
    private volatile Tail tail;
    /** Whether {@link #keepTail} asked a local file to keep its tail, read at the first read among it. */
    private volatile boolean localTailWanted;

    /** The file key and encryption the channel is returned to the pool under. */
    private record ReturnTo(Object fileKey, boolean encrypted) {
    }

    /** Bytes {@code [start, size)} of the source, from the start of {@code bytes} (which may be longer). */
    private record Tail(long start, byte[] bytes) {
    }

    /**
     * The most bytes {@link #keepTail} keeps: a file's catalog (trailer, header, chunk directories,
     * statistics) beyond that is read section by section, as before.
     */
    public static final int MAX_TAIL = 1 << 20;

    /**
     * The bytes at a local file's end {@link #keepTail} reads at once: a {@code pread} costs about the same
     * up to a few kilobytes, and the catalog a lookup reads (trailer, header, chunk directory, statistics,
     * index directory) lies in the last 8.4 KB of the benchmark's 196-chunk file (issue 33). A larger
     * catalog's sections outside it are read on their own.
     */
    static final int LOCAL_TAIL = 16 << 10;
    /**
     * Per thread, a {@link #LOCAL_TAIL} buffer a local file's tail is read into, taken out while a source
     * keeps it: an open then allocates none. It only ever holds the file's stored bytes (an encrypted
     * file's sections are decrypted in the section reader's own buffer), never plaintext of a key file.
     */
    private static final ThreadLocal<byte[]> TAIL_BUFFERS = new ThreadLocal<>();

    private ByteSource(Path path, FileChannel channel, byte[] bytes, RandomAccessSource external, long size,
            FileStamp before) {
        this(path, channel, bytes, external, size, before, null, false);
    }

    private ByteSource(Path path, FileChannel channel, byte[] bytes, RandomAccessSource external, long size,
            FileStamp before, IdleChannels pool, boolean reusedChannel) {
        this.path = path;
        this.channel = channel;
        this.bytes = bytes;
        this.external = external;
        this.size = size;
        this.before = before;
        this.pool = pool;
        this.reusedChannel = reusedChannel;
    }

    /** Opens the local file at {@code path} with a channel of its own, closed with this source. */
    public static ByteSource open(Path path) throws IOException {
        return open(path, FileStamp.find(path).orElse(null), null);
    }

    private static ByteSource open(Path path, FileStamp before, IdleChannels pool) throws IOException {
        FileChannel ch = FileChannel.open(path, StandardOpenOption.READ);
        new ChannelOpenEvent().commit();
        try {
            return new ByteSource(path, ch, null, null, ch.size(), before, pool, false);
        } catch (IOException e) {
            ch.close();
            throw e;
        }
    }

    /**
     * Opens the local file at {@code path} for a reader that may hand its channel to the next reader of
     * the same file ({@link #returnChannelOnClose}), taking an idle channel of that file from {@code pool}
     * when there is one: then the open costs one {@code stat} (the stamp every open takes first) and
     * nothing else. Where the platform has no file keys it opens a channel as {@link #open(Path)} does.
     *
     * <p>A reused channel reads the file the stamp names: the pool hands out only a channel whose file
     * key (inode) is the one the stamp found at the path, and a channel's inode never changes. So this
     * source's size is the stamp's size and its {@link #identity()} is the stamp, fixed without a second
     * {@code stat}. A file appended after the stamp still holds the version the stamp saw in its first
     * {@link #size()} bytes (appends only add bytes after it), and a file replaced after the stamp is read
     * through the channel, which still reads the file stamped: as for a channel just opened, the reader
     * keeps the version it saw, and {@link #isCurrent()} answers {@code false} once the path changed.
     *
     * @param encryptedAllowed whether an idle channel of an encrypted file may be taken (the reader may
     *                         cache its decrypted chunks)
     */
    public static ByteSource openReusing(Path path, IdleChannels pool, boolean encryptedAllowed) throws IOException {
        FileStamp stamp = FileStamp.find(path).orElse(null);
        if (stamp == null) {
            pool.closeAll(path); // gone (or not a file): its idle channels only hold disk space
            return open(path, null, null);
        }
        if (stamp.fileKey() == null) {
            return open(path, stamp, null);
        }
        FileChannel idle = pool.take(path, stamp.fileKey(), encryptedAllowed);
        if (idle == null) {
            return open(path, stamp, pool);
        }
        ByteSource source = new ByteSource(path, idle, null, null, stamp.size(), stamp, pool, true);
        source.identity = DiskIdentity.of(stamp);
        source.identified = true;
        return source;
    }

    /**
     * Whether the channel was an idle one from the pool ({@link #openReusing}): then {@link #identity()}
     * is the stamp taken at the open, without any read of the file since.
     */
    public boolean reusedChannel() {
        return reusedChannel;
    }

    /**
     * Hands the channel to the next reader of this file when this source closes, instead of closing it:
     * for a source from {@link #openReusing} whose file has an {@link #identity()} with a file key (so
     * the channel is known to read that file). Does nothing for any other source.
     *
     * @param encrypted whether the file is encrypted (see {@link IdleChannels#take})
     */
    public void returnChannelOnClose(boolean encrypted) {
        DiskIdentity file = pool == null ? null : identity();
        if (file != null && file.fileKey() != null) {
            returnTo = new ReturnTo(file.fileKey(), encrypted);
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
     * nothing for memory, when {@code from} is not below what is kept, or when the tail would exceed
     * {@link #MAX_TAIL} bytes. A local file keeps its last {@link #LOCAL_TAIL} bytes instead, read whole at
     * the first read that lies among them ({@link #keepLocalTail}): an open whose header and chunks come
     * from the shared cache reads none of them, and then reads no tail either.
     */
    public void keepTail(long from) {
        if (channel != null) {
            localTailWanted = true;
            return;
        }
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
                System.arraycopy(kept.bytes(), 0, bytes, (int) (keptFrom - start), (int) (size - keptFrom));
            }
            tail = new Tail(start, bytes);
        }
    }

    /**
     * For a local file, reads its last {@link #LOCAL_TAIL} bytes (all of a smaller file) and keeps them until
     * the channel is released, in this thread's buffer: the sections an open and a lookup read there are
     * then copied from it instead of costing a {@code pread} each (issue 33). Called by the first read among
     * those bytes after {@link #keepTail}; what lies before them is read on its own.
     */
    private void keepLocalTail() {
        if (tail != null || size == 0 || !holdChannel()) {
            return; // a closed source fails its next read as before
        }
        try {
            synchronized (this) {
                if (tail != null) {
                    return;
                }
                int length = (int) Math.min(size, LOCAL_TAIL);
                byte[] buffer = TAIL_BUFFERS.get();
                TAIL_BUFFERS.set(null);
                if (buffer == null) {
                    buffer = new byte[LOCAL_TAIL];
                }
                try {
                    readChannel(size - length, ByteBuffer.wrap(buffer, 0, length));
                } catch (RuntimeException e) {
                    giveBackTail(buffer);
                    throw e;
                }
                tail = new Tail(size - length, buffer);
            }
        } finally {
            try {
                releaseChannel();
            } catch (IOException ignored) {
                // The last use of a closed source closed the channel: a read-only channel loses nothing.
            }
        }
    }

    /** Gives a local tail's buffer back to this thread, unless it has one. */
    private static void giveBackTail(byte[] buffer) {
        if (TAIL_BUFFERS.get() == null) {
            TAIL_BUFFERS.set(buffer);
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
        if (!holdChannel()) {
            throw new JazminIoException("cannot read", path, new ClosedChannelException());
        }
        try {
            if (localTailWanted && tail == null && offset >= size - LOCAL_TAIL) {
                keepLocalTail();
            }
            // Held, the channel cannot be released, nor the tail's buffer with it.
            if (!fromTail(offset, out)) {
                readChannel(offset, out);
            }
        } finally {
            try {
                releaseChannel();
            } catch (IOException ignored) {
                // The last read of a closed source closed the channel: a read-only channel loses nothing.
            }
        }
    }

    /** Reads {@code out.remaining()} bytes at {@code offset} through the channel, which the caller holds. */
    private void readChannel(long offset, ByteBuffer out) {
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

    /** Counts a read using the channel; {@code false} once the source is closed and no read uses it. */
    private boolean holdChannel() {
        while (true) {
            int users = channelUsers.get();
            if (users == 0) {
                return false;
            }
            if (channelUsers.compareAndSet(users, users + 1)) {
                return true;
            }
        }
    }

    /** Ends a read (or, from {@link #close}, the source's own use); the last one releases the channel. */
    private void releaseChannel() throws IOException {
        if (channelUsers.decrementAndGet() != 0) {
            return;
        }
        Tail kept = tail;
        if (kept != null) {
            tail = null; // no read holds the channel any more, and none can start: the buffer is free
            giveBackTail(kept.bytes());
        }
        ReturnTo to = returnTo;
        if (to != null) {
            // The pool closes it instead when an interrupt closed it during a read.
            pool.give(path, to.fileKey(), channel, to.encrypted());
        } else {
            channel.close();
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
        if (channel != null && closed.compareAndSet(false, true)) {
            releaseChannel();
        }
        if (external != null) {
            external.close();
        }
    }
}
