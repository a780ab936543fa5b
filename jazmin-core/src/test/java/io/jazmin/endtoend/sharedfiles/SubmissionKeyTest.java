package io.jazmin.endtoend.sharedfiles;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.jazmin.JazminReader;
import io.jazmin.error.JazminValidationException;
import io.jazmin.options.ReadOptions;
import io.jazmin.testing.ConformanceCase;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;

/**
 * Submission keys (spec §1.21): the owner derives each holder's key from the owner key and the
 * holder's key id; the holder gets the same key from its bundle when it opens the shared file.
 */
class SubmissionKeyTest {

    @Test
    void theOwnersDerivationMatchesTheSpecsTestVector() {
        byte[] owner = new byte[32];
        for (int i = 0; i < owner.length; i++) {
            owner[i] = (byte) i;
        }
        JazminKey submission = JazminKey.of(owner).submissionKey("0001020304050607");
        assertEquals("457ac056dd344efb467cdc8a574b1469c328daafd2f09fe14782cd2818ecf29e",
                HexFormat.of().formatHex(submission.bytes()));
        assertThat(submission.toString()).doesNotContain("457ac056");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "000102030405060", "00010203040506070", "000102030405060A", "jza1-00010203040"})
    void aTextThatIsNotAKeyIdIsRefused(String keyId) {
        JazminKey owner = JazminKey.generate();
        assertThatThrownBy(() -> owner.submissionKey(keyId)).isInstanceOf(JazminValidationException.class)
                .hasMessageContaining("16 lower-case hex digits");
    }

    @ParameterizedTest
    @ValueSource(strings = {"js-access", "shared-access"})
    void eachHolderOfTheReferenceFilesGetsTheKeyTheOwnerDerives(String caseName) {
        ConformanceCase c = ConformanceCase.named(caseName);
        JazminKey owner = null;
        for (ConformanceCase.View v : c.views()) {
            if (v.readOptions().key() != null) {
                owner = v.readOptions().key();
            }
        }
        List<ConformanceCase.View> holders = c.views().stream().filter(v -> v.readOptions().accessKey() != null)
                .toList();
        assertThat(holders).isNotEmpty();
        for (ConformanceCase.View v : holders) {
            AccessKeyText key = v.readOptions().accessKey();
            try (JazminReader reader = JazminReader.open(c.dataFile(), v.readOptions())) {
                JazminKey submission = reader.submissionKey();
                assertThat(submission).as(v.name()).isNotNull();
                assertArrayEquals(owner.submissionKey(key).bytes(), submission.bytes(), v.name());
                assertEquals(owner.submissionKey(key.keyId()), submission);
            }
        }
        try (JazminReader reader = JazminReader.open(c.dataFile(), ReadOptions.defaults().withKey(owner))) {
            assertNull(reader.submissionKey(), "the owner has a key per holder, none of its own");
        }
    }

    @Test
    void filesThatAreNotSharedHaveNoSubmissionKey() {
        ConformanceCase c = ConformanceCase.named("js-key");
        try (JazminReader reader = JazminReader.open(c.dataFile(), c.views().get(0).readOptions())) {
            assertNull(reader.submissionKey());
        }
    }
}
