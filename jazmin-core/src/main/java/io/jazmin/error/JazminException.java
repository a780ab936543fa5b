package io.jazmin.error;

/**
 * Root of every error this library raises on purpose: bad files, bad input, unsupported features.
 * Callers can catch this one type to handle anything JAZMIN-specific.
 */
public class JazminException extends RuntimeException {
    public JazminException(String message) {
        super(message);
    }

    public JazminException(String message, Throwable cause) {
        super(message, cause);
    }
}
