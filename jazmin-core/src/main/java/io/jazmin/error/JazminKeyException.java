package io.jazmin.error;

/**
 * A key, password or key text does not fit the file: a mistyped key text (checksum mismatch), a
 * wrong key or password, a secret given for a plain file, or none given for an encrypted one. The
 * message says which; it never contains the secret itself (a key is named by its key id).
 */
public class JazminKeyException extends JazminException {
    public JazminKeyException(String message) {
        super(message);
    }

    public JazminKeyException(String message, Throwable cause) {
        super(message, cause);
    }
}
