package io.jazmin.internal.reader;

import io.jazmin.error.JazminFormatException;
import io.jazmin.error.JazminKeyException;
import io.jazmin.internal.crypto.AccessBundle;
import io.jazmin.internal.crypto.AccessCredential;
import io.jazmin.internal.crypto.KeySlots;
import io.jazmin.internal.keys.OwnerSigning;
import io.jazmin.internal.section.SectionReader;
import io.jazmin.internal.wire.Trailer;
import io.jazmin.error.JazminUnlockRequiredException;
import io.jazmin.key.UnlockToken;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * Steps 1–3 of the reading procedure of access-controlled files (spec §1.19), in order: the
 * signature is read and its signer matched with the key, the ECDSA signature is verified over the
 * key-slot list and the header, then only the page that can hold the key's slot is read and checked
 * against the signed list's digest, and the slot is unsealed into the key's bundle. Nothing else of
 * the file is trusted before the signature is.
 */
final class AccessOpener {
    private AccessOpener() {
    }

    /**
     * The bundle of {@code key}'s slot.
     *
     * @param plain       a section reader without cipher over the version (reads the plain sections)
     * @param token       the unlock token for an online slot, or {@code null}
     * @param headerWhole the header section's whole bytes, as the signature covers them
     * @throws JazminKeyException            when the file was not signed by the key's owner, the key
     *                                       is not granted access, or the token does not open its slot
     * @throws JazminUnlockRequiredException for an online slot without an unlock token
     * @throws JazminFormatException         when a signed part was changed
     */
    static AccessBundle unseal(FileVersion version, SectionReader plain, AccessCredential key, UnlockToken token,
                               byte[] headerWhole) {
        Trailer trailer = version.trailer();
        if (trailer.keyslotsLength() == 0 || trailer.signatureLength() == 0) {
            throw new JazminFormatException("the access-controlled file has no key-slot list or no signature", null,
                    version.trailerOffset());
        }
        byte[] listWhole = plain.readWhole("keyslots", trailer.keyslotsOffset(), trailer.keyslotsLength());
        byte[] signature = plain.openPlain("signature", trailer.signatureOffset(),
                plain.readWhole("signature", trailer.signatureOffset(), trailer.signatureLength()));
        if (signature.length != OwnerSigning.PUBLIC_KEY_SIZE + OwnerSigning.SIGNATURE_SIZE) {
            throw new JazminFormatException("the signature section has " + signature.length + " bytes, not "
                    + (OwnerSigning.PUBLIC_KEY_SIZE + OwnerSigning.SIGNATURE_SIZE), "signature",
                    trailer.signatureOffset());
        }
        byte[] q = Arrays.copyOf(signature, OwnerSigning.PUBLIC_KEY_SIZE);
        key.checkSigner(q);
        byte[] fileId = version.preamble().fileId();
        byte[] signed = Arrays.copyOfRange(signature, OwnerSigning.PUBLIC_KEY_SIZE, signature.length);
        if (!OwnerSigning.verify(q, OwnerSigning.signedMessage(fileId, listWhole, headerWhole), signed)) {
            throw new JazminFormatException("the owner's signature is invalid: the file was changed", "signature",
                    trailer.signatureOffset());
        }
        byte[] list = plain.openPlain("keyslots", trailer.keyslotsOffset(), listWhole);
        byte[] slotId = key.slotId();
        KeySlots.PageRef page = KeySlots.findPage(list, slotId);
        if (page == null) {
            throw notGranted(key);
        }
        String pageId = "keyslots/" + page.index();
        byte[] pageWhole = plain.readWhole(pageId, page.offset(), page.length());
        if (!MessageDigest.isEqual(SectionReader.sha256(pageWhole), page.digest())) {
            throw new JazminFormatException("the key-slot page does not match the owner's signature: the file was "
                    + "changed", pageId, page.offset());
        }
        KeySlots.Slot slot = KeySlots.findSlot(plain.openPlain(pageId, page.offset(), pageWhole), slotId);
        if (slot == null) {
            throw notGranted(key);
        }
        AccessBundle bundle = AccessBundle.parse(slot.online() ? unsealOnline(key, slot, token, version)
                : key.unseal(slot, version.preamble().salt(), fileId));
        if (bundle.owner() != key.owner()) {
            bundle.clear();
            throw new JazminFormatException("key " + key.keyId() + "'s slot holds the bundle of "
                    + (key.owner() ? "an access key" : "the owner"), pageId, page.offset());
        }
        return bundle;
    }

    /** An online slot: sealed with the access key and the share of the key service's unlock token. */
    private static byte[] unsealOnline(AccessCredential key, KeySlots.Slot slot, UnlockToken token,
                                       FileVersion version) {
        String fileId = HexFormat.of().formatHex(version.preamble().fileId());
        if (token == null) {
            throw new JazminUnlockRequiredException(fileId, key.keyId(), "key " + key.keyId()
                    + " has an online grant: opening file " + fileId + " needs an unlock token from the owner's key "
                    + "service (ask it for file " + fileId + " and key " + key.keyId() + ")");
        }
        try {
            return key.unseal(slot, token, version.preamble().salt(), version.preamble().fileId());
        } catch (JazminFormatException e) {
            throw new JazminKeyException("the unlock token does not open key " + key.keyId() + "'s online slot of "
                    + "file " + fileId + ": it was issued for another key or file (or the file was changed)", e);
        }
    }

    private static JazminKeyException notGranted(AccessCredential key) {
        return new JazminKeyException("key " + key.keyId() + " has not been granted access to this file");
    }
}
