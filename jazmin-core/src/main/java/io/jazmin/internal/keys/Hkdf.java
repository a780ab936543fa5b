package io.jazmin.internal.keys;

import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.generators.HKDFBytesGenerator;
import org.bouncycastle.crypto.params.HKDFParameters;

/**
 * HKDF with HMAC-SHA256 (RFC 5869), on BouncyCastle's {@link HKDFBytesGenerator}. {@link #extract}
 * is split from {@link #expand} so a pseudorandom key can be reused for many section keys. The steps
 * each section key takes, {@link #extract} and {@link #expandKey}, run on the thread's
 * {@link HmacSha256} instead, which allocates nothing but the key returned.
 */
public final class Hkdf {
    /** Output size of SHA-256, and the size of every JAZMIN derived key. */
    public static final int HASH_SIZE = 32;

    private Hkdf() {
    }

    /** {@code OKM = HKDF(ikm, salt, info, length)}: extract then expand. */
    public static byte[] derive(byte[] ikm, byte[] salt, byte[] info, int length) {
        return generate(new HKDFParameters(ikm, salt, info), length);
    }

    /**
     * {@code PRK = HMAC(salt, ikm)}; an empty salt stands for 32 zero bytes (RFC 5869 §2.2), which
     * HMAC's zero padding of a short key gives as it is.
     */
    public static byte[] extract(byte[] salt, byte[] ikm) {
        byte[] prk = new byte[HASH_SIZE];
        HmacSha256.mac(salt == null ? new byte[0] : salt, ikm, prk);
        return prk;
    }

    /**
     * A 32-byte key {@code expand(prk, UTF-8(label ‖ name), 32)}: one HMAC, {@code T(1) = HMAC(prk,
     * info ‖ 0x01)}, without building the info's bytes (a section key: label "JAZMIN/1/", name its id).
     */
    public static byte[] expandKey(byte[] prk, String label, String name) {
        byte[] okm = new byte[HASH_SIZE];
        HmacSha256.mac(prk, label, name, (byte) 1, okm);
        return okm;
    }

    /** {@code T(1) ‖ T(2) ‖ …} cut to {@code length} bytes, {@code T(i) = HMAC(prk, T(i-1) ‖ info ‖ i)}. */
    public static byte[] expand(byte[] prk, byte[] info, int length) {
        return generate(HKDFParameters.skipExtractParameters(prk, info), length);
    }

    private static byte[] generate(HKDFParameters parameters, int length) {
        if (length < 0 || length > 255 * HASH_SIZE) {
            throw new IllegalArgumentException("HKDF output length must be 0-" + 255 * HASH_SIZE);
        }
        HKDFBytesGenerator generator = generator();
        generator.init(parameters);
        byte[] out = new byte[length];
        generator.generateBytes(out, 0, length);
        return out;
    }

    private static HKDFBytesGenerator generator() {
        return new HKDFBytesGenerator(new SHA256Digest());
    }
}
