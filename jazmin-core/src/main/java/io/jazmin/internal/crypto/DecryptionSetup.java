package io.jazmin.internal.crypto;

import io.jazmin.key.DerivedKeyCache;
import io.jazmin.error.JazminFormatException;
import io.jazmin.error.JazminKeyException;
import io.jazmin.options.ReadOptions;
import io.jazmin.error.UnsupportedFeatureException;
import io.jazmin.internal.wire.Preamble;
import java.util.Arrays;
import io.jazmin.internal.keys.PasswordKdf;

/**
 * Matches the secret a reader was given with what the preamble says the file needs, and gives
 * the file's {@link SectionCipher}. Every mismatch has its own error, raised before any key
 * derivation: no secret for an encrypted file, a secret for a plain file, a key for a password
 * file and the reverse, and PBKDF2 iteration counts outside the accepted range.
 */
public final class DecryptionSetup {
    /** Feature name of what access-controlled files still lack (writing them) in {@link UnsupportedFeatureException}. */
    public static final String ACCESS_CONTROL = "access-control";

    private DecryptionSetup() {
    }

    /**
     * The cipher for the file, or {@code null} when the file is plain (and no secret was given).
     *
     * @throws JazminKeyException          when the secret given does not fit the file
     * @throws JazminFormatException       when the preamble's flags or KDF fields are inconsistent
     * @throws IllegalStateException       for access-controlled files (see {@link #accessCredential})
     */
    public static SectionCipher forFile(Preamble preamble, ReadOptions options) {
        boolean encrypted = preamble.has(Preamble.ENCRYPTED);
        boolean password = preamble.has(Preamble.PASSWORD);
        boolean access = preamble.has(Preamble.ACCESS);
        if (!encrypted && (password || access) || password && access) {
            throw new JazminFormatException("the preamble's flags are inconsistent: PASSWORD or ACCESS needs "
                    + "ENCRYPTED, and they exclude each other", null, Preamble.FLAGS_OFFSET);
        }
        if (access) {
            throw new IllegalStateException("access-controlled files open through accessCredential");
        }
        if (options.accessKey() != null) {
            throw new JazminKeyException("the file is not access-controlled: an access key opens only shared files"
                    + (encrypted ? "; open it with its key or password" : ""));
        }
        if (!encrypted) {
            if (options.hasSecret()) {
                throw new JazminKeyException("the file is not encrypted, but a "
                        + (options.key() != null ? "key" : "password") + " was given");
            }
            return null;
        }
        // Warms AES-GCM up while a password's PBKDF2 runs, before the first section needs it.
        GcmWarmup.start();
        byte[] master = password ? passwordMaster(preamble, options) : keyMaster(preamble, options);
        try {
            String wrong = password
                    ? "wrong password: it does not open this file (or the file's header was changed)"
                    : "wrong key: key " + options.key().keyId()
                            + " does not open this file (or the file's header was changed)";
            return SectionCipher.forReading(preamble.fileId(), new KeySchedule(master, preamble.salt()), wrong);
        } finally {
            Arrays.fill(master, (byte) 0);
        }
    }

    /**
     * The owner key or access key that opens an access-controlled file (spec §1.19), after the
     * preamble checks: such files have no PBKDF2 iterations, and open with no password.
     *
     * @throws JazminKeyException    when no owner or access key was given
     * @throws JazminFormatException when the preamble's KDF field is set
     */
    public static AccessCredential accessCredential(Preamble preamble, ReadOptions options) {
        if (preamble.kdfIterations() != 0) {
            throw new JazminFormatException("an access-controlled file's preamble must have 0 PBKDF2 iterations, "
                    + "not " + preamble.kdfIterations(), null, 56);
        }
        if (options.key() != null) {
            return AccessCredential.ofOwner(options.key());
        }
        if (options.accessKey() != null) {
            return AccessCredential.ofAccessKey(options.accessKey());
        }
        throw new JazminKeyException("the file is access-controlled: open it with its owner key or an access key"
                + (options.password() != null ? ", not a password" : ""));
    }

    private static byte[] passwordMaster(Preamble preamble, ReadOptions options) {
        if (options.password() == null) {
            throw new JazminKeyException(options.key() != null
                    ? "the file is protected by a password, not a key: open it with its password"
                    : "the file is encrypted with a password: open it with its password");
        }
        PasswordKdf.checkFileIterations(preamble.kdfIterations());
        int iterations = (int) preamble.kdfIterations();
        return DerivedKeyCache.derive(options.password(), preamble.salt(), iterations, options.keyCache());
    }

    private static byte[] keyMaster(Preamble preamble, ReadOptions options) {
        if (preamble.kdfIterations() != 0) {
            throw new JazminFormatException("a key file's preamble must have 0 PBKDF2 iterations, not "
                    + preamble.kdfIterations(), null, 56);
        }
        if (options.key() == null) {
            throw new JazminKeyException(options.password() != null
                    ? "the file is encrypted with a key, not a password: open it with its key"
                    : "the file is encrypted: open it with its key");
        }
        return options.key().bytes();
    }
}
