package io.jazmin.internal.keys;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.bouncycastle.crypto.digests.SHA256Digest;

/**
 * HMAC-SHA256 (RFC 2104) on one {@link SHA256Digest} and pad per thread, for the HKDF steps every
 * section key takes ({@link Hkdf#extract}, {@link Hkdf#expandKey}): BouncyCastle's generator builds a
 * digest, an HMAC and two digest copies for each key, which a lookup in a key file paid for every
 * section it opened. The pad and inner hash, which hold key material, are cleared after each MAC, and
 * the digest's {@code doFinal} resets (and clears) its state.
 */
final class HmacSha256 {
    private static final int BLOCK = 64;
    private static final byte IPAD = 0x36;
    private static final byte OPAD = 0x5c;

    /** Per thread: the digest, the padded key block and the inner hash. */
    private static final ThreadLocal<HmacSha256> STATE = ThreadLocal.withInitial(HmacSha256::new);

    private final SHA256Digest digest = new SHA256Digest();
    private final byte[] pad = new byte[BLOCK];
    private final byte[] inner = new byte[Hkdf.HASH_SIZE];

    private HmacSha256() {
    }

    /** {@code HMAC(key, message)} into {@code out[0..32)}. */
    static void mac(byte[] key, byte[] message, byte[] out) {
        HmacSha256 h = STATE.get();
        try {
            h.begin(key);
            h.digest.update(message, 0, message.length);
            h.end(key, out);
        } finally {
            h.clear();
        }
    }

    /**
     * {@code HMAC(key, UTF-8(label ‖ name) ‖ counter)} into {@code out[0..32)}: HKDF-Expand's first
     * block for the info {@code label ‖ name}, without building the info's bytes when it is ASCII.
     */
    static void mac(byte[] key, String label, String name, byte counter, byte[] out) {
        HmacSha256 h = STATE.get();
        try {
            h.begin(key);
            if (ascii(label) && ascii(name)) {
                h.updateAscii(label);
                h.updateAscii(name);
            } else {
                byte[] info = (label + name).getBytes(StandardCharsets.UTF_8);
                h.digest.update(info, 0, info.length);
            }
            h.digest.update(counter);
            h.end(key, out);
        } finally {
            h.clear();
        }
    }

    /** Starts the inner hash: {@code H((K ⊕ ipad) ‖ …}, a key longer than a block hashed first (RFC 2104). */
    private void begin(byte[] key) {
        padKey(key, IPAD);
        digest.update(pad, 0, BLOCK);
    }

    /** Ends the inner hash and computes {@code H((K ⊕ opad) ‖ inner)} into {@code out}. */
    private void end(byte[] key, byte[] out) {
        digest.doFinal(inner, 0);
        padKey(key, OPAD);
        digest.update(pad, 0, BLOCK);
        digest.update(inner, 0, inner.length);
        digest.doFinal(out, 0);
    }

    private void padKey(byte[] key, byte xor) {
        Arrays.fill(pad, (byte) 0);
        if (key.length > BLOCK) {
            digest.update(key, 0, key.length);
            digest.doFinal(pad, 0);
        } else {
            System.arraycopy(key, 0, pad, 0, key.length);
        }
        for (int i = 0; i < BLOCK; i++) {
            pad[i] ^= xor;
        }
    }

    private void updateAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            digest.update((byte) s.charAt(i));
        }
    }

    private static boolean ascii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }

    /** Clears what holds key material; the digest is reset (its buffers cleared) by its last doFinal, or here. */
    private void clear() {
        Arrays.fill(pad, (byte) 0);
        Arrays.fill(inner, (byte) 0);
        digest.reset();
    }
}
