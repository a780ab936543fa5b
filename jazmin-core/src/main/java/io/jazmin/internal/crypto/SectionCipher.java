package io.jazmin.internal.crypto;

import io.jazmin.error.JazminFormatException;
import io.jazmin.error.JazminKeyException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * AES-256-GCM on section payloads of one encrypted file version (spec §1.5, §1.18): stored payload
 * = nonce(12) ‖ ciphertext ‖ tag(16), key from the {@link KeySchedule}
 * (or, for embedded-file blocks, from the content's own key), AAD = file id ‖ envelope
 * bytes 0..7 ‖ UTF-8 section id. The AAD binds each section to its file, codec, raw length and
 * id, so changed, moved or swapped sections fail the tag check. Sections may be opened and sealed
 * from several threads at once (read-ahead and encoding workers): each thread has its own JCA
 * cipher, so they never wait for one another. The first cipher of a process starts the
 * {@link GcmWarmup}, without which the JDK's AES-GCM stays on its slow path for thousands of sections.
 */
public final class SectionCipher implements AutoCloseable {
    // Envelope bytes bound into the AAD (codec, flags, reserved, raw_length), and what sealing adds.
    private static final int ENVELOPE_HEAD = 8;
    /** Bytes of the nonce that starts a sealed payload (where {@link #openInPlace} leaves the plaintext). */
    public static final int NONCE_SIZE = 12;
    private static final int TAG_BITS = 128;
    /** Bytes a sealed payload adds: the 12-byte nonce and the 16-byte tag. */
    public static final int OVERHEAD = NONCE_SIZE + TAG_BITS / 8;
    private static final String HEADER_ID = "header";
    private static final SecureRandom RANDOM = new SecureRandom();
    /**
     * Per thread, the AES-GCM instance (looking up a JCA cipher costs more than using it), re-initialized
     * for each section with that section's key and nonce: a sealed section's nonce is always a fresh
     * random one, and an opened one's is the section's own.
     */
    private static final ThreadLocal<Gcm> GCM = ThreadLocal.withInitial(Gcm::new);

    private final byte[] fileId;
    private final SectionKeys keys;
    private final String wrongSecret;

    private SectionCipher(byte[] fileId, SectionKeys keys, String wrongSecret) {
        this.fileId = fileId.clone();
        this.keys = keys;
        this.wrongSecret = wrongSecret;
        GcmWarmup.start();
    }

    /**
     * A cipher that opens a file's sections.
     *
     * @param fileId      the preamble's file id
     * @param keys        the file's keys; closed with this cipher
     * @param wrongSecret the error message when the header does not open (wrong key or password)
     */
    public static SectionCipher forReading(byte[] fileId, KeySchedule keys, String wrongSecret) {
        return new SectionCipher(fileId, keys, wrongSecret);
    }

    /**
     * A cipher that opens the sections of an access-controlled file with the secrets of a key's
     * bundle (spec §1.19); it closes (clears) the bundle with itself.
     *
     * @param keyId the key id, for messages
     */
    public static SectionCipher forAccess(byte[] fileId, byte[] salt, AccessBundle bundle, String keyId) {
        return new SectionCipher(fileId, new AccessKeys(bundle, salt, keyId),
                "the file's header does not open with the secrets of key " + keyId + "'s slot: the file was changed");
    }

    /** A cipher that seals the sections of a new file version; {@code keys} is closed with it. */
    public static SectionCipher forWriting(byte[] fileId, KeySchedule keys) {
        return new SectionCipher(fileId, keys, "wrong key");
    }

    /**
     * A cipher for the blocks {@code file/<id>/<b>} of one embedded content (spec §1.18): keys
     * HKDF(contentKey, preamble salt, "JAZMIN/1/" + block id).
     *
     * @param contentKey the content's 32-byte random key (copied; the caller clears its own copy)
     */
    public static SectionCipher forContent(byte[] fileId, byte[] preambleSalt, byte[] contentKey) {
        return new SectionCipher(fileId, new ContentKeys(contentKey, preambleSalt),
                "embedded file block failed its authentication check");
    }

    /** Whether this cipher opens an access-controlled file (whose keys come from a key slot). */
    public boolean accessControlled() {
        return keys instanceof AccessKeys;
    }

    /**
     * The secrets H and O of the shared file version this owner's cipher opens, for an append that
     * reuses them (spec §1.24); the caller closes them.
     *
     * @throws IllegalStateException when the cipher was not opened with an owner key
     */
    public ShareSecrets ownerSecrets(byte[] salt) {
        if (keys instanceof AccessKeys access && access.bundle().owner()) {
            return new ShareSecrets(fileId, salt, access.bundle().header(), access.bundle().ownerSecret());
        }
        throw new IllegalStateException("only an owner's cipher holds the version's owner secrets");
    }

    /** The file's keys (to set the keyring once the header is read). */
    public KeySchedule keys() {
        if (keys instanceof KeySchedule schedule) {
            return schedule;
        }
        throw new IllegalStateException("an embedded content's cipher has no file key schedule");
    }

    /**
     * Whether section {@code sectionId} may be stored unencrypted in an encrypted file: only the
     * key-slot list, key-slot pages and signature of access-controlled files (spec §1.18).
     */
    public static boolean mayBePlain(String sectionId) {
        return sectionId.equals("keyslots") || sectionId.startsWith("keyslots/") || sectionId.equals("signature");
    }

    /** Encrypts {@code body[off..off+len)} of section {@code sectionId} under a fresh random nonce. */
    public byte[] seal(String sectionId, byte[] envelopeHead, byte[] body, int off, int len) {
        return seal(sectionId, null, envelopeHead, body, off, len);
    }

    /**
     * Like {@link #seal(String, byte[], byte[], int, int)}, for a section whose key also depends on
     * {@code scope} ({@code null} for none; see {@link #open(String, String, byte[], byte[], int, int)}).
     */
    public byte[] seal(String sectionId, String scope, byte[] envelopeHead, byte[] body, int off,
                                    int len) {
        byte[] out = new byte[NONCE_SIZE + len + TAG_BITS / 8];
        byte[] nonce = new byte[NONCE_SIZE];
        RANDOM.nextBytes(nonce);
        System.arraycopy(nonce, 0, out, 0, NONCE_SIZE);
        try {
            Cipher c = cipher(Cipher.ENCRYPT_MODE, sectionId, scope, envelopeHead, nonce, 0);
            c.doFinal(body, off, len, out, NONCE_SIZE);
            return out;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM encryption failed", e);
        }
    }

    /**
     * Checks the tag and decrypts {@code payload[off..off+len)} of section {@code sectionId}.
     *
     * @throws JazminKeyException    when the header does not open: wrong key or password
     * @throws JazminFormatException when another section fails its tag check: the file was changed
     */
    public byte[] open(String sectionId, byte[] envelopeHead, byte[] payload, int off, int len) {
        return open(sectionId, null, envelopeHead, payload, off, len);
    }

    /**
     * Like {@link #open(String, byte[], byte[], int, int)}, for a section whose key also depends on
     * {@code scope} (see {@link SectionKeys#sectionKey(String, String)}; {@code null} for none).
     */
    public byte[] open(String sectionId, String scope, byte[] envelopeHead, byte[] payload, int off, int len) {
        byte[] plain = new byte[plainLength(len)];
        open(sectionId, scope, envelopeHead, payload, off, len, plain, 0);
        return plain;
    }

    /**
     * Like {@link #open(String, String, byte[], byte[], int, int)}, but decrypts in place, saving a
     * copy of the section: on success the plaintext is {@code payload[off+12..off+len-16)} (its length
     * returned). The whole tag is still checked before the plaintext is used; when it fails, nothing
     * of the payload may be used.
     */
    public int openInPlace(String sectionId, String scope, byte[] envelopeHead, byte[] payload, int off, int len) {
        plainLength(len);
        return open(sectionId, scope, envelopeHead, payload, off, len, payload, off + NONCE_SIZE);
    }

    private static int plainLength(int len) {
        if (len < OVERHEAD) {
            throw new JazminFormatException("encrypted section payload is shorter than a nonce and a tag");
        }
        return len - OVERHEAD;
    }

    private int open(String sectionId, String scope, byte[] envelopeHead, byte[] payload, int off, int len,
                     byte[] out, int outOffset) {
        try {
            Cipher c = cipher(Cipher.DECRYPT_MODE, sectionId, scope, envelopeHead, payload, off);
            return c.doFinal(payload, off + NONCE_SIZE, len - NONCE_SIZE, out, outOffset);
        } catch (AEADBadTagException e) {
            if (sectionId.equals(HEADER_ID)) {
                if (keys instanceof AccessKeys) {
                    throw new JazminFormatException(wrongSecret, sectionId, -1);
                }
                throw new JazminKeyException(wrongSecret, e);
            }
            throw new JazminFormatException("section failed its authentication check: "
                    + "the file was changed or its sections were moved", e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM decryption failed", e);
        }
    }

    /** The thread's cipher set up for one section, its nonce at {@code nonce[nonceOffset..+12)}. */
    private Cipher cipher(int mode, String sectionId, String scope, byte[] envelopeHead, byte[] nonce, int nonceOffset)
            throws GeneralSecurityException {
        byte[] key = keys.sectionKey(sectionId, scope);
        try {
            Gcm gcm = GCM.get();
            gcm.cipher.init(mode, new SecretKeySpec(key, "AES"),
                    new GCMParameterSpec(TAG_BITS, nonce, nonceOffset, NONCE_SIZE));
            int aadLength = gcm.aad(fileId, envelopeHead, sectionId); // may grow the buffer: laid out first
            gcm.cipher.updateAAD(gcm.aad, 0, aadLength);
            return gcm.cipher;
        } finally {
            Arrays.fill(key, (byte) 0);
        }
    }

    /**
     * A thread's AES-GCM instance and the buffer its AAD is laid out in: given to the cipher in one
     * piece, which the JDK then copies once instead of growing its buffer for each of three.
     */
    private static final class Gcm {
        private final Cipher cipher;
        private byte[] aad = new byte[64];

        Gcm() {
            try {
                cipher = Cipher.getInstance("AES/GCM/NoPadding");
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("the JDK has no AES/GCM/NoPadding", e);
            }
        }

        /** Lays out file id ‖ envelope bytes 0..7 ‖ UTF-8 section id in {@link #aad}; returns its length. */
        int aad(byte[] fileId, byte[] envelopeHead, String sectionId) {
            int idLength = sectionId.length();
            byte[] id = null;
            for (int i = 0; i < sectionId.length(); i++) {
                if (sectionId.charAt(i) >= 0x80) {
                    id = sectionId.getBytes(StandardCharsets.UTF_8);
                    idLength = id.length;
                    break;
                }
            }
            int length = fileId.length + ENVELOPE_HEAD + idLength;
            if (aad.length < length) {
                aad = new byte[length];
            }
            System.arraycopy(fileId, 0, aad, 0, fileId.length);
            System.arraycopy(envelopeHead, 0, aad, fileId.length, ENVELOPE_HEAD);
            int at = fileId.length + ENVELOPE_HEAD;
            if (id != null) {
                System.arraycopy(id, 0, aad, at, idLength);
            } else {
                for (int i = 0; i < idLength; i++) {
                    aad[at + i] = (byte) sectionId.charAt(i);
                }
            }
            return length;
        }
    }

    /** Clears the file's keys. */
    @Override
    public void close() {
        keys.close();
    }
}
