package io.jazmin.internal.writer;

import io.jazmin.error.JazminIoException;
import io.jazmin.internal.wire.IdleChannels;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Writes a new file version to a temporary file beside the target and moves it into place
 * atomically on {@link #commit()}, so readers never see a half-written file and a failed write
 * leaves nothing behind. Works only under the target's writer lock, which also lets a commit
 * delete the temporary files of killed writers. Tracks the offset of the next byte so sections
 * know where they land.
 *
 * <p>For a caller's stream ({@link #toStream}) the temporary file is an owner-only one in the
 * system's temporary folder, copied to the stream by {@link #commit()}: the writer may still
 * {@link #rewind} (embedded contents found stored already), so the same writer makes the same
 * bytes as for a path, and a write that fails before {@code commit} sends the stream nothing.
 */
final class FileSink implements Output, AutoCloseable {
    private final WriterLock lock;
    /** The caller's stream the file is copied to on commit, or {@code null}: moved to {@link #target}. */
    private final OutputStream destination;
    private final String destinationName;
    private final Path target;
    private final Path temp;
    private final FileChannel channel;
    private final OutputStream out;
    private long offset;
    private boolean done;

    /** Starts a new version of {@code lock}'s file, which the caller holds until commit or abort. */
    FileSink(WriterLock lock) {
        this(lock, null, null, createBeside(lock));
    }

    private FileSink(WriterLock lock, OutputStream destination, String name, Path temp) {
        this.lock = lock;
        this.destination = destination;
        this.destinationName = name;
        this.target = lock == null ? null : lock.file();
        this.temp = temp;
        try {
            this.channel = FileChannel.open(temp, StandardOpenOption.WRITE);
        } catch (IOException e) {
            deleteTemp();
            throw new JazminIoException("cannot open the temporary file", temp, e);
        }
        this.out = new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 16);
    }

    private static Path createBeside(WriterLock lock) {
        if (!lock.isHeld()) {
            throw new IllegalStateException("a file is written only under its writer lock");
        }
        Path target = lock.file();
        try {
            Files.createDirectories(target.getParent());
            return TempFiles.create(target);
        } catch (IOException e) {
            throw new JazminIoException("cannot create a temporary file beside", target, e);
        }
    }

    /**
     * Writes a file for {@code destination} (called {@code name} in messages), which gets its bytes
     * on {@link #commit()}; it is flushed then, never closed.
     */
    static FileSink toStream(OutputStream destination, String name) {
        try {
            // Owner-only where the platform has POSIX permissions (createTempFile's default).
            return new FileSink(null, destination, name, Files.createTempFile("jazmin-", ".jzm.tmp"));
        } catch (IOException e) {
            throw new JazminIoException("cannot create a temporary file for", name, e);
        }
    }

    /** Offset in the file of the next byte written. */
    @Override
    public long offset() {
        return offset;
    }

    /** Appends bytes and returns the offset they start at. */
    @Override
    public long write(byte[] bytes) {
        long at = offset;
        try {
            out.write(bytes);
        } catch (IOException e) {
            throw new JazminIoException("cannot write the temporary file", temp, e);
        }
        offset += bytes.length;
        return at;
    }

    @Override
    public void rewind(long mark) {
        try {
            out.flush();
            channel.truncate(mark);
            channel.position(mark);
        } catch (IOException e) {
            throw new JazminIoException("cannot write the temporary file", temp, e);
        }
        offset = mark;
    }

    /**
     * Flushes to disk and atomically replaces the target with the new file, then deletes the
     * temporary files killed writers left beside it.
     */
    void commit() {
        if (destination != null) {
            copyToDestination();
            return;
        }
        try {
            out.flush();
            // On disk before it replaces the target: a crash must never leave a renamed, partial file.
            channel.force(true);
            out.close();
            done = true;
            copyPermissions();
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            abort();
            throw new JazminIoException("cannot move the new file into place at", target, e);
        }
        // Readers' idle channels of the replaced file would hold its disk space until the path's next open.
        IdleChannels.shared().closeAll(target);
        TempFiles.removeStale(lock);
    }

    private void copyToDestination() {
        try {
            out.flush();
            out.close();
        } catch (IOException e) {
            abort();
            throw new JazminIoException("cannot write the temporary file", temp, e);
        }
        done = true;
        try {
            Files.copy(temp, destination);
            destination.flush();
        } catch (IOException e) {
            throw new JazminIoException("cannot write", destinationName, e);
        } finally {
            deleteTemp();
        }
    }

    /**
     * A temporary file is created owner-only; the new file takes the permissions of the file it
     * replaces, or the usual rw-r--r-- for a new file, where the file system has POSIX permissions.
     * Its file store is asked only when setting them fails: finding a store reads the system's
     * mount table, which cost more than the rest of a small write's commit.
     */
    private void copyPermissions() throws IOException {
        PosixFileAttributeView view = Files.getFileAttributeView(temp, PosixFileAttributeView.class);
        if (view == null) {
            return;
        }
        try {
            view.setPermissions(Files.exists(target)
                    ? Files.getPosixFilePermissions(target)
                    : PosixFilePermissions.fromString("rw-r--r--"));
        } catch (IOException | UnsupportedOperationException e) {
            if (Files.getFileStore(temp).supportsFileAttributeView(PosixFileAttributeView.class)) {
                throw e;
            }
        }
    }

    /** Drops the temporary file; the target is left as it was. */
    void abort() {
        done = true;
        try {
            out.close();
        } catch (IOException ignored) {
            // The file is deleted next; a close failure changes nothing.
        }
        deleteTemp();
    }

    private void deleteTemp() {
        try {
            Files.deleteIfExists(temp);
        } catch (IOException ignored) {
            // Best effort: a leftover temp file never replaces the target, and the next write removes it.
        }
    }

    @Override
    public void close() {
        if (!done) {
            abort();
        }
    }
}
