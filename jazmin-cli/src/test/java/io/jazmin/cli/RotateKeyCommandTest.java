package io.jazmin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.testing.SharedFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code jazmin rotate-key}: the new secret opens the file, the old one no longer does. */
class RotateKeyCommandTest {
    private static final String REFERENCE_KEY = "jzk1-vHrwa0bWS6k7mvfrQVlFGecW1lW5FacnsIzS6Qxrod1ig2bK";

    private static Path copyOfReferenceKeyFile(Path tmp) throws Exception {
        Path jzm = tmp.resolve("data.jzm");
        Files.copy(SharedFiles.conformanceCase("js-key").resolve("data.jzm"), jzm);
        return jzm;
    }

    @Test
    void rotatesToANewKeyFromAFileAndThenToAPasswordFromTheEnvironment(@TempDir Path tmp) throws Exception {
        Path jzm = copyOfReferenceKeyFile(tmp);
        Path oldKey = tmp.resolve("old.txt");
        Files.writeString(oldKey, REFERENCE_KEY + "\n");
        Path newKey = tmp.resolve("new.txt");
        Files.writeString(newKey, CliRun.of("keygen").out());
        String rowsBefore = CliRun.of("rows", jzm.toString(), "--key-file", oldKey.toString()).out();

        CliRun rotate = CliRun.of("rotate-key", jzm.toString(), "--key-file", oldKey.toString(),
                "--new-key-file", newKey.toString());
        assertThat(rotate.code()).as(rotate.err()).isZero();
        JsonNode result = JsonLines.tree(rotate.out());
        assertThat(result.get("rowCount").asLong()).isEqualTo(500);
        assertThat(rotate.out()).doesNotContain(Files.readString(newKey).strip().substring(5));

        assertThat(CliRun.of("rows", jzm.toString(), "--key-file", newKey.toString()).out()).isEqualTo(rowsBefore);
        CliRun old = CliRun.of("count", jzm.toString(), "--key-file", oldKey.toString());
        assertThat(old.code()).isEqualTo(ExitCodes.UNREADABLE);
        assertThat(old.err()).contains("wrong key");

        // PATH is always set: it stands in for a password variable.
        CliRun toPassword = CliRun.of("rotate-key", jzm.toString(), "--key-file", newKey.toString(),
                "--new-password-env", "PATH", "--kdf-iterations", "1000");
        assertThat(toPassword.code()).as(toPassword.err()).isZero();
        assertThat(CliRun.of("rows", jzm.toString(), "--password-env", "PATH").out()).isEqualTo(rowsBefore);
        assertThat(CliRun.of("count", jzm.toString(), "--key-file", newKey.toString()).code())
                .isEqualTo(ExitCodes.UNREADABLE);
    }

    @Test
    void aMissingOrDoubledNewSecretIsAUsageErrorAndTheFileIsLeftAsItWas(@TempDir Path tmp) throws Exception {
        Path jzm = copyOfReferenceKeyFile(tmp);
        Path key = tmp.resolve("key.txt");
        Files.writeString(key, REFERENCE_KEY);
        byte[] before = Files.readAllBytes(jzm);

        CliRun none = CliRun.of("rotate-key", jzm.toString(), "--key-file", key.toString());
        assertThat(none.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(none.err()).contains("--new-key-file");
        CliRun both = CliRun.of("rotate-key", jzm.toString(), "--key-file", key.toString(),
                "--new-key-file", key.toString(), "--new-password-env", "PATH");
        assertThat(both.code()).isEqualTo(ExitCodes.USAGE);
        CliRun iterations = CliRun.of("rotate-key", jzm.toString(), "--key-file", key.toString(),
                "--new-key-file", key.toString(), "--kdf-iterations", "1000");
        assertThat(iterations.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(iterations.err()).contains("new password only");
        CliRun plain = CliRun.of("rotate-key", SharedFiles.conformanceCase("mixed-types").resolve("data.jzm")
                .toString(), "--new-key-file", key.toString());
        assertThat(plain.code()).isEqualTo(ExitCodes.UNREADABLE);
        assertThat(plain.err()).contains("not encrypted");
        CliRun typed = CliRun.of("rotate-key", jzm.toString(), "--key-file", key.toString(),
                "--new-password=hunter2-secret");
        assertThat(typed.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(typed.err()).doesNotContain("hunter2-secret");
        assertThat(Files.readAllBytes(jzm)).isEqualTo(before);
    }
}
