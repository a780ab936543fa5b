package io.jazmin.internal.crypto;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.catalog.Keyring;
import java.util.Arrays;
import io.jazmin.internal.keys.Hkdf;

/**
 * The keys of one encrypted file version (spec §1.18): the header key
 * HKDF(master, preamble salt, "JAZMIN/1/header"), and once the header's keyring is known, each
 * section's key HKDF(master, keyring[group], "JAZMIN/1/" + section id). The extract step is done
 * once per group, when a section of the group is first asked for: a lookup never reads an embedded
 * file's directory, so its open need not derive that group's key. {@link #close()} clears every copy
 * of key material it holds.
 */
public final class KeySchedule implements SectionKeys {
    private static final String LABEL = "JAZMIN/1/";
    private static final String HEADER_ID = "header";

    private final byte[] master;
    private final byte[] headerKey;
    /** Per {@link KeyGroup} (by ordinal), the keyring's salt, {@code null} when it has none (no keys). */
    private final byte[][] groupSalts = new byte[KeyGroup.values().length][];
    /** Per {@link KeyGroup} (by ordinal), the extracted key, {@code null} until a section of the group asks. */
    private final byte[][] groupKeys = new byte[KeyGroup.values().length][];
    private volatile boolean closed;

    /**
     * @param master the 32-byte master key (copied; the caller clears its own copy)
     * @param salt   the preamble salt
     */
    public KeySchedule(byte[] master, byte[] salt) {
        this.master = master.clone();
        byte[] prk = Hkdf.extract(salt, this.master);
        try {
            this.headerKey = Hkdf.expandKey(prk, LABEL, HEADER_ID);
        } finally {
            Arrays.fill(prk, (byte) 0);
        }
    }

    /** Sets the per-group salts from the header's keyring; a group without a salt has no keys. */
    public synchronized void useKeyring(Keyring keyring) {
        requireOpen();
        if (keyring == null) {
            throw new JazminFormatException("the file is encrypted but its header has no keyring");
        }
        put(KeyGroup.DATA, keyring.data());
        put(KeyGroup.INDEX, keyring.index());
        put(KeyGroup.FILES, keyring.files());
    }

    private void put(KeyGroup group, byte[] salt) {
        int g = group.ordinal();
        byte[] old = groupKeys[g];
        if (old != null) {
            Arrays.fill(old, (byte) 0);
            groupKeys[g] = null;
        }
        groupSalts[g] = salt.length > 0 ? salt.clone() : null;
    }

    /** The extracted key of {@code group}, derived on first use; {@code null} when the keyring has no salt for it. */
    private synchronized byte[] groupKey(KeyGroup group) {
        requireOpen();
        int g = group.ordinal();
        if (groupKeys[g] == null && groupSalts[g] != null) {
            groupKeys[g] = Hkdf.extract(groupSalts[g], master);
        }
        return groupKeys[g];
    }

    /**
     * The 32-byte key of section {@code sectionId} (a fresh array: clear it after use). The
     * {@code header} section gets the header key; the others need the keyring.
     */
    @Override
    public byte[] sectionKey(String sectionId) {
        requireOpen();
        if (sectionId.equals(HEADER_ID)) {
            return headerKey.clone();
        }
        KeyGroup group = KeyGroup.of(sectionId);
        byte[] prk = groupKey(group);
        if (prk == null) {
            throw new JazminFormatException("the keyring has no '" + group.label() + "' salt for this section",
                    sectionId, -1);
        }
        return Hkdf.expandKey(prk, LABEL, sectionId);
    }

    private void requireOpen() {
        if (closed) {
            throw new IllegalStateException("the file's keys were cleared: its reader or writer is closed");
        }
    }

    /** Clears the master key copy, the header key and the group keys (and forgets the salts). */
    @Override
    public synchronized void close() {
        closed = true;
        Arrays.fill(master, (byte) 0);
        Arrays.fill(headerKey, (byte) 0);
        for (int g = 0; g < groupKeys.length; g++) {
            if (groupKeys[g] != null) {
                Arrays.fill(groupKeys[g], (byte) 0);
                groupKeys[g] = null;
            }
            groupSalts[g] = null;
        }
    }
}
