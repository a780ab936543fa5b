package io.jazmin.cli;

import io.jazmin.testing.SharedFiles;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code jazmin keygen}, and the key options of the commands that read and write .jzm files. */
class EncryptionCommandsTest {
    private final Path mixed = SharedFiles.conformanceCase("mixed-types");

    @Test
    void keygenPrintsANewKeyText() {
        CliRun first = CliRun.of("keygen");
        CliRun second = CliRun.of("keygen");
        assertThat(first.code()).isZero();
        assertThat(first.out().strip()).matches("jzk1-[A-Za-z0-9_-]{48}");
        assertThat(second.out()).isNotEqualTo(first.out());
    }

    @Test
    void writesAndReadsAFileWithAKeyFromAFile(@TempDir Path tmp) throws Exception {
        Path key = tmp.resolve("key.txt");
        Files.writeString(key, CliRun.of("keygen").out());
        Path jzm = tmp.resolve("secret.jzm");
        CliRun write = CliRun.of("convert", mixed.resolve("input.jsonl").toString(), jzm.toString(),
                "--schema", mixed.resolve("schema.json").toString(), "--key-file", key.toString());
        assertThat(write.code()).as(write.err()).isZero();

        CliRun rows = CliRun.of("rows", jzm.toString(), "--canonical", "--key-file", key.toString());
        assertThat(rows.code()).as(rows.err()).isZero();
        JsonLines.assertSameRows(rows.out(), Files.readString(mixed.resolve("expected.default.jsonl")));

        CliRun noKey = CliRun.of("rows", jzm.toString());
        assertThat(noKey.code()).isEqualTo(ExitCodes.UNREADABLE);
        assertThat(noKey.err()).contains("encrypted: open it with its key");

        Path otherKey = tmp.resolve("other.txt");
        Files.writeString(otherKey, CliRun.of("keygen").out());
        CliRun wrong = CliRun.of("inspect", jzm.toString(), "--key-file", otherKey.toString());
        assertThat(wrong.code()).isEqualTo(ExitCodes.UNREADABLE);
        assertThat(wrong.err()).contains("wrong key").doesNotContain(Files.readString(otherKey).strip());
    }

    @Test
    void readsTheReferenceKeyFile(@TempDir Path tmp) throws Exception {
        Path jsKey = SharedFiles.conformanceCase("js-key");
        Path key = tmp.resolve("key.txt");
        Files.writeString(key, "jzk1-vHrwa0bWS6k7mvfrQVlFGecW1lW5FacnsIzS6Qxrod1ig2bK\n");
        CliRun count = CliRun.of("count", jsKey.resolve("data.jzm").toString(), "--key-file", key.toString());
        assertThat(count.code()).as(count.err()).isZero();
        assertThat(count.out().strip()).isEqualTo("500");
    }

    @Test
    void aMistypedKeyAndAMissingVariableAreReported(@TempDir Path tmp) throws Exception {
        Path key = tmp.resolve("key.txt");
        String text = CliRun.of("keygen").out().strip();
        Files.writeString(key, text.substring(0, 10) + (text.charAt(10) == 'A' ? 'B' : 'A') + text.substring(11));
        Path jsKey = SharedFiles.conformanceCase("js-key").resolve("data.jzm");
        assertThat(CliRun.of("rows", jsKey.toString(), "--key-file", key.toString()).err())
                .contains("checksum mismatch");
        CliRun unset = CliRun.of("rows", jsKey.toString(), "--password-env", "JAZMIN_TEST_UNSET_VARIABLE");
        assertThat(unset.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(unset.err()).contains("JAZMIN_TEST_UNSET_VARIABLE is not set");

        Files.write(key, new byte[] {'j', 'z', 'k', '1', '-', (byte) 0xC0, (byte) 0xAF});
        CliRun notText = CliRun.of("rows", jsKey.toString(), "--key-file", key.toString());
        assertThat(notText.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(notText.err()).contains("is not UTF-8 text").doesNotContain("Input length");
    }

    /** Secrets are refused on the command line, and the refusal never echoes them, whatever the error. */
    @Test
    void errorsNeverEchoASecretGivenOnTheCommandLine() {
        String file = SharedFiles.conformanceCase("js-key").resolve("data.jzm").toString();
        String key = "jzk1-vHrwa0bWS6k7mvfrQVlFGecW1lW5FacnsIzS6Qxrod1ig2bK";
        String password = "correct-horse-battery";

        CliRun unknownOption = CliRun.of("rows", file, "--password=" + password);
        assertThat(unknownOption.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(unknownOption.err()).contains("Unknown option", "--password=").doesNotContain(password);

        CliRun keyAsFile = CliRun.of("rows", key);
        assertThat(keyAsFile.code()).isEqualTo(ExitCodes.UNREADABLE);
        assertThat(keyAsFile.err()).contains("no such file: jzk1-").doesNotContain(key.substring(5));

        CliRun unmatched = CliRun.of("count", file, key);
        assertThat(unmatched.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(unmatched.err()).contains("Unmatched argument").doesNotContain(key.substring(5));

        CliRun separateValue = CliRun.of("rows", file, "--key", key.substring(5));
        assertThat(separateValue.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(separateValue.err()).doesNotContain(key.substring(5));

        CliRun accessKey = CliRun.of("inspect", file, "--key-env=jza1-notReallyAnAccessKey");
        assertThat(accessKey.err()).isNotEmpty().doesNotContain("notReallyAnAccessKey");
    }
}
