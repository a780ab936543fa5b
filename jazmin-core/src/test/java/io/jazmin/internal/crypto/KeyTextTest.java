package io.jazmin.internal.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jazmin.testing.Secrets;
import io.jazmin.error.JazminKeyException;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;

/** Key texts: parse and print, key ids, and the checksum catching every single-character change. */
class KeyTextTest {
    private static final char[] SUBSTITUTES = {'A', 'f', 'Q', 'z', '0', '7', '-', '_'};

    @Test
    void referenceKeyTextRoundTripsWithItsKeyId() {
        String text = Secrets.keysJson().get("key").asString();
        JazminKey key = JazminKey.parse(text);
        assertEquals(text, key.text());
        // First 8 bytes of SHA-256("JAZMIN/1/slot-id" ‖ key), computed independently.
        assertEquals("476b14f2ace7eb19", key.keyId());
        assertEquals("JazminKey[id=476b14f2ace7eb19]", key.toString());
        assertEquals(key, JazminKey.of(key.bytes()));
    }

    @Test
    void generatedKeysAreNewAndParseBack() {
        JazminKey a = JazminKey.generate();
        JazminKey b = JazminKey.generate();
        assertNotEquals(a, b);
        assertThat(a.text()).startsWith("jzk1-").hasSize(5 + 48);
        assertEquals(a, JazminKey.parse(a.text()));
        assertThat(a.keyId()).matches("[0-9a-f]{16}");
        assertThat(a.toString()).doesNotContain(a.text().substring(5));
    }

    @Test
    void accessKeyTextsParseAndPrint() {
        for (String holder : new String[] {"bob", "sally", "carol", "erin"}) {
            String text = Secrets.keysJson().get(holder).asString();
            AccessKeyText key = AccessKeyText.parse(text);
            assertEquals(text, key.text());
            assertThat(key.keyId()).matches("[0-9a-f]{16}");
            assertEquals("AccessKey[id=" + key.keyId() + "]", key.toString());
            assertEquals(8, key.ownerFingerprint().length);
        }
    }

    @Test
    void everySingleCharacterChangeOfAKeyTextIsCaught() {
        assertEverySingleChangeCaught(Secrets.keysJson().get("key").asString(), JazminKey::parse);
        assertEverySingleChangeCaught(JazminKey.generate().text(), JazminKey::parse);
    }

    @Test
    void everySingleCharacterChangeOfAnAccessKeyTextIsCaught() {
        assertEverySingleChangeCaught(Secrets.keysJson().get("bob").asString(), AccessKeyText::parse);
    }

    /** Each position of the base64url part, several base64url substitutes: a "checksum mismatch" error. */
    private static void assertEverySingleChangeCaught(String text, Function<String, ?> parse) {
        int prefix = 5;
        int tried = 0;
        for (int i = prefix; i < text.length(); i++) {
            for (char c : SUBSTITUTES) {
                if (c == text.charAt(i)) {
                    continue;
                }
                String typo = text.substring(0, i) + c + text.substring(i + 1);
                JazminKeyException e = assertThrows(JazminKeyException.class, () -> parse.apply(typo),
                        "position " + i + " changed to " + c);
                assertThat(e.getMessage()).as("position %d changed to %s", i, c).contains("checksum mismatch")
                        .doesNotContain(typo.substring(prefix)).doesNotContain(text.substring(prefix));
                tried++;
            }
        }
        // Every position got at least all but one substitute (one may equal the original character).
        assertThat(tried).isGreaterThanOrEqualTo((text.length() - prefix) * (SUBSTITUTES.length - 1));
    }

    @Test
    void malformedTextsHaveTheirOwnErrors() {
        String text = JazminKey.generate().text();
        assertThat(assertThrows(JazminKeyException.class, () -> JazminKey.parse("jzk2-" + text.substring(5)))
                .getMessage()).contains("must start with 'jzk1-'");
        assertThat(assertThrows(JazminKeyException.class, () -> JazminKey.parse(text.substring(0, 40)))
                .getMessage()).contains("wrong length");
        assertThat(assertThrows(JazminKeyException.class, () -> JazminKey.parse(text.substring(0, 9) + '!' + text.substring(10)))
                .getMessage()).contains("not base64url");
        assertThat(assertThrows(JazminKeyException.class, () -> AccessKeyText.parse(text)).getMessage())
                .contains("must start with 'jza1-'");
        assertThrows(JazminKeyException.class, () -> JazminKey.of(new byte[31]));
    }
}
