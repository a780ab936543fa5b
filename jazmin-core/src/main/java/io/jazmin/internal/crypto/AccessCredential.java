package io.jazmin.internal.crypto;

import io.jazmin.error.JazminKeyException;
import java.security.MessageDigest;
import java.util.Arrays;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import io.jazmin.internal.keys.OwnerSigning;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import io.jazmin.internal.keys.Hkdf;
import io.jazmin.key.UnlockToken;

/**
 * The secret that opens an access-controlled file (spec §1.19): the owner key ({@code jzk1-}) or an
 * access key ({@code jza1-}). It checks who signed the file and unseals its own key slot, without
 * ever handing out the secret. {@link #toString()} shows only the key id.
 */
public final class AccessCredential implements AutoCloseable {
    private static final byte[] LAST_SEEN_LABEL = "JAZMIN/1/last-seen".getBytes(StandardCharsets.US_ASCII);
    private final byte[] secret;
    private final byte[] ownerFingerprint;
    private final boolean owner;
    private final String keyId;

    private AccessCredential(byte[] secret, byte[] ownerFingerprint, boolean owner, String keyId) {
        this.secret = secret;
        this.ownerFingerprint = ownerFingerprint;
        this.owner = owner;
        this.keyId = keyId;
    }

    /** The owner key of an access-controlled file. */
    public static AccessCredential ofOwner(JazminKey key) {
        return new AccessCredential(key.bytes(), null, true, key.keyId());
    }

    /** An access key issued by the file's owner. */
    public static AccessCredential ofAccessKey(AccessKeyText key) {
        return new AccessCredential(key.secret(), key.ownerFingerprint(), false, key.keyId());
    }

    /** Whether this is the owner key. */
    public boolean owner() {
        return owner;
    }

    /** The key id (slot id in hex), safe to log. */
    public String keyId() {
        return keyId;
    }

    /** The 8-byte slot id of this key. */
    public byte[] slotId() {
        return JazminKey.slotIdBytes(secret);
    }

    /**
     * Checks that the signer's public key {@code q} belongs to this key's owner: for the owner key
     * it must equal the key's derived public key; for an access key its fingerprint must equal the
     * one the key carries.
     *
     * @throws JazminKeyException "not signed by the owner of this key"
     */
    public void checkSigner(byte[] q) {
        boolean same = owner ? MessageDigest.isEqual(q, OwnerSigning.publicKey(secret))
                : MessageDigest.isEqual(OwnerSigning.fingerprint(q), ownerFingerprint);
        if (!same) {
            throw new JazminKeyException("the file was not signed by the owner of this key (key " + keyId + ")");
        }
    }

    /** The bundle of this key's offline slot (see {@link KeySlots#unseal}). */
    public byte[] unseal(KeySlots.Slot slot, byte[] salt, byte[] fileId) {
        return KeySlots.unseal(slot, secret, null, salt, fileId, slotId());
    }

    /** The bundle of this key's online slot, sealed also with the share of {@code token}. */
    public byte[] unseal(KeySlots.Slot slot, UnlockToken token, byte[] salt, byte[] fileId) {
        byte[] share = token.share();
        try {
            return KeySlots.unseal(slot, secret, share, salt, fileId, slotId());
        } finally {
            Arrays.fill(share, (byte) 0);
        }
    }

    /**
     * The MAC of a last-seen record of this access key for file {@code fileId} (spec §1.20):
     * HMAC-SHA256(key = HKDF(access secret, salt = file id, "JAZMIN/1/last-seen"), message = the
     * decimal text of {@code lastSeen}), in lower-case hex.
     */
    public String lastSeenMac(byte[] fileId, long lastSeen) {
        byte[] key = Hkdf.derive(secret, fileId, LAST_SEEN_LABEL, Hkdf.HASH_SIZE);
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(Long.toString(lastSeen).getBytes(StandardCharsets.US_ASCII)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK has no HMAC-SHA256", e);
        } finally {
            Arrays.fill(key, (byte) 0);
        }
    }

    /** Clears the secret copy. */
    @Override
    public void close() {
        Arrays.fill(secret, (byte) 0);
    }

    /** {@code AccessCredential[owner|access key, id=…]}: never the secret. */
    @Override
    public String toString() {
        return "AccessCredential[" + (owner ? "owner key" : "access key") + ", id=" + keyId + "]";
    }
}
