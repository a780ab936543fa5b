package io.jazmin.crypto;

import java.security.GeneralSecurityException;
import java.util.Arrays;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * HKDF with HMAC-SHA256 (RFC 5869), on the JDK's HMAC. {@link #extract} is split from
 * {@link #expand} so a pseudorandom key can be reused for many section keys (one HMAC each).
 */
public final class Hkdf {
    /** Output size of SHA-256, and the size of every JAZMIN derived key. */
    public static final int HASH_SIZE = 32;
    private static final String HMAC = "HmacSHA256";

    private Hkdf() {
    }

    /** {@code OKM = HKDF(ikm, salt, info, length)}: extract then expand. */
    public static byte[] derive(byte[] ikm, byte[] salt, byte[] info, int length) {
        byte[] prk = extract(salt, ikm);
        try {
            return expand(prk, info, length);
        } finally {
            Arrays.fill(prk, (byte) 0);
        }
    }

    /** {@code PRK = HMAC(salt, ikm)}; an empty salt stands for 32 zero bytes (RFC 5869 §2.2). */
    public static byte[] extract(byte[] salt, byte[] ikm) {
        Mac mac = mac(salt.length == 0 ? new byte[HASH_SIZE] : salt);
        return mac.doFinal(ikm);
    }

    /** {@code T(1) ‖ T(2) ‖ …} cut to {@code length} bytes, {@code T(i) = HMAC(prk, T(i-1) ‖ info ‖ i)}. */
    public static byte[] expand(byte[] prk, byte[] info, int length) {
        if (length < 0 || length > 255 * HASH_SIZE) {
            throw new IllegalArgumentException("HKDF output length must be 0-" + 255 * HASH_SIZE);
        }
        Mac mac = mac(prk);
        byte[] out = new byte[length];
        byte[] t = new byte[0];
        for (int i = 1, done = 0; done < length; i++) {
            mac.update(t);
            mac.update(info);
            mac.update((byte) i);
            Arrays.fill(t, (byte) 0);
            t = mac.doFinal();
            int n = Math.min(HASH_SIZE, length - done);
            System.arraycopy(t, 0, out, done, n);
            done += n;
        }
        Arrays.fill(t, (byte) 0);
        return out;
    }

    private static Mac mac(byte[] key) {
        try {
            Mac mac = Mac.getInstance(HMAC);
            mac.init(new SecretKeySpec(key, HMAC));
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK has no usable " + HMAC, e);
        }
    }
}
