package io.jazmin.crypto;

import io.jazmin.JazminFormatException;
import io.jazmin.wire.ByteReader;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The key-slot list and key-slot pages of access-controlled files (spec §1.19): finding the one
 * page that can hold a slot id, the slot in it, and unsealing the slot's bundle. Every count and
 * offset is checked against the bytes present before use.
 */
public final class KeySlots {
    /** Bytes of a slot id. */
    public static final int SLOT_ID_SIZE = 8;
    private static final int PAGE_ENTRY_SIZE = SLOT_ID_SIZE + 8 + 4 + 32;
    private static final int SLOT_ENTRY_SIZE = SLOT_ID_SIZE + 4 + 4;
    private static final long ONLINE = 0x8000_0000L;
    private static final byte[] SLOT_LABEL = "JAZMIN/1/slot".getBytes(StandardCharsets.US_ASCII);
    private static final int NONCE_SIZE = 12;

    private KeySlots() {
    }

    /**
     * Where a key-slot page lies.
     *
     * @param index  the page number n of section {@code keyslots/<n>}
     * @param digest SHA-256 of the whole page section, as the signed list gives it
     */
    public record PageRef(int index, long offset, long length, byte[] digest) {
    }

    /**
     * A slot found in its page.
     *
     * @param online whether opening it also needs an unlock token
     */
    public record Slot(byte[] sealed, boolean online) {
    }

    /** The page of the list that can hold {@code slotId} (the last whose first id ≤ it), or {@code null}. */
    public static PageRef findPage(byte[] list, byte[] slotId) {
        ByteReader in = new ByteReader(list);
        long count = in.u32();
        if (count * PAGE_ENTRY_SIZE != in.remaining()) {
            throw new JazminFormatException("the key-slot list has the wrong length for its " + count + " pages");
        }
        int lo = 0;
        int hi = (int) count;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (Arrays.compareUnsigned(list, 4 + mid * PAGE_ENTRY_SIZE, 4 + mid * PAGE_ENTRY_SIZE + SLOT_ID_SIZE,
                    slotId, 0, SLOT_ID_SIZE) <= 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        if (lo == 0) {
            return null;
        }
        ByteReader entry = new ByteReader(list, 4 + (lo - 1) * PAGE_ENTRY_SIZE + SLOT_ID_SIZE,
                PAGE_ENTRY_SIZE - SLOT_ID_SIZE);
        return new PageRef(lo - 1, entry.u64(), entry.u32(), entry.bytes(32));
    }

    /** The slot {@code slotId} of a page's raw payload, or {@code null} when the page has none. */
    public static Slot findSlot(byte[] page, byte[] slotId) {
        ByteReader in = new ByteReader(page);
        long count = in.u32();
        if (count * SLOT_ENTRY_SIZE > in.remaining()) {
            throw new JazminFormatException("the key-slot page is shorter than its " + count + " slot entries");
        }
        int sealedAt = 4 + (int) count * SLOT_ENTRY_SIZE;
        int lo = 0;
        int hi = (int) count - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int at = 4 + mid * SLOT_ENTRY_SIZE;
            int c = Arrays.compareUnsigned(page, at, at + SLOT_ID_SIZE, slotId, 0, SLOT_ID_SIZE);
            if (c == 0) {
                ByteReader entry = new ByteReader(page, at + SLOT_ID_SIZE, 8);
                long offset = entry.u32();
                long length = entry.u32();
                long start = sealedAt + offset;
                long end = start + (length & ~ONLINE);
                if (end > page.length) {
                    throw new JazminFormatException("a key slot points outside its page");
                }
                return new Slot(Arrays.copyOfRange(page, (int) start, (int) end), (length & ONLINE) != 0);
            }
            if (c < 0) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return null;
    }

    /**
     * The bundle sealed in a slot: AES-256-GCM with key HKDF(secret, salt, "JAZMIN/1/slot") for an
     * offline slot, HKDF(secret ‖ share, salt, "JAZMIN/1/slot") for an online one, and AAD file id ‖
     * slot id.
     *
     * @param share an online slot's 32-byte share (from the unlock token), or {@code null} offline
     * @throws JazminFormatException when the slot fails its authentication check
     */
    public static byte[] unseal(Slot slot, byte[] secret, byte[] share, byte[] salt, byte[] fileId, byte[] slotId) {
        byte[] sealed = slot.sealed();
        if (sealed.length < SectionCipher.OVERHEAD) {
            throw new JazminFormatException("a key slot is shorter than a nonce and a tag");
        }
        byte[] ikm = share == null ? secret.clone() : Arrays.copyOf(secret, secret.length + share.length);
        if (share != null) {
            System.arraycopy(share, 0, ikm, secret.length, share.length);
        }
        byte[] key = Hkdf.derive(ikm, salt, SLOT_LABEL, Hkdf.HASH_SIZE);
        Arrays.fill(ikm, (byte) 0);
        try {
            Cipher gcm = Cipher.getInstance("AES/GCM/NoPadding");
            gcm.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "AES"),
                    new GCMParameterSpec(128, sealed, 0, NONCE_SIZE));
            gcm.updateAAD(fileId);
            gcm.updateAAD(slotId);
            return gcm.doFinal(sealed, NONCE_SIZE, sealed.length - NONCE_SIZE);
        } catch (AEADBadTagException e) {
            throw new JazminFormatException("this key's slot failed its authentication check: the file was changed");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM decryption failed", e);
        } finally {
            Arrays.fill(key, (byte) 0);
        }
    }
}
