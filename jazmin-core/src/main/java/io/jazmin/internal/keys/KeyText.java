package io.jazmin.internal.keys;

import io.jazmin.error.JazminKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Base64;

/**
 * The text form shared by key texts ({@code jzk1-}, {@code jza1-}): prefix + base64url without
 * padding of {@code body ‖ first 4 bytes of SHA-256(body)}. The checksum catches typos before any
 * decryption is tried. Error messages never repeat the text, since it is a secret.
 */
public final class KeyText {
    static final int CHECKSUM_SIZE = 4;
    private static final Base64.Encoder URL = Base64.getUrlEncoder().withoutPadding();

    private KeyText() {
    }

    public static String encode(String prefix, byte[] body) {
        byte[] raw = Arrays.copyOf(body, body.length + CHECKSUM_SIZE);
        System.arraycopy(checksum(body), 0, raw, body.length, CHECKSUM_SIZE);
        try {
            return prefix + URL.encodeToString(raw);
        } finally {
            Arrays.fill(raw, (byte) 0);
        }
    }

    /**
     * The body of a key text of {@code bodySize} bytes.
     *
     * @param what how the error messages name the text, e.g. "key text"
     * @throws JazminKeyException when the prefix, length or encoding is wrong, or on "checksum mismatch"
     */
    public static byte[] decode(String text, String prefix, int bodySize, String what) {
        if (text == null || !text.startsWith(prefix)) {
            throw new JazminKeyException("not a JAZMIN " + what + ": it must start with '" + prefix + "'");
        }
        String encoded = text.substring(prefix.length());
        byte[] raw;
        try {
            raw = Base64.getUrlDecoder().decode(encoded);
        } catch (IllegalArgumentException e) {
            throw new JazminKeyException("the " + what + " is damaged: it is not base64url text", e);
        }
        try {
            if (raw.length != bodySize + CHECKSUM_SIZE) {
                throw new JazminKeyException("the " + what + " has the wrong length");
            }
            byte[] body = Arrays.copyOf(raw, bodySize);
            byte[] expected = checksum(body);
            // A changed last character can decode to the same bytes (its low bits are unused), so the
            // text must also be the canonical encoding; both cases are typos.
            if (!MessageDigest.isEqual(expected, Arrays.copyOfRange(raw, bodySize, raw.length))
                    || !URL.encodeToString(raw).equals(encoded)) {
                Arrays.fill(body, (byte) 0);
                throw new JazminKeyException("checksum mismatch: the " + what + " is mistyped or damaged");
            }
            return body;
        } finally {
            Arrays.fill(raw, (byte) 0);
        }
    }

    /** The first 4 bytes of SHA-256 of {@code body}. */
    public static byte[] checksum(byte[] body) {
        return Arrays.copyOf(sha256(body), CHECKSUM_SIZE);
    }

    public static byte[] sha256(byte[]... parts) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (byte[] part : parts) {
                digest.update(part);
            }
            return digest.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }
}
