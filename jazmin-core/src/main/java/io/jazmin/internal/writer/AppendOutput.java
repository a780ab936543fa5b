package io.jazmin.internal.writer;

import io.jazmin.error.JazminIoException;
import io.jazmin.internal.wire.Preamble;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * Continues an existing file after its last valid trailer (spec §1.24). Anything after that end
 * (an interrupted earlier append) is cut off first; the preamble's APPENDED flag is set and forced
 * to disk before any new byte is written, unless an earlier append left it set; {@link #commit}
 * writes the new sections (gathered into few writes) and forces them to disk, then writes the
 * trailer and forces again. {@link #abort}
 * restores the previous length and flags. Works only under the file's writer lock, which also lets
 * a commit delete the temporary files of killed full writers.
 *
 * <p>Why each force (an append must be all or nothing after a crash at any point, and durable
 * when {@link #commit} returns; the system writes dirty pages back in any order):
 * <ol>
 * <li>The flag, only on a file's first append: until it is on disk a reader that finds no valid
 *     trailer at the end refuses the file instead of scanning back to the previous one, and the
 *     new bytes may reach the disk before the preamble's page does.</li>
 * <li>The sections, before the trailer is written: a trailer names only the header and is checked
 *     only against itself, so a trailer on disk before the sections it leads to would be a valid
 *     trailer over missing chunks. No single force of sections and trailer together can order them.</li>
 * <li>The trailer: the version is durable, and the call may return.</li>
 * </ol>
 * A second and later append therefore costs two forces; truncating the tail of an interrupted
 * append needs none of its own, since the forces that follow cover the file's length.
 */
final class AppendOutput implements Output, AutoCloseable {
    /**
     * Sections are gathered up to this many bytes and written in one call: an append of one row
     * writes some twenty small sections, each a system call that also grows the file.
     */
    private static final int PENDING_LIMIT = 1 << 18;
    /** A one-row append writes some 4 KiB: the buffer starts there and doubles as needed. */
    private static final int PENDING_START = 1 << 12;

    private final WriterLock lock;
    private final Path path;
    private final FileChannel channel;
    private final long start;
    private final int previousFlags;
    private long offset;
    /** Bytes written but not yet handed to the file; they start at {@code offset - pendingSize}. */
    private byte[] pending = new byte[PENDING_START];
    private int pendingSize;
    private boolean done;
    private boolean committed;

    AppendOutput(WriterLock lock, long validEnd, int previousFlags) {
        if (!lock.isHeld()) {
            throw new IllegalStateException("a file is appended to only under its writer lock");
        }
        this.lock = lock;
        this.path = lock.file();
        this.start = validEnd;
        this.previousFlags = previousFlags;
        try {
            channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new JazminIoException("cannot open for appending", path, e);
        }
        try {
            // Asked first: truncate() itself costs a stat and two seeks even when there is nothing to cut.
            if (channel.size() > validEnd) {
                channel.truncate(validEnd);
            }
            if ((previousFlags & Preamble.APPENDED) == 0) {
                // Force 1 (first append only): the flag before any new byte, see the class comment.
                writeFlags(previousFlags | Preamble.APPENDED);
                channel.force(false);
            }
        } catch (IOException e) {
            abort();
            throw new JazminIoException("cannot start an append to", path, e);
        }
        offset = validEnd;
    }

    @Override
    public long offset() {
        return offset;
    }

    @Override
    public long write(byte[] bytes) {
        long at = offset;
        if (pendingSize + bytes.length > PENDING_LIMIT) {
            flushPending();
        }
        if (bytes.length >= PENDING_LIMIT) {
            writeAt(bytes, 0, bytes.length, at);
        } else {
            if (pendingSize + bytes.length > pending.length) {
                pending = Arrays.copyOf(pending, Math.min(PENDING_LIMIT, Math.max(pending.length * 2,
                        pendingSize + bytes.length)));
            }
            System.arraycopy(bytes, 0, pending, pendingSize, bytes.length);
            pendingSize += bytes.length;
        }
        offset += bytes.length;
        return at;
    }

    /** Hands the gathered bytes to the file. */
    private void flushPending() {
        if (pendingSize > 0) {
            writeAt(pending, 0, pendingSize, offset - pendingSize);
            pendingSize = 0;
        }
    }

    private void writeAt(byte[] bytes, int from, int length, long at) {
        try {
            ByteBuffer buf = ByteBuffer.wrap(bytes, from, length);
            while (buf.hasRemaining()) {
                channel.write(buf, at + buf.position() - from);
            }
        } catch (IOException e) {
            throw new JazminIoException("cannot append to", path, e);
        }
    }

    @Override
    public void rewind(long mark) {
        if (mark < start) {
            throw new IllegalArgumentException("an append never cuts into the version it continues");
        }
        long pendingFrom = offset - pendingSize;
        if (mark >= pendingFrom) {
            pendingSize = (int) (mark - pendingFrom); // only gathered bytes are dropped
        } else {
            pendingSize = 0;
            try {
                channel.truncate(mark);
            } catch (IOException e) {
                throw new JazminIoException("cannot append to", path, e);
            }
        }
        offset = mark;
    }

    /**
     * Forces the new sections to disk, then writes and forces the trailer; then deletes the
     * temporary files killed full writers left beside the file.
     */
    void commit(byte[] trailer) {
        try {
            flushPending();
            channel.force(false); // force 2: the sections before the trailer that leads to them
            writeAt(trailer, 0, trailer.length, offset);
            offset += trailer.length;
            channel.force(false); // force 3: the version is durable
        } catch (IOException e) {
            abort();
            throw new JazminIoException("cannot finish the append to", path, e);
        } catch (RuntimeException e) {
            abort(); // a write of the gathered sections or the trailer failed (JazminIoException)
            throw e;
        }
        // Committed from here on: a failing close must not cut the new version off again.
        done = true;
        committed = true;
        try {
            channel.close();
        } catch (IOException e) {
            throw new JazminIoException("the append was written but could not close", path, e);
        }
        TempFiles.removeStale(lock);
    }

    /** Cuts the file back to its previous end and restores its flags: a failed append leaves no trace. */
    void abort() {
        if (committed) {
            return;
        }
        done = true;
        pendingSize = 0;
        try {
            channel.truncate(start);
            writeFlags(previousFlags);
            channel.force(false);
        } catch (IOException ignored) {
            // Readers still find the previous trailer: a leftover tail or flag is harmless.
        } finally {
            try {
                channel.close();
            } catch (IOException ignored) {
                // Nothing more can be done about a failed close.
            }
        }
    }

    private void writeFlags(int flags) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(2);
        buf.put((byte) flags).put((byte) (flags >>> 8)).flip();
        while (buf.hasRemaining()) {
            channel.write(buf, Preamble.FLAGS_OFFSET + buf.position());
        }
    }

    @Override
    public void close() {
        if (!done) {
            abort();
        }
    }
}
