package io.jazmin.error;

/**
 * The thread was interrupted while a read or write waited for work on another thread (a chunk
 * being decoded or encoded). The thread's interrupt flag stays set, so the caller's own
 * cancellation logic sees it; the cause is the {@link InterruptedException}.
 */
public class JazminInterruptedException extends JazminException {
    public JazminInterruptedException(String message, InterruptedException cause) {
        super(message, cause);
    }
}
