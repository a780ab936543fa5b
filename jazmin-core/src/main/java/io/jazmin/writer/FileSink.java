package io.jazmin.writer;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Writes a new file version to a temporary file beside the target and moves it into place
 * atomically on {@link #commit()}, so readers never see a half-written file and a failed write
 * leaves nothing behind. Tracks the offset of the next byte so sections know where they land.
 */
final class FileSink implements Output, AutoCloseable {
    private final Path target;
    private final Path temp;
    private final FileChannel channel;
    private final OutputStream out;
    private long offset;
    private boolean done;

    FileSink(Path target) {
        this.target = target.toAbsolutePath();
        try {
            Path dir = this.target.getParent();
            Files.createDirectories(dir);
            this.temp = Files.createTempFile(dir, "." + this.target.getFileName(), ".jzm.tmp");
            this.channel = FileChannel.open(temp, StandardOpenOption.WRITE);
            this.out = new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 16);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary file beside " + target, e);
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
            throw new UncheckedIOException("cannot write " + temp, e);
        }
        offset += bytes.length;
        return at;
    }

    /** Flushes to disk and atomically replaces the target with the new file. */
    void commit() {
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
            throw new UncheckedIOException("cannot move the new file into place at " + target, e);
        }
    }

    /**
     * A temporary file is created owner-only; the new file takes the permissions of the file it
     * replaces, or the usual rw-r--r-- for a new file, where the file system has POSIX permissions.
     */
    private void copyPermissions() throws IOException {
        if (!Files.getFileStore(temp).supportsFileAttributeView(PosixFileAttributeView.class)) {
            return;
        }
        Set<PosixFilePermission> permissions = Files.exists(target)
                ? Files.getPosixFilePermissions(target)
                : PosixFilePermissions.fromString("rw-r--r--");
        Files.setPosixFilePermissions(temp, permissions);
    }

    /** Drops the temporary file; the target is left as it was. */
    void abort() {
        done = true;
        try {
            out.close();
        } catch (IOException ignored) {
            // The file is deleted next; a close failure changes nothing.
        }
        try {
            Files.deleteIfExists(temp);
        } catch (IOException ignored) {
            // Best effort: a leftover temp file never replaces the target.
        }
    }

    @Override
    public void close() {
        if (!done) {
            abort();
        }
    }
}
