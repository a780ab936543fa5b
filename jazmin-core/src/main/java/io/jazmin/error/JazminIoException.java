package io.jazmin.error;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;

/**
 * The file system failed an operation on a JAZMIN file: it could not be opened, read, written,
 * moved into place or locked (disk full, permission denied, a folder that is a file, ...). The
 * message names the operation and the file (or, for a stream given by the caller, the stream); the
 * {@link IOException} is the cause. A failed write leaves the target as it was.
 */
public class JazminIoException extends JazminException {
    private final transient Path file;

    /**
     * @param operation what was being done, e.g. {@code "cannot write"}
     * @param file      the file it was done to
     * @param cause     the file system's error
     */
    public JazminIoException(String operation, Path file, IOException cause) {
        super(operation + " " + file + ": " + describe(cause), cause);
        this.file = file;
    }

    /**
     * For a failure on a stream the caller opened, which has no path.
     *
     * @param operation what was being done, e.g. {@code "cannot write"}
     * @param stream    what the stream is, e.g. {@code "the CSV output"}
     * @param cause     the stream's error
     */
    public JazminIoException(String operation, String stream, IOException cause) {
        super(operation + " " + stream + ": " + describe(cause), cause);
        this.file = null;
    }

    /** The file the operation failed on, or {@code null} when it failed on a stream without a path. */
    public Path file() {
        return file;
    }

    /** IOException messages are often just a path; say what happened to it. */
    private static String describe(IOException e) {
        String message = e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
        if (e instanceof NoSuchFileException) {
            return "no such file or folder: " + message;
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied: " + message;
        }
        if (e instanceof FileAlreadyExistsException) {
            return "file exists: " + message;
        }
        if (e instanceof NotDirectoryException) {
            return "not a folder: " + message;
        }
        return message;
    }
}
