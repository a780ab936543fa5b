package io.jazmin.internal.writer;

import io.jazmin.error.FileLockedException;
import io.jazmin.error.JazminIoException;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One writer at a time per file through {@code <path>.lock} (spec §1.24); readers never take it.
 * Every write takes it: appends, full writes, updates and compaction. A lock left by a killed
 * process must be deleted by hand, as the reference libraries require.
 */
public final class WriterLock implements AutoCloseable {
    private final Path file;
    private final Path lock;
    private boolean released;

    private WriterLock(Path file, Path lock) {
        this.file = file;
        this.lock = lock;
    }

    /**
     * Takes the lock of {@code file}.
     *
     * @throws FileLockedException when another writer holds it
     * @throws JazminIoException   when the lock file cannot be created
     */
    public static WriterLock acquire(Path file) {
        Path target = file.toAbsolutePath();
        Path lock = target.resolveSibling(target.getFileName() + ".lock");
        try {
            // A file being created may not have its folder yet; the writer creates it too.
            Files.createDirectories(lock.getParent());
        } catch (IOException e) {
            // Kept apart: for a folder on the path that is a file this throws FileAlreadyExistsException too.
            throw new JazminIoException("cannot create the folder of the lock file", lock, e);
        }
        try {
            Files.createFile(lock);
        } catch (FileAlreadyExistsException e) {
            throw new FileLockedException("another writer holds " + lock + " (if no writer is running, a killed one "
                    + "left it behind: delete it)", e);
        } catch (IOException e) {
            throw new JazminIoException("cannot create the lock file", lock, e);
        }
        return new WriterLock(target, lock);
    }

    /** The (absolute) file this lock guards. */
    public Path file() {
        return file;
    }

    /** Whether the lock is still held by this object. */
    public boolean isHeld() {
        return !released;
    }

    /** Releases the lock; later calls do nothing, so they never remove another writer's lock. */
    @Override
    public void close() {
        if (released) {
            return;
        }
        released = true;
        try {
            Files.deleteIfExists(lock);
        } catch (IOException e) {
            throw new JazminIoException("cannot remove the lock file", lock, e);
        }
    }
}
