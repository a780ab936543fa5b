package io.jazmin.internal.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.error.JazminFormatException;
import org.junit.jupiter.api.Test;

/**
 * {@link JsonTexts#requireObjectFromFile} remembers the texts it found valid (every append checks the
 * same column attributes again): a remembered text passes again, and a text is judged by its whole
 * content, never by another text that shares its length or hash.
 */
class JsonTextsTest {
    @Test
    void aValidTextPassesAgainAndAnInvalidOneIsRefusedEveryTime() {
        String valid = new String("{\"unit\":\"kg\"}");
        assertThatCode(() -> JsonTexts.requireObjectFromFile(valid, "attributes")).doesNotThrowAnyException();
        assertThatCode(() -> JsonTexts.requireObjectFromFile(new String(valid), "attributes"))
                .doesNotThrowAnyException();
        for (int i = 0; i < 2; i++) {
            assertThatThrownBy(() -> JsonTexts.requireObjectFromFile("{\"unit\":\"kg\"", "attributes"))
                    .isInstanceOf(JazminFormatException.class).hasMessageContaining("attributes");
        }
    }

    @Test
    void aTextWithTheHashAndLengthOfAValidOneIsStillChecked() {
        // "\"{" and "#\\" hash alike (31 * 34 + 123 == 31 * 35 + 92), so these two texts share
        // String.hashCode and length; only the first is JSON.
        String valid = "{\"k\":\"{\"}";
        String invalid = "{\"k\":#\\\"}";
        assertThat(invalid.hashCode()).isEqualTo(valid.hashCode());
        assertThat(invalid).hasSameSizeAs(valid);
        JsonTexts.requireObjectFromFile(valid, "attributes");
        assertThatThrownBy(() -> JsonTexts.requireObjectFromFile(invalid, "attributes of column 'k'"))
                .isInstanceOf(JazminFormatException.class).hasMessageContaining("attributes of column 'k'");
    }

    @Test
    void aRepeatedMemberIsRefusedAfterTheSameMembersOnceWerePassed() {
        JsonTexts.requireObjectFromFile("{\"a\":1,\"b\":2}", "metadata");
        assertThatThrownBy(() -> JsonTexts.requireObjectFromFile("{\"a\":1,\"a\":2}", "metadata"))
                .isInstanceOf(JazminFormatException.class);
    }
}
