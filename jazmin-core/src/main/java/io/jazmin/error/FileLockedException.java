package io.jazmin.error;

/**
 * Another writer holds the file's {@code <path>.lock} (spec §1.24: one writer at a time). A lock
 * left behind by a killed process must be deleted by hand.
 */
public class FileLockedException extends JazminException {
    public FileLockedException(String message) {
        super(message);
    }

    public FileLockedException(String message, Throwable cause) {
        super(message, cause);
    }
}
