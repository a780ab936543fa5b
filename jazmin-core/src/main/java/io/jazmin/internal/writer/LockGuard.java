package io.jazmin.internal.writer;

import io.jazmin.error.FileLockedException;
import io.jazmin.error.JazminIoException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The operating system's lock on a file's guard {@code .<name>.lock-guard}, held by this library's
 * writer of the file for its whole life, and released by the system when the process ends however
 * it ends. The guard file is never deleted: deleting it would let a writer that opened it before
 * lock a file no longer in the folder while a third one creates and locks a new one.
 *
 * <p>Within one JVM the system lock does not exclude (and closing any channel on a file drops all
 * of the process's locks on it), so a process-wide set of held guards comes first: a guard held in
 * this JVM is never opened a second time.
 */
final class LockGuard implements AutoCloseable {
    private static final Set<Path> HELD = ConcurrentHashMap.newKeySet();
    /** Channels opened on a guard this JVM holds through another path, which must never be closed. */
    private static final Queue<FileChannel> ALIASES = new ConcurrentLinkedQueue<>();

    private final Path path;
    private final FileChannel channel;
    private final FileLock lock;

    private LockGuard(Path path, FileChannel channel, FileLock lock) {
        this.path = path;
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Tries to take the guard of {@code target} (an absolute path whose folder exists), without
     * waiting. Where the system lock cannot be had (a file system without locks, another user's
     * guard this user may not write), the guard keeps out only this JVM's other writers (see
     * {@link #systemLocked()}).
     *
     * @return the guard, or null when another process holds it
     * @throws FileLockedException when another writer of this JVM holds it ({@code lock} named)
     */
    static LockGuard take(Path target, Path lock) {
        Path path;
        try {
            // Real paths: one file reached through two paths (a link, another letter case) has one
            // guard in the set.
            path = target.getParent().toRealPath().resolve("." + target.getFileName() + ".lock-guard");
            if (Files.exists(path)) {
                path = path.toRealPath();
            }
        } catch (IOException e) {
            throw new JazminIoException("cannot resolve the folder of", target, e);
        }
        if (!HELD.add(path)) {
            throw heldHere(lock);
        }
        FileChannel channel = null;
        try {
            channel = open(path);
            if (channel == null) {
                // Another user's guard this user may not write: only the lock file guards the file.
                return new LockGuard(path, null, null);
            }
            FileLock systemLock;
            try {
                systemLock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                // The same file through a path the set does not know (a bind mount): held here.
                // Closing this channel would drop that holder's system lock with it, so it stays open.
                ALIASES.add(channel);
                HELD.remove(path);
                throw heldHere(lock);
            } catch (IOException e) {
                // No locks on this file system (ENOLCK, ENOTSUP): the lock file alone guards it.
                channel.close();
                return new LockGuard(path, null, null);
            }
            if (systemLock == null) {
                channel.close();
                HELD.remove(path);
                return null;
            }
            return new LockGuard(path, channel, systemLock);
        } catch (IOException e) {
            closeQuietly(channel);
            HELD.remove(path);
            throw new JazminIoException("cannot open the lock guard", path, e);
        }
    }

    private static FileLockedException heldHere(Path lock) {
        return new FileLockedException("another writer in this process holds " + lock);
    }

    /**
     * Opens the guard for writing (an exclusive system lock needs it), creating it with the folder's
     * usual permissions when it is new; null when it belongs to another user who does not let this
     * one write it.
     */
    private static FileChannel open(Path path) throws IOException {
        try {
            return FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        } catch (AccessDeniedException denied) {
            return null;
        }
    }

    /**
     * Whether the system lock is held, so that no writer of this library in any process holds the
     * file; false on a file system without locks (some network file systems), where a lock file
     * left behind is therefore never taken for stale.
     */
    boolean systemLocked() {
        return lock != null;
    }

    /** Releases the system lock, then this JVM's hold. */
    @Override
    public void close() {
        if (lock == null) {
            HELD.remove(path);
            return;
        }
        try {
            lock.release();
            channel.close();
        } catch (IOException e) {
            // Closing the channel releases the lock in any case.
            closeQuietly(channel);
        } finally {
            HELD.remove(path);
        }
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel == null) {
            return;
        }
        try {
            channel.close();
        } catch (IOException ignored) {
            // Nothing is written through the guard's channel; its lock ends with the close or the process.
        }
    }
}
