package io.jazmin.writer;

import io.jazmin.FileLockedException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One writer at a time per file through {@code <path>.lock} (spec §1.24); readers never take it.
 * A lock left by a killed process must be deleted by hand, as the reference libraries require.
 */
public final class WriterLock implements AutoCloseable {
    private final Path lock;

    private WriterLock(Path lock) {
        this.lock = lock;
    }

    /**
     * Takes the lock of {@code file}.
     *
     * @throws FileLockedException when another writer holds it
     */
    public static WriterLock acquire(Path file) {
        Path lock = file.toAbsolutePath().resolveSibling(file.getFileName() + ".lock");
        try {
            // A file being created may not have its folder yet; the writer creates it too.
            Files.createDirectories(lock.getParent());
            Files.createFile(lock);
        } catch (FileAlreadyExistsException e) {
            throw new FileLockedException("another writer holds " + lock + " (if no writer is running, a killed one "
                    + "left it behind: delete it)");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the lock file " + lock, e);
        }
        return new WriterLock(lock);
    }

    @Override
    public void close() {
        try {
            Files.deleteIfExists(lock);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove the lock file " + lock, e);
        }
    }
}
