package io.jazmin.internal.crypto;

import io.jazmin.key.DerivedKeyCache;
import io.jazmin.options.WriteOptions;
import io.jazmin.internal.catalog.Keyring;
import io.jazmin.internal.wire.Preamble;
import java.security.SecureRandom;
import java.util.Arrays;
/**
 * The secrets of a new encrypted file version, as the reference writers make them: a random
 * preamble salt, flags ENCRYPTED (+ PASSWORD with the KDF iteration count), a keyring with random
 * {@code data}, {@code index} and {@code files} salts, and the cipher that seals every section.
 * The header stores the {@code files} salt only when the file stores embedded files
 * ({@link #keyring(boolean)}).
 *
 * @param preamble the file's preamble
 * @param keyring  the keyring to store in the header
 * @param cipher   seals the sections; close it when the write ends
 */
public record EncryptionSetup(Preamble preamble, Keyring keyring, SectionCipher cipher) {
    private static final int SALT_SIZE = 32;
    private static final SecureRandom RANDOM = new SecureRandom();

    /** The setup for a file with {@code options}' key or password, or {@code null} when it has neither. */
    public static EncryptionSetup forNewFile(WriteOptions options, byte[] fileId) {
        if (options.key() == null && options.password() == null) {
            return null;
        }
        byte[] salt = random();
        boolean password = options.password() != null;
        int flags = Preamble.ENCRYPTED | (password ? Preamble.PASSWORD : 0);
        Preamble preamble = new Preamble(flags, fileId.clone(), salt, password ? options.kdfIterations() : 0);
        byte[] master = !password ? options.key().bytes()
                : DerivedKeyCache.derive(options.password(), salt, options.kdfIterations(), options.keyCache());
        try {
            KeySchedule keys = new KeySchedule(master, salt);
            Keyring keyring = new Keyring(random(), random(), random());
            keys.useKeyring(keyring);
            return new EncryptionSetup(preamble, keyring, SectionCipher.forWriting(fileId, keys));
        } finally {
            Arrays.fill(master, (byte) 0);
        }
    }

    /** The keyring to store in the header: without the {@code files} salt when no embedded file is stored. */
    public Keyring keyring(boolean withFiles) {
        return withFiles ? keyring : new Keyring(keyring.data(), keyring.index(), new byte[0]);
    }

    private static byte[] random() {
        byte[] b = new byte[SALT_SIZE];
        RANDOM.nextBytes(b);
        return b;
    }
}
