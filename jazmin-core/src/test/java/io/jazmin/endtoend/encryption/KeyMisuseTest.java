package io.jazmin.endtoend.encryption;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.jazmin.testing.Secrets;
import io.jazmin.testing.SmallFiles;
import io.jazmin.error.JazminException;
import io.jazmin.error.JazminFormatException;
import io.jazmin.error.JazminKeyException;
import io.jazmin.JazminReader;
import io.jazmin.error.JazminValidationException;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;

/**
 * Each way of opening a file with the wrong secret has its own clear error, raised before any
 * data is decrypted, and no error message contains a secret.
 */
class KeyMisuseTest {
    private static final JazminKey KEY = JazminKey.generate();
    private static final byte[] KEY_FILE = SmallFiles.withKey(KEY, 20);
    private static final byte[] PASSWORD_FILE = SmallFiles.withPassword(20);
    private static final byte[] PLAIN_FILE = SmallFiles.write(20, WriteOptions.defaults());

    @Test
    void noSecretForAnEncryptedFile() {
        assertThat(keyError(KEY_FILE, ReadOptions.defaults())).contains("encrypted: open it with its key");
        assertThat(keyError(PASSWORD_FILE, ReadOptions.defaults())).contains("open it with its password");
    }

    @Test
    void aSecretForAPlainFile() {
        assertThat(keyError(PLAIN_FILE, ReadOptions.defaults().withKey(KEY))).contains("not encrypted, but a key");
        assertThat(keyError(PLAIN_FILE, ReadOptions.defaults().withPassword("x")))
                .contains("not encrypted, but a password");
    }

    @Test
    void aWrongKeyAndAWrongPasswordAreToldApart() {
        JazminKey other = JazminKey.generate();
        String wrongKey = keyError(KEY_FILE, ReadOptions.defaults().withKey(other));
        assertThat(wrongKey).startsWith("wrong key").contains(other.keyId()).doesNotContain(other.text().substring(5));
        String wrongPassword = keyError(PASSWORD_FILE, ReadOptions.defaults().withPassword("Correct horse"));
        assertThat(wrongPassword).startsWith("wrong password").doesNotContain("Correct horse");
    }

    @Test
    void aKeyForAPasswordFileAndThePasswordForAKeyFile() {
        assertThat(keyError(PASSWORD_FILE, ReadOptions.defaults().withKey(KEY))).contains("password, not a key");
        assertThat(keyError(KEY_FILE, ReadOptions.defaults().withPassword(SmallFiles.PASSWORD)))
                .contains("key, not a password");
    }

    @Test
    void allTheseErrorsDiffer() {
        List<String> messages = new ArrayList<>();
        messages.add(keyError(KEY_FILE, ReadOptions.defaults()));
        messages.add(keyError(PLAIN_FILE, ReadOptions.defaults().withKey(KEY)));
        messages.add(keyError(KEY_FILE, ReadOptions.defaults().withKey(JazminKey.generate())));
        messages.add(keyError(PASSWORD_FILE, ReadOptions.defaults().withPassword("nope")));
        messages.add(keyError(PASSWORD_FILE, ReadOptions.defaults().withKey(KEY)));
        messages.add(keyError(KEY_FILE, ReadOptions.defaults().withPassword("nope")));
        assertThat(messages).doesNotHaveDuplicates();
    }

    @Test
    void anAccessKeyOpensOnlySharedFiles() {
        AccessKeyText access = AccessKeyText.parse(Secrets.keysJson().get("bob").asString());
        for (byte[] file : List.of(KEY_FILE, PLAIN_FILE)) {
            JazminKeyException e = assertThrows(JazminKeyException.class,
                    () -> JazminReader.open(file, ReadOptions.defaults().withAccessKey(access)));
            assertThat(e.getMessage()).contains("not access-controlled").doesNotContain(access.text());
        }
    }

    @Test
    void oneSecretAtATime() {
        assertThrows(JazminValidationException.class,
                () -> ReadOptions.defaults().withKey(KEY).withPassword("x"));
        assertThrows(JazminValidationException.class,
                () -> WriteOptions.defaults().withKey(KEY).withPassword("x"));
        assertThrows(JazminValidationException.class, () -> WriteOptions.defaults().withPassword(""));
    }

    @Test
    void iterationCountsOutsideTheBoundsAreRefusedBeforeAnyKeyDerivation() {
        for (long iterations : new long[] {999, 10_000_001}) {
            byte[] patched = withIterations(PASSWORD_FILE, iterations);
            // 10,000,001 PBKDF2 rounds take seconds: failing this fast proves none ran.
            JazminFormatException e = assertTimeoutPreemptively(Duration.ofMillis(500), () -> assertThrows(
                    JazminFormatException.class, () -> JazminReader.open(patched,
                            ReadOptions.defaults().withPassword(SmallFiles.PASSWORD))));
            assertThat(e.getMessage()).contains("iteration count " + iterations);
        }
    }

    @Test
    void aKeyFileMustNotNameIterations() {
        JazminFormatException e = assertThrows(JazminFormatException.class,
                () -> JazminReader.open(withIterations(KEY_FILE, 1_000), ReadOptions.defaults().withKey(KEY)));
        assertThat(e.getMessage()).contains("0 PBKDF2 iterations");
    }

    private static byte[] withIterations(byte[] file, long iterations) {
        byte[] copy = file.clone();
        ByteBuffer.wrap(copy).order(ByteOrder.LITTLE_ENDIAN).putInt(56, (int) iterations);
        return copy;
    }

    private static String keyError(byte[] file, ReadOptions options) {
        JazminException e = assertThrows(JazminKeyException.class, () -> JazminReader.open(file, options));
        assertEquals(JazminKeyException.class, e.getClass());
        return e.getMessage();
    }
}
