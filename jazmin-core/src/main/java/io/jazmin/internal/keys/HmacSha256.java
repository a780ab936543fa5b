package io.jazmin.internal.keys;

import java.nio.charset.StandardCharsets;
import java.security.DigestException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;

/**
 * HMAC-SHA256 (RFC 2104) on one JCA SHA-256 {@link MessageDigest} and pad per thread, for the HKDF steps
 * every section key takes ({@link Hkdf#extract}, {@link Hkdf#expandKey}): BouncyCastle's generator builds a
 * digest, an HMAC and two digest copies for each key, which a lookup in a key file paid for every
 * section it opened, and the JDK's SHA-256 runs on the processor's SHA instructions where it has them
 * (an HMAC of a short message in about a fifth of BouncyCastle's pure-Java digest's time). The pad and
 * inner hash, which hold key material, are cleared after each MAC, and the digest resets after each hash.
 */
final class HmacSha256 {
    private static final int BLOCK = 64;
    private static final byte IPAD = 0x36;
    private static final byte OPAD = 0x5c;

    /** Per thread: the digest, the padded key block and the inner hash. */
    private static final ThreadLocal<HmacSha256> STATE = ThreadLocal.withInitial(HmacSha256::new);

    private final MessageDigest digest = sha256();
    private final byte[] pad = new byte[BLOCK];
    private final byte[] inner = new byte[Hkdf.HASH_SIZE];
    /** Section ids and labels, which are not secret, as bytes. */
    private byte[] text = new byte[64];

    private HmacSha256() {
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e); // every Java platform must have it
        }
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
                h.digest.update(info);
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
        hashInto(inner);
        padKey(key, OPAD);
        digest.update(pad, 0, BLOCK);
        digest.update(inner, 0, inner.length);
        hashInto(out);
    }

    /** Completes the hash into {@code out[0..32)} (the digest resets). */
    private void hashInto(byte[] out) {
        try {
            digest.digest(out, 0, Hkdf.HASH_SIZE);
        } catch (DigestException e) {
            throw new IllegalStateException("SHA-256 gave no " + Hkdf.HASH_SIZE + "-byte hash", e); // out is 32 bytes
        }
    }

    private void padKey(byte[] key, byte xor) {
        Arrays.fill(pad, (byte) 0);
        if (key.length > BLOCK) {
            digest.update(key, 0, key.length);
            hashInto(pad);
        } else {
            System.arraycopy(key, 0, pad, 0, key.length);
        }
        for (int i = 0; i < BLOCK; i++) {
            pad[i] ^= xor;
        }
    }

    /** Hashes the ASCII {@code s} as its bytes, copied into a buffer kept per thread (one update, not one per byte). */
    private void updateAscii(String s) {
        if (text.length < s.length()) {
            text = new byte[Math.max(s.length(), 2 * text.length)];
        }
        for (int i = 0; i < s.length(); i++) {
            text[i] = (byte) s.charAt(i);
        }
        digest.update(text, 0, s.length());
    }

    private static boolean ascii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }

    /** Clears what holds key material; the digest is reset by its last hash, or here. */
    private void clear() {
        Arrays.fill(pad, (byte) 0);
        Arrays.fill(inner, (byte) 0);
        digest.reset();
    }
}
