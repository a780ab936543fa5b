package io.jazmin.key;

import java.security.SecureRandom;
import java.util.Arrays;
import io.jazmin.internal.keys.KeyText;
import io.jazmin.internal.keys.OwnerSigning;

/**
 * A parsed access key text {@code jza1-…} (spec §1.19): a 32-byte secret and the 8-byte
 * fingerprint of the owner who issued it, with a checksum verified on parse ("checksum mismatch"
 * for a mistyped key). The owner makes new ones with {@link #generate(JazminKey)}. Open a shared file with it through
 * {@link io.jazmin.options.ReadOptions#withAccessKey(AccessKeyText)}. {@link #toString()} prints only the key id.
 */
public final class AccessKeyText {
    /** The prefix of access key texts. */
    public static final String PREFIX = "jza1-";
    private static final int SECRET_SIZE = 32;
    private static final int FINGERPRINT_SIZE = 8;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final byte[] secret;
    private final byte[] ownerFingerprint;
    private final String keyId;

    private AccessKeyText(byte[] body) {
        this.secret = Arrays.copyOf(body, SECRET_SIZE);
        this.ownerFingerprint = Arrays.copyOfRange(body, SECRET_SIZE, SECRET_SIZE + FINGERPRINT_SIZE);
        this.keyId = JazminKey.slotId(secret);
        Arrays.fill(body, (byte) 0);
    }

    /**
     * A new access key of {@code owner}: 32 random bytes from a strong random source and the
     * fingerprint of the owner's public key, so readers can tell who issued it.
     */
    public static AccessKeyText generate(JazminKey owner) {
        byte[] ownerKey = owner.bytes();
        byte[] body = new byte[SECRET_SIZE + FINGERPRINT_SIZE];
        try {
            RANDOM.nextBytes(body);
            System.arraycopy(OwnerSigning.fingerprint(OwnerSigning.publicKey(ownerKey)), 0, body, SECRET_SIZE,
                    FINGERPRINT_SIZE);
        } finally {
            Arrays.fill(ownerKey, (byte) 0);
        }
        return new AccessKeyText(body);
    }

    /**
     * Parses an access key text.
     *
     * @throws io.jazmin.error.JazminKeyException when the text is not an access key text, or
     *                                      "checksum mismatch" when it was mistyped
     */
    public static AccessKeyText parse(String text) {
        return new AccessKeyText(KeyText.decode(text, PREFIX, SECRET_SIZE + FINGERPRINT_SIZE, "access key text"));
    }

    /** The key id: 16 lower-case hex digits, safe to log (spec §1.19). */
    public String keyId() {
        return keyId;
    }

    /** A copy of the 32-byte secret, for the engine's own use; clear it when done. */
    public byte[] secret() {
        return secret.clone();
    }

    /** The first 8 bytes of SHA-256 of the issuing owner's public key (a copy). */
    public byte[] ownerFingerprint() {
        return ownerFingerprint.clone();
    }

    /** The secret text {@code jza1-…} again. Keep it out of logs. */
    public String text() {
        byte[] body = Arrays.copyOf(secret, SECRET_SIZE + FINGERPRINT_SIZE);
        System.arraycopy(ownerFingerprint, 0, body, SECRET_SIZE, FINGERPRINT_SIZE);
        try {
            return KeyText.encode(PREFIX, body);
        } finally {
            Arrays.fill(body, (byte) 0);
        }
    }

    /** {@code AccessKey[id=<key id>]}: never the secret. */
    @Override
    public String toString() {
        return "AccessKey[id=" + keyId + "]";
    }
}
