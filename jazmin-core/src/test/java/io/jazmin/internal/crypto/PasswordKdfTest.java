package io.jazmin.internal.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jazmin.error.JazminFormatException;
import io.jazmin.error.JazminValidationException;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import io.jazmin.internal.keys.PasswordKdf;

/** PBKDF2-HMAC-SHA256 of UTF-8 passwords and the iteration bounds. */
class PasswordKdfTest {

    @Test
    void derivesFromTheUtf8Password() {
        byte[] salt = new byte[32];
        for (int i = 0; i < salt.length; i++) {
            salt[i] = (byte) i;
        }
        // Python: hashlib.pbkdf2_hmac('sha256', 'pässwörd-🔑'.encode(), bytes(range(32)), 1000, 32)
        assertEquals("61d31457eccac62ea8dd5f4761fee1cf91e9af21c5ca47f0d4571c13be6bd4fe",
                HexFormat.of().formatHex(PasswordKdf.derive("pässwörd-🔑".toCharArray(), salt, 1000)));
    }

    @Test
    void fileIterationsOutsideTheBoundsAreRefused() {
        PasswordKdf.checkFileIterations(1_000);
        PasswordKdf.checkFileIterations(10_000_000);
        for (long bad : new long[] {0, 999, 10_000_001, 0xFFFF_FFFFL}) {
            JazminFormatException e = assertThrows(JazminFormatException.class,
                    () -> PasswordKdf.checkFileIterations(bad));
            assertThat(e.getMessage()).contains("iteration count " + bad);
        }
    }

    @Test
    void writersMayNotAskForIterationsOutsideTheBounds() {
        assertThrows(JazminValidationException.class, () -> PasswordKdf.checkWriteIterations(999));
        assertThrows(JazminValidationException.class, () -> PasswordKdf.checkWriteIterations(10_000_001));
        assertEquals(600_000, PasswordKdf.DEFAULT_ITERATIONS);
    }
}
