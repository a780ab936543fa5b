package io.jazmin.internal.wire;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Read channels of local files that their last reader closed, kept open for the next reader of the
 * same file so that a warm open costs one {@code stat} instead of an {@code open} and an {@code fstat}
 * (issue 33). A channel is idle here or used by one {@link ByteSource} at a time, never shared.
 *
 * <p>Each idle channel is kept under its file's path (made absolute) and the file system's key of the
 * file it reads (device and inode): a descriptor never changes inode, so a channel is handed out only
 * to an open whose {@code stat} of the path found that same key. While a channel is open its inode is
 * in use, so its number cannot be given to another file meanwhile: a path with that key now is that
 * file, though perhaps appended to (the stamp's size says which version). A path found with another key was
 * replaced (our writers replace by rename), and its idle channels are closed then, since they pin the
 * old file's disk space; so are a path's channels when the file is gone, when one of our writers
 * replaces it ({@link #closeAll}), when more than {@link #DEFAULT_CAPACITY} are idle (least recently
 * returned first) and when one has been idle for longer than {@link #DEFAULT_IDLE_NANOS} (checked
 * whenever the pool is used). Only platforms with file keys pool channels (not Windows).
 */
public final class IdleChannels {
    /** How many channels the process keeps idle at most: a few files read over and over, each by a few threads. */
    static final int DEFAULT_CAPACITY = 16;
    /**
     * How long a channel may stay idle (30 s), so a file deleted outside this process is not held for
     * long: checked whenever the pool is used, there is no timer thread.
     */
    static final long DEFAULT_IDLE_NANOS = 30_000_000_000L;

    private static final IdleChannels SHARED = new IdleChannels(DEFAULT_CAPACITY, DEFAULT_IDLE_NANOS);

    /**
     * One idle channel.
     *
     * @param encrypted whether the file is encrypted: only readers allowed to cache its decrypted chunks take it
     */
    private record Idle(Path path, Object fileKey, FileChannel channel, boolean encrypted, long since) {
    }

    private final int capacity;
    private final long idleNanos;
    /** Oldest returned first. */
    private final ArrayDeque<Idle> idle = new ArrayDeque<>();

    IdleChannels(int capacity, long idleNanos) {
        this.capacity = capacity;
        this.idleNanos = idleNanos;
    }

    /** The pool of this JVM. */
    public static IdleChannels shared() {
        return SHARED;
    }

    /**
     * An idle channel reading the file {@code fileKey} found at {@code path} now, taken out of the pool,
     * or {@code null}. The path's idle channels of another file are closed: it was replaced.
     *
     * @param encryptedAllowed whether a channel of an encrypted file may be taken (see {@link #give})
     */
    FileChannel take(Path path, Object fileKey, boolean encryptedAllowed) {
        Path key = key(path);
        List<FileChannel> stale = new ArrayList<>(1);
        FileChannel found = null;
        synchronized (this) {
            expire(stale);
            for (Iterator<Idle> it = idle.descendingIterator(); it.hasNext(); ) {
                Idle i = it.next();
                if (!i.path().equals(key)) {
                    continue;
                }
                if (!i.fileKey().equals(fileKey) || !i.channel().isOpen()) {
                    it.remove();
                    stale.add(i.channel());
                } else if (found == null && (encryptedAllowed || !i.encrypted())) {
                    it.remove();
                    found = i.channel();
                }
            }
        }
        closeQuietly(stale);
        return found;
    }

    /**
     * Keeps {@code channel}, which reads the file {@code fileKey} at {@code path}, for the next reader of it;
     * closes it instead when it is closed already (its reader was interrupted during a read). The pool
     * owns it from here on.
     */
    void give(Path path, Object fileKey, FileChannel channel, boolean encrypted) {
        if (!channel.isOpen()) {
            return;
        }
        List<FileChannel> dropped = new ArrayList<>(0);
        synchronized (this) {
            idle.addLast(new Idle(key(path), fileKey, channel, encrypted, System.nanoTime()));
            expire(dropped);
            while (idle.size() > capacity) {
                dropped.add(idle.removeFirst().channel());
            }
        }
        closeQuietly(dropped);
    }

    /** Closes the idle channels of {@code path}: one of our writers replaced the file, or it is gone. */
    public void closeAll(Path path) {
        Path key = key(path);
        List<FileChannel> dropped = new ArrayList<>(0);
        synchronized (this) {
            idle.removeIf(i -> {
                if (i.path().equals(key)) {
                    dropped.add(i.channel());
                    return true;
                }
                return false;
            });
        }
        closeQuietly(dropped);
    }

    /** Closes every idle channel. */
    public void clear() {
        List<FileChannel> dropped = new ArrayList<>();
        synchronized (this) {
            idle.forEach(i -> dropped.add(i.channel()));
            idle.clear();
        }
        closeQuietly(dropped);
    }

    /** How many channels are idle now. */
    public synchronized int size() {
        return idle.size();
    }

    /** How many channels of the file at {@code path} are idle now. */
    public synchronized int size(Path path) {
        Path key = key(path);
        return (int) idle.stream().filter(i -> i.path().equals(key)).count();
    }

    /** Moves the channels idle for too long to {@code dropped}; the oldest are first. */
    private void expire(List<FileChannel> dropped) {
        long now = System.nanoTime();
        while (!idle.isEmpty() && now - idle.peekFirst().since() > idleNanos) {
            dropped.add(idle.removeFirst().channel());
        }
    }

    /** One spelling per path, so a writer's hook finds the channels a reader returned under another. */
    private static Path key(Path path) {
        return path.toAbsolutePath().normalize();
    }

    private static void closeQuietly(List<FileChannel> channels) {
        for (FileChannel c : channels) {
            try {
                c.close();
            } catch (IOException ignored) {
                // A read-only channel loses nothing when its close fails.
            }
        }
    }
}
