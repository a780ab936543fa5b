package io.jazmin.error;

/**
 * The access key has an online grant (spec §1.20): opening the file also needs an unlock token
 * from the owner's key service. The request for one needs only {@link #fileId()} and
 * {@link #keyId()}, which this exception carries (both safe to log).
 */
public class JazminUnlockRequiredException extends JazminKeyException {
    private final String fileId;
    private final String keyId;

    public JazminUnlockRequiredException(String fileId, String keyId, String message) {
        super(message);
        this.fileId = fileId;
        this.keyId = keyId;
    }

    /** The file id of the version (32 lower-case hex digits, from its preamble). */
    public String fileId() {
        return fileId;
    }

    /** The access key's id (16 lower-case hex digits). */
    public String keyId() {
        return keyId;
    }
}
