package io.jazmin.internal.writer;

import io.jazmin.error.FileLockedException;
import io.jazmin.error.JazminIoException;
import io.jazmin.internal.wire.RealPaths;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The operating system's lock that this library's writer of a file holds for its whole life, and
 * that the system releases when the process ends, however it ends: one byte of the folder's guard
 * file {@code .jazmin-lock-guard}, at a position drawn from the file's name (62 bits of its
 * SHA-256), so one guard serves every file of the folder. The guard file is never deleted: deleting
 * it would let a writer that opened it before lock a file no longer in the folder while another
 * creates and locks a new one.
 *
 * <p>Within one JVM the system lock does not exclude, and closing any channel on the guard would
 * drop all of the process's locks on it. So a process-wide set of held files comes first, and each
 * guard file is opened once per JVM, its channel shared by the writers of the folder's files and
 * closed only when the last of them ends.
 */
final class LockGuard implements AutoCloseable {
    static final String NAME = ".jazmin-lock-guard";
    private static final Set<Path> HELD = ConcurrentHashMap.newKeySet();
    /** Open guard files by path; guarded by itself. */
    private static final Map<Path, Shared> OPEN = new HashMap<>();
    /** Guard bytes of file names, by name; cleared when large. */
    private static final Map<String, Long> POSITIONS = new ConcurrentHashMap<>();
    private static final int POSITIONS_KEPT = 4096;

    /** The real path of the file guarded; its folder's guard file is beside it. */
    private final Path file;
    private final FileLock lock;

    private LockGuard(Path file, FileLock lock) {
        this.file = file;
        this.lock = lock;
    }

    /** A guard file's one channel in this JVM (null when this user may not write it) and its users. */
    private static final class Shared {
        final FileChannel channel;
        int users;

        Shared(FileChannel channel) {
            this.channel = channel;
        }
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
        Path file;
        try {
            // Real paths: one file reached through two paths (a linked folder, another letter
            // case) is held once.
            file = RealPaths.of(target);
        } catch (NoSuchFileException e) {
            try {
                file = RealPaths.of(target.getParent()).resolve(target.getFileName()); // a file being created
            } catch (IOException again) {
                throw new JazminIoException("cannot resolve the folder of", target, again);
            }
        } catch (IOException e) {
            throw new JazminIoException("cannot resolve the folder of", target, e);
        }
        if (!HELD.add(file)) {
            throw heldHere(lock);
        }
        Path guardPath = file.resolveSibling(NAME);
        Shared shared;
        try {
            shared = use(guardPath);
        } catch (IOException e) {
            HELD.remove(file);
            throw new JazminIoException("cannot open the lock guard", guardPath, e);
        }
        if (shared.channel == null) {
            // Another user's guard this user may not write: the lock file alone guards the file.
            return new LockGuard(file, null);
        }
        FileLock systemLock;
        try {
            systemLock = shared.channel.tryLock(position(file.getFileName().toString()), 1, false);
        } catch (OverlappingFileLockException e) {
            // Two names of this folder drawn to one byte (a chance of 2^-62), held here: refused.
            leave(file, guardPath);
            throw heldHere(lock);
        } catch (IOException e) {
            // No locks on this file system (ENOLCK, ENOTSUP): the lock file alone guards it.
            return new LockGuard(file, null);
        }
        if (systemLock == null) {
            leave(file, guardPath);
            return null;
        }
        return new LockGuard(file, systemLock);
    }

    /**
     * Whether the system lock is held, so that no writer of this library in any process holds the
     * file; false on a file system without locks (some network file systems) or for a guard this
     * user may not write, where a lock file left behind is therefore never taken for stale.
     */
    boolean systemLocked() {
        return lock != null;
    }

    /** Releases the system lock, then this JVM's hold. */
    @Override
    public void close() {
        try {
            if (lock != null) {
                lock.release();
            }
        } catch (IOException e) {
            // The lock ends when the channel is closed or the process ends in any case.
        } finally {
            leave(file, file.resolveSibling(NAME));
        }
    }

    private static FileLockedException heldHere(Path lock) {
        return new FileLockedException("another writer in this process holds " + lock);
    }

    /** The guard byte of a file name (remembered for the last names asked: a SHA-256 per write). */
    static long position(String name) {
        Long known = POSITIONS.get(name);
        if (known != null) {
            return known;
        }
        if (POSITIONS.size() >= POSITIONS_KEPT) {
            POSITIONS.clear();
        }
        long position = digestPosition(name);
        POSITIONS.put(name, position);
        return position;
    }

    private static long digestPosition(String name) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(name.getBytes(StandardCharsets.UTF_8));
            return ByteBuffer.wrap(digest).getLong() >>> 2;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    /**
     * Opens the guard for writing (an exclusive system lock needs it) unless this JVM has it open,
     * creating it with the folder's usual permissions when it is new.
     */
    private static Shared use(Path guardPath) throws IOException {
        synchronized (OPEN) {
            Shared shared = OPEN.get(guardPath);
            if (shared == null) {
                FileChannel channel;
                try {
                    channel = FileChannel.open(guardPath, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                } catch (AccessDeniedException denied) {
                    channel = null;
                }
                shared = new Shared(channel);
                OPEN.put(guardPath, shared);
            }
            shared.users++;
            return shared;
        }
    }

    /** Ends one use of the guard; the last one closes its channel, when no lock is held through it. */
    private static void leave(Path file, Path guardPath) {
        synchronized (OPEN) {
            Shared shared = OPEN.get(guardPath);
            if (--shared.users == 0) {
                OPEN.remove(guardPath);
                if (shared.channel != null) {
                    try {
                        shared.channel.close();
                    } catch (IOException ignored) {
                        // Nothing is written through it; its locks are released already.
                    }
                }
            }
        }
        HELD.remove(file);
    }
}
