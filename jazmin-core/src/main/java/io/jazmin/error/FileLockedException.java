package io.jazmin.error;

/**
 * Another writer holds the file's {@code <path>.lock} (spec §1.24: one writer at a time). The
 * message names the lock file and, when it records one, the holder (process, host, start time). A
 * lock this library's writer left when it was killed is taken over by the next writer on the same
 * host without this exception; one that records no holder (the reference libraries', an older
 * version's) or a holder on another host must be deleted by hand once that writer no longer runs.
 */
public class FileLockedException extends JazminException {
    public FileLockedException(String message) {
        super(message);
    }

    public FileLockedException(String message, Throwable cause) {
        super(message, cause);
    }
}
