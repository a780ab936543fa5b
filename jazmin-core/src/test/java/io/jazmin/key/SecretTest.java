package io.jazmin.key;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jazmin.error.JazminKeyException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Passwords are held as wipeable characters and never printed. */
class SecretTest {
    private static final String PASSWORD = "pässwörd-🔑 correct horse";

    @Test
    void neverPrintsItselfNorThroughTheOptionsThatHoldIt() {
        Secret secret = Secret.of(PASSWORD);
        assertThat(secret.toString()).doesNotContain("pässwörd").isEqualTo("Secret[hidden]");
        assertThat(ReadOptions.defaults().withPassword(secret).toString()).doesNotContain("pässwörd").contains("(hidden)");
        assertThat(WriteOptions.defaults().withPassword(secret).toString()).doesNotContain("pässwörd").contains("(hidden)");
    }

    @Test
    void handsOutCopiesAndItsUtf8Bytes() {
        char[] given = PASSWORD.toCharArray();
        Secret secret = Secret.of(given);
        given[0] = 'X';
        char[] copy = secret.chars();
        assertArrayEquals(PASSWORD.toCharArray(), copy);
        copy[1] = 'Y';
        assertArrayEquals(PASSWORD.toCharArray(), secret.chars());
        assertArrayEquals(PASSWORD.getBytes(StandardCharsets.UTF_8), secret.utf8());
    }

    @Test
    void closingWipesItAndLaterUseFails() {
        Secret secret = Secret.of(PASSWORD);
        secret.close();
        secret.close();
        assertThat(secret.isCleared()).isTrue();
        JazminKeyException e = assertThrows(JazminKeyException.class, secret::chars);
        assertThat(e.getMessage()).contains("cleared").doesNotContain("pässwörd");
        assertThrows(JazminKeyException.class, secret::utf8);
    }

    @Test
    void anEmptyPasswordIsRefused() {
        assertThrows(JazminValidationException.class, () -> Secret.of(""));
        assertThrows(JazminValidationException.class, () -> Secret.of(new char[0]));
    }
}
