package io.jazmin;

import io.jazmin.error.FileLockedException;
import io.jazmin.error.JazminIoException;
import io.jazmin.internal.writer.WriterLock;
import java.nio.file.Path;
import java.util.List;

/**
 * A file's writer lock ({@code <path>.lock}, spec §1.24), for a caller that runs several steps as
 * one write: take it, then hand it to {@link JazminWriter#create(WriteLock, List, io.jazmin.options.WriteOptions)}
 * or {@link io.jazmin.mapping.JazminMapper#writer(WriteLock, io.jazmin.options.WriteOptions)}, which
 * write under it without taking it again. Every other write takes the lock itself. Readers never
 * take it. A lock left by a writer of this library that was killed is taken over (the holder
 * recorded in it is gone and the system lock it held has ended).
 */
public final class WriteLock implements AutoCloseable {
    private final WriterLock lock;

    private WriteLock(WriterLock lock) {
        this.lock = lock;
    }

    /**
     * Takes the writer lock of {@code file}, without waiting.
     *
     * @throws FileLockedException when another writer holds it (in this process or another)
     * @throws JazminIoException   when the lock file cannot be created
     */
    public static WriteLock acquire(Path file) {
        return new WriteLock(WriterLock.acquire(file));
    }

    /** What a file's writer lock shows to someone who does not take it: a report, never a promise. */
    public enum State {
        /** No writer holds the lock. */
        FREE,
        /** A writer of this library holds it: one running on this host, or one on another host. */
        HELD,
        /**
         * Left by a writer of this library that ended on this host without releasing it (killed):
         * the next writer takes it over, so it blocks nothing.
         */
        LEFT_BY_ENDED_WRITER,
        /**
         * A lock file that records no holder, as the JavaScript and .NET libraries and older versions
         * of this one make it: writes are refused while it exists, and if no writer runs, a person
         * deletes it.
         */
        HOLDER_NOT_RECORDED
    }

    /** What the writer lock of {@code file} shows now, read without taking or changing it. */
    public static State stateOf(Path file) {
        return switch (WriterLock.inspect(file)) {
            case NONE -> State.FREE;
            case HELD -> State.HELD;
            case LEFT_BY_GONE_WRITER -> State.LEFT_BY_ENDED_WRITER;
            case NO_HOLDER_RECORDED -> State.HOLDER_NOT_RECORDED;
        };
    }

    /** The (absolute) file this lock guards. */
    public Path file() {
        return lock.file();
    }

    /** Whether the lock is still held by this object. */
    public boolean isHeld() {
        return lock.isHeld();
    }

    /** Releases the lock; later calls do nothing, so they never remove another writer's lock. */
    @Override
    public void close() {
        lock.close();
    }

    WriterLock engineLock() {
        return lock;
    }
}
