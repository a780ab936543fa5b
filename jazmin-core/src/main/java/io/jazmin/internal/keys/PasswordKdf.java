package io.jazmin.internal.keys;

import io.jazmin.error.JazminFormatException;
import io.jazmin.error.JazminKeyException;
import io.jazmin.error.JazminValidationException;
import java.security.GeneralSecurityException;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * The master key of password files: PBKDF2-HMAC-SHA256(UTF-8 password, preamble salt,
 * kdf_iterations, 32 bytes) (spec §1.18), with the iteration bounds the reference libraries use.
 */
public final class PasswordKdf {
    /** Fewest iterations a reader accepts and a writer may use. */
    public static final int MIN_ITERATIONS = 1_000;
    /** Most iterations a reader accepts (bounds the work a hostile file can demand). */
    public static final int MAX_ITERATIONS = 10_000_000;
    /** Iterations written by default, as the reference writers do. */
    public static final int DEFAULT_ITERATIONS = 600_000;

    private PasswordKdf() {
    }

    /** Checks the iteration count of a file before any work is done for it. */
    public static void checkFileIterations(long iterations) {
        if (iterations < MIN_ITERATIONS || iterations > MAX_ITERATIONS) {
            throw new JazminFormatException("the preamble's PBKDF2 iteration count " + iterations
                    + " is outside the accepted " + MIN_ITERATIONS + "-" + MAX_ITERATIONS, null, 56);
        }
    }

    /** Checks an iteration count asked for by a writer's options. */
    public static void checkWriteIterations(int iterations) {
        if (iterations < MIN_ITERATIONS || iterations > MAX_ITERATIONS) {
            throw new JazminValidationException("kdfIterations must be " + MIN_ITERATIONS + "-" + MAX_ITERATIONS
                    + ", got " + iterations);
        }
    }

    /** The 32-byte master key; clear it when done. */
    public static byte[] derive(char[] password, byte[] salt, int iterations) {
        if (password == null || password.length == 0) {
            throw new JazminKeyException("a password must not be empty");
        }
        checkWriteIterations(iterations);
        // The JDK's PBKDF2WithHmacSHA256 encodes the chars as UTF-8, as the format requires.
        PBEKeySpec spec = new PBEKeySpec(password, salt, iterations, Hkdf.HASH_SIZE * 8);
        try {
            return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK has no usable PBKDF2WithHmacSHA256", e);
        } finally {
            spec.clearPassword();
        }
    }
}
