package io.jazmin.internal.writer;

import io.jazmin.error.FileLockedException;
import io.jazmin.error.JazminIoException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * One writer at a time per file through {@code <path>.lock} (spec §1.24); readers never take it.
 * Every write takes it: appends, full writes, updates and compaction.
 *
 * <p>The lock file is created exclusively, as the reference libraries do, so each side's lock
 * keeps the other out; this library writes its holder into it ({@link LockHolder}: pid, process
 * start time, host), where the references leave it empty. For its whole life the writer also holds
 * the operating system's lock on the file's byte of the folder's guard file
 * {@code .jazmin-lock-guard} ({@link LockGuard}), which the system releases when the process ends,
 * however it ends. So a lock file this library
 * wrote, found while its guard is free, belongs to a writer that is gone: the next writer replaces
 * it atomically with its own ({@code rename}) instead of refusing, once the holder recorded in it is
 * also seen to be gone (same host, no process with that pid and start time). Two writers reclaiming
 * at once cannot both win: only the guard's holder reclaims. A lock file is never taken over when
 * it records no holder (a JavaScript or .NET writer, or an older version of this library, that may
 * be running), when its holder ran on another host, or on a file system without locks: those must
 * still be deleted by hand once no writer runs, as the spec says.
 *
 * <p>A new lock file is written complete under a temporary name and then linked to
 * {@code <path>.lock} (a hard link fails if the name exists, like an exclusive create), so a
 * writer killed at any moment never leaves an empty lock file that would look foreign. A write
 * that commits under the lock deletes the temporary files (new versions and lock files) that
 * killed writers left beside the file ({@link TempFiles#removeStale}).
 */
public final class WriterLock implements AutoCloseable {
    /** Tries before giving up on a lock file that keeps appearing and disappearing under other writers. */
    private static final int TRIES = 5;

    private final Path file;
    private final LockGuard guard;
    private boolean released;

    private WriterLock(Path file, LockGuard guard) {
        this.file = file;
        this.guard = guard;
    }

    /**
     * Takes the lock of {@code file}, reclaiming it from a writer that is gone.
     *
     * @throws FileLockedException when another writer holds it
     * @throws JazminIoException   when the lock file cannot be created
     */
    public static WriterLock acquire(Path file) {
        Path target = file.toAbsolutePath();
        Path lock = target.resolveSibling(target.getFileName() + ".lock");
        try {
            // A file being created may not have its folder yet; the writer creates it too (asked
            // first: creating a folder that exists fails inside with an exception, on every write).
            if (!Files.isDirectory(lock.getParent())) {
                Files.createDirectories(lock.getParent());
            }
        } catch (IOException e) {
            // Kept apart: for a folder on the path that is a file this throws FileAlreadyExistsException too.
            throw new JazminIoException("cannot create the folder of the lock file", lock, e);
        }
        LockGuard guard = LockGuard.take(target, lock);
        if (guard == null) {
            throw locked(lock, holderOf(lock));
        }
        try {
            claim(target, lock, guard.systemLocked());
            return new WriterLock(target, guard);
        } catch (RuntimeException e) {
            guard.close();
            throw e;
        }
    }

    /** Makes {@code lock} this process's, or throws when another writer holds it. */
    private static void claim(Path target, Path lock, boolean guarded) {
        for (int attempt = 1; ; attempt++) {
            Path made = made(target, lock);
            try {
                if (link(made, lock)) {
                    return;
                }
                Optional<LockHolder> holder = LockHolder.read(lock);
                // This process as the holder: a lock whose release failed to delete it, since
                // this JVM's live writers of the file are kept out before (LockGuard).
                if (guarded && holder.isPresent()
                        && (holder.get().isGone() || holder.get().equals(LockHolder.current()))) {
                    // Only the guard's holder gets here, and no other writer of this library
                    // replaces or deletes the lock file meanwhile: the stale one is replaced whole.
                    Files.move(made, lock, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                    return;
                }
                throw locked(lock, holder);
            } catch (NoSuchFileException e) {
                // Its holder released it between the link and the read: try again.
                if (attempt == TRIES) {
                    throw new JazminIoException("cannot take the lock file (it keeps changing)", lock, e);
                }
            } catch (IOException e) {
                throw new JazminIoException("cannot create the lock file", lock, e);
            } finally {
                deleteQuietly(made);
            }
        }
    }

    /** A complete lock file of this process under a temporary name beside {@code target}. */
    private static Path made(Path target, Path lock) {
        try {
            return TempFiles.createLock(target, LockHolder.currentLine());
        } catch (IOException e) {
            throw new JazminIoException("cannot create the lock file", lock, e);
        }
    }

    /**
     * Gives the complete lock file {@code made} the name {@code lock} unless that exists: false when
     * it does. Where the file system has no hard links, the lock file is created exclusively and
     * filled in place instead.
     */
    private static boolean link(Path made, Path lock) throws IOException {
        try {
            Files.createLink(lock, made);
            return true;
        } catch (FileAlreadyExistsException e) {
            return false;
        } catch (UnsupportedOperationException | FileSystemException e) {
            try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE)) {
                channel.write(ByteBuffer.wrap(LockHolder.currentLine()));
                return true;
            } catch (FileAlreadyExistsException exists) {
                return false;
            }
        }
    }

    private static Optional<LockHolder> holderOf(Path lock) {
        try {
            return LockHolder.read(lock);
        } catch (IOException e) {
            // Released meanwhile, or unreadable: the refusal says no holder is known.
            return Optional.empty();
        }
    }

    private static FileLockedException locked(Path lock, Optional<LockHolder> holder) {
        String who = holder.map(h -> h.describe()
                        + (h.host().equals(LockHolder.current().host()) && !h.isGone()
                        ? "" : "; if it no longer runs, delete the lock file"))
                .orElse("a writer that records no holder, such as the JavaScript or .NET library or an older "
                        + "version of this one; if no writer is running, delete the lock file");
        return new FileLockedException("another writer holds " + lock + " (" + who + ")");
    }

    private static void deleteQuietly(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException ignored) {
            // A leftover temporary lock file is deleted by the next holder of the lock.
        }
    }

    /** What a file's lock file shows, for reports that take no lock (see {@code io.jazmin.WriteLock.State}). */
    public enum Found {
        /** No lock file. */
        NONE,
        /** Recorded by a writer of this library that runs, or runs on another host. */
        HELD,
        /** Recorded by a writer of this library on this host that is gone: the next writer takes it over. */
        LEFT_BY_GONE_WRITER,
        /** A lock file recording no holder (another library's, an older version's), or unreadable. */
        NO_HOLDER_RECORDED
    }

    /** Reads what the lock file of {@code file} shows, without taking or changing it. */
    public static Found inspect(Path file) {
        Path target = file.toAbsolutePath();
        Optional<LockHolder> holder;
        try {
            holder = LockHolder.read(target.resolveSibling(target.getFileName() + ".lock"));
        } catch (NoSuchFileException e) {
            return Found.NONE;
        } catch (IOException e) {
            return Found.NO_HOLDER_RECORDED;
        }
        if (holder.isEmpty()) {
            return Found.NO_HOLDER_RECORDED;
        }
        return holder.get().isGone() ? Found.LEFT_BY_GONE_WRITER : Found.HELD;
    }

    /** The (absolute) file this lock guards. */
    public Path file() {
        return file;
    }

    /** Whether the lock is still held by this object. */
    public boolean isHeld() {
        return !released;
    }

    /**
     * Releases the lock: deletes the lock file, then the guard. Later calls do nothing, so they
     * never remove another writer's lock.
     */
    @Override
    public void close() {
        if (released) {
            return;
        }
        released = true;
        Path lock = file.resolveSibling(file.getFileName() + ".lock");
        try {
            Files.deleteIfExists(lock);
        } catch (IOException e) {
            throw new JazminIoException("cannot remove the lock file", lock, e);
        } finally {
            guard.close();
        }
    }
}
