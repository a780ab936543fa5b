package io.jazmin.key;

import io.jazmin.error.JazminKeyException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import io.jazmin.internal.keys.KeyText;

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
