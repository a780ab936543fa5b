package io.jazmin.internal.crypto;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.wire.ByteReader;
import io.jazmin.internal.wire.ByteWriter;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import io.jazmin.internal.keys.Hkdf;

/**
 * The key-slot list and key-slot pages of access-controlled files (spec §1.19): finding the one
 * page that can hold a slot id, the slot in it, and unsealing the slot's bundle; for writers,
 * sealing bundles and laying out the pages and the list. Every count and
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
    private static final SecureRandom RANDOM = new SecureRandom();

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
        long count = pageCount(list);
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

    /** Every page the key-slot list {@code list} (its raw payload) names, in list order. */
    public static List<PageRef> pageRefs(byte[] list) {
        int count = (int) pageCount(list);
        List<PageRef> pages = new ArrayList<>(count);
        for (int p = 0; p < count; p++) {
            ByteReader entry = new ByteReader(list, 4 + p * PAGE_ENTRY_SIZE + SLOT_ID_SIZE, PAGE_ENTRY_SIZE - SLOT_ID_SIZE);
            pages.add(new PageRef(p, entry.u64(), entry.u32(), entry.bytes(32)));
        }
        return pages;
    }

    /** The list's page count, checked against its length. */
    private static long pageCount(byte[] list) {
        ByteReader in = new ByteReader(list);
        long count = in.u32();
        if (count * PAGE_ENTRY_SIZE != in.remaining()) {
            throw new JazminFormatException("the key-slot list has the wrong length for its " + count + " pages");
        }
        return count;
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
     * Seals a bundle into a slot: AES-256-GCM under a fresh random nonce with key
     * HKDF(secret, salt, "JAZMIN/1/slot"), or HKDF(secret ‖ share, …) for an online slot, and AAD
     * file id ‖ slot id. Returns nonce ‖ ciphertext ‖ tag.
     *
     * @param share the 32-byte share of an online grant, or {@code null} for an offline slot
     */
    public static byte[] seal(byte[] bundle, byte[] secret, byte[] share, byte[] salt, byte[] fileId, byte[] slotId) {
        byte[] ikm = share == null ? secret.clone() : Arrays.copyOf(secret, secret.length + share.length);
        if (share != null) {
            System.arraycopy(share, 0, ikm, secret.length, share.length);
        }
        byte[] key = Hkdf.derive(ikm, salt, SLOT_LABEL, Hkdf.HASH_SIZE);
        Arrays.fill(ikm, (byte) 0);
        byte[] out = new byte[NONCE_SIZE + bundle.length + SectionCipher.OVERHEAD - NONCE_SIZE];
        RANDOM.nextBytes(out);
        try {
            Cipher gcm = Cipher.getInstance("AES/GCM/NoPadding");
            gcm.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"), new GCMParameterSpec(128, out, 0, NONCE_SIZE));
            gcm.updateAAD(fileId);
            gcm.updateAAD(slotId);
            gcm.doFinal(bundle, 0, bundle.length, out, NONCE_SIZE);
            return out;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM encryption failed", e);
        } finally {
            Arrays.fill(key, (byte) 0);
        }
    }

    /** A slot to write: its id, sealed bundle and whether it is online. */
    public record Entry(byte[] slotId, byte[] sealed, boolean online) {
    }

    /**
     * The raw payloads of the key-slot pages holding {@code entries} (sorted by slot id here; ids
     * must be unique), each page filled up to about {@code pageBytes}.
     */
    public static List<byte[]> pages(List<Entry> entries, int pageBytes) {
        List<Entry> sorted = new ArrayList<>(entries);
        sorted.sort((a, b) -> Arrays.compareUnsigned(a.slotId(), b.slotId()));
        List<byte[]> pages = new ArrayList<>();
        int from = 0;
        int size = 4;
        for (int i = 0; i < sorted.size(); i++) {
            if (i > 0 && Arrays.equals(sorted.get(i).slotId(), sorted.get(i - 1).slotId())) {
                throw new IllegalArgumentException("slot ids must be unique");
            }
            int add = SLOT_ENTRY_SIZE + sorted.get(i).sealed().length;
            if (i > from && size + add > pageBytes) {
                pages.add(page(sorted.subList(from, i)));
                from = i;
                size = 4;
            }
            size += add;
        }
        pages.add(page(sorted.subList(from, sorted.size())));
        return pages;
    }

    private static byte[] page(List<Entry> entries) {
        ByteWriter w = new ByteWriter(1024);
        w.u32(entries.size());
        long offset = 0;
        for (Entry e : entries) {
            w.bytes(e.slotId(), 0, SLOT_ID_SIZE).u32(offset).u32(e.sealed().length | (e.online() ? ONLINE : 0));
            offset += e.sealed().length;
        }
        entries.forEach(e -> w.bytes(e.sealed(), 0, e.sealed().length));
        return w.toByteArray();
    }

    /** The first slot id of a page payload made by {@link #pages}. */
    public static byte[] firstSlotId(byte[] page) {
        return Arrays.copyOfRange(page, 4, 4 + SLOT_ID_SIZE);
    }

    /** The raw payload of the key-slot list over written pages, given in slot-id order. */
    public static byte[] list(List<byte[]> firstIds, List<PageRef> pages) {
        ByteWriter w = new ByteWriter(4 + pages.size() * PAGE_ENTRY_SIZE);
        w.u32(pages.size());
        for (int i = 0; i < pages.size(); i++) {
            PageRef p = pages.get(i);
            w.bytes(firstIds.get(i), 0, SLOT_ID_SIZE).u64(p.offset()).u32(p.length()).bytes(p.digest(), 0, 32);
        }
        return w.toByteArray();
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
