package io.jazmin.error;

/** Invalid options, schemas or arguments given to the library (not a problem of a file). */
public class JazminValidationException extends JazminException {
    public JazminValidationException(String message) {
        super(message);
    }

    public JazminValidationException(String message, Throwable cause) {
        super(message, cause);
    }
}
