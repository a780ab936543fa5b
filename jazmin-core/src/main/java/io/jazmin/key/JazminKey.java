package io.jazmin.key;

import io.jazmin.error.JazminKeyException;
import io.jazmin.error.JazminValidationException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import io.jazmin.internal.keys.KeyText;
import java.util.regex.Pattern;
import io.jazmin.internal.keys.Hkdf;

/**
 * A 256-bit JAZMIN master key (spec §1.18), the secret of key files. Its text form is
 * {@code jzk1-} + base64url(key ‖ 4-byte checksum); {@link #parse(String)} reports a mistyped text
 * as "checksum mismatch". {@link #toString()} prints only the {@linkplain #keyId() key id}, which
 * is safe to log; {@link #text()} gives the secret text for storing in a secret manager.
 *
 * <pre>{@code
 * JazminKey key = JazminKey.generate();
 * String secret = key.text();           // keep out of logs
 * JazminKey again = JazminKey.parse(secret);
 * }</pre>
 */
public final class JazminKey {
    /** Bytes in a key. */
    public static final int SIZE = 32;
    /** The prefix of key texts. */
    public static final String PREFIX = "jzk1-";
    private static final byte[] SLOT_ID_LABEL = "JAZMIN/1/slot-id".getBytes(StandardCharsets.US_ASCII);
    private static final String SUBMISSION_LABEL = "JAZMIN/1/submission/";
    private static final Pattern KEY_ID = Pattern.compile("[0-9a-f]{16}");
    private static final SecureRandom RANDOM = new SecureRandom();

    private final byte[] bytes;
    private final String keyId;

    private JazminKey(byte[] bytes) {
        this.bytes = bytes;
        this.keyId = slotId(bytes);
    }

    /** A new random key from a strong random source. */
    public static JazminKey generate() {
        byte[] b = new byte[SIZE];
        RANDOM.nextBytes(b);
        return new JazminKey(b);
    }

    /**
     * Parses a key text {@code jzk1-…}.
     *
     * @throws JazminKeyException when the text is not a key text, or "checksum mismatch" when it was mistyped
     */
    public static JazminKey parse(String text) {
        return new JazminKey(KeyText.decode(text, PREFIX, SIZE, "key text"));
    }

    /** A key of 32 given bytes (copied). */
    public static JazminKey of(byte[] bytes) {
        if (bytes == null || bytes.length != SIZE) {
            throw new JazminKeyException("a JAZMIN key must be exactly " + SIZE + " bytes");
        }
        return new JazminKey(bytes.clone());
    }

    /** The secret text {@code jzk1-…} of this key. Keep it out of logs. */
    public String text() {
        return KeyText.encode(PREFIX, bytes);
    }

    /** A copy of the key bytes; clear it when done. */
    public byte[] bytes() {
        return bytes.clone();
    }

    /**
     * The key id: the first 8 bytes of SHA-256("JAZMIN/1/slot-id" ‖ key) as 16 lower-case hex
     * digits (spec §1.19). It does not reveal the key and is safe to log.
     */
    public String keyId() {
        return keyId;
    }

    /**
     * The submission key of the holder of access key {@code keyId}, for this owner key (spec §1.21):
     * HKDF-SHA256(ikm = this key, salt = empty, info = "JAZMIN/1/submission/" + key id). A holder
     * encrypts the records it sends back to the owner as an ordinary key file with it (the reader
     * of the shared file gives it to the holder: {@code JazminReader.submissionKey()}); it opens
     * nothing in the shared file.
     *
     * @param keyId the access key's id: 16 lower-case hex digits
     * @throws JazminValidationException when {@code keyId} is not a key id
     */
    public JazminKey submissionKey(String keyId) {
        if (keyId == null || !KEY_ID.matcher(keyId).matches()) {
            throw new JazminValidationException("a key id is 16 lower-case hex digits");
        }
        return new JazminKey(Hkdf.derive(bytes, new byte[0], (SUBMISSION_LABEL + keyId)
                .getBytes(StandardCharsets.US_ASCII), SIZE));
    }

    /** {@link #submissionKey(String)} of the holder of {@code accessKey}. */
    public JazminKey submissionKey(AccessKeyText accessKey) {
        return submissionKey(accessKey.keyId());
    }

    /** Hex key id of the key-slot derivation, shared with access keys. */
    static String slotId(byte[] secret) {
        return HexFormat.of().formatHex(slotIdBytes(secret));
    }

    /** The 8-byte slot id SHA-256("JAZMIN/1/slot-id" ‖ secret)[0..8) (spec §1.19). */
    public static byte[] slotIdBytes(byte[] secret) {
        return java.util.Arrays.copyOf(KeyText.sha256(SLOT_ID_LABEL, secret), 8);
    }

    /** Keys are equal when their bytes are (compared in constant time). */
    @Override
    public boolean equals(Object o) {
        return o instanceof JazminKey other && MessageDigest.isEqual(bytes, other.bytes);
    }

    @Override
    public int hashCode() {
        return keyId.hashCode();
    }

    /** {@code JazminKey[id=<key id>]}: never the secret. */
    @Override
    public String toString() {
        return "JazminKey[id=" + keyId + "]";
    }
}
