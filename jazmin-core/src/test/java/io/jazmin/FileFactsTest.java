package io.jazmin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.error.JazminFormatException;
import io.jazmin.schema.FileFacts;
import io.jazmin.testing.ConformanceCase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@link JazminFile#facts}: what every interop file shows without its secret matches what its reader says. */
class FileFactsTest {

    static List<ConformanceCase> cases() {
        return ConformanceCase.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void theFactsMatchTheOpenedFile(ConformanceCase c) throws Exception {
        FileFacts facts = JazminFile.facts(c.dataFile());
        try (JazminReader reader = JazminReader.open(c.dataFile(), c.views().get(0).readOptions())) {
            assertThat(facts.encrypted()).isEqualTo(reader.encrypted());
            assertThat(facts.password()).isEqualTo(reader.passwordProtected());
            assertThat(facts.access()).isEqualTo(reader.accessControlled());
            assertThat(facts.appended()).isEqualTo(reader.appended());
            assertThat(facts.recovered()).isEqualTo(reader.recovered());
        }
        assertThat(facts.formatVersion()).isEqualTo(1);
        assertThat(facts.fileBytes()).isEqualTo(Files.size(c.dataFile()));
        assertThat(facts.kdfIterations() > 0).isEqualTo(facts.password());
        FileFacts.Encryption expected = !facts.encrypted() ? FileFacts.Encryption.NONE
                : facts.password() ? FileFacts.Encryption.PASSWORD
                : facts.access() ? FileFacts.Encryption.SHARED : FileFacts.Encryption.KEY;
        assertThat(facts.encryption()).isEqualTo(expected);
    }

    @Test
    void aFileThatIsNoJazminFileIsAFormatError(@TempDir Path tmp) throws Exception {
        Path file = Files.writeString(tmp.resolve("not.jzm"), "x".repeat(200));
        assertThatThrownBy(() -> JazminFile.facts(file)).isInstanceOf(JazminFormatException.class)
                .hasMessageContaining("not a JAZMIN file");
    }
}
