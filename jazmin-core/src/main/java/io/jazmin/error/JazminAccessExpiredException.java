package io.jazmin.error;

/**
 * An access key's time-limited grant does not open the file now (spec §1.20): it expired, or the
 * clock is earlier than the file's write time or than the last time this user opened the file with
 * the key (a clock set back). The message names the key id and the time, never a secret.
 */
public class JazminAccessExpiredException extends JazminKeyException {
    private final String keyId;

    public JazminAccessExpiredException(String keyId, String message) {
        super(message);
        this.keyId = keyId;
    }

    /** The id of the access key whose grant was refused (16 hex digits, safe to log). */
    public String keyId() {
        return keyId;
    }
}
