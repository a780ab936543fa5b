package io.jazmin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.testing.SharedFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

/**
 * {@code jazmin inspect} of an encrypted file without its secret prints what the file shows to
 * anyone (format version, flags, how it is encrypted) and exits with 0, as the reference does.
 */
class KeylessInspectTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({"js-key,key,false,false", "js-password,password,true,false", "shared-access,shared,false,true",
        "js-access,shared,false,true"})
    void anEncryptedFileWithoutItsSecretShowsFormatFlagsAndHowItIsEncrypted(String name, String encryption,
                                                                          boolean password, boolean access)
            throws Exception {
        Path file = SharedFiles.conformanceCase(name).resolve("data.jzm");
        CliRun run = CliRun.withEnv(Map.of(), "inspect", file.toString());

        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.err()).isEmpty();
        JsonNode report = JsonLines.tree(run.out());
        assertThat(report.get("formatVersion").asInt()).isEqualTo(1);
        assertThat(report.get("encryption").asString()).isEqualTo(encryption);
        assertThat(report.get("flags").get("encrypted").asBoolean()).isTrue();
        assertThat(report.get("flags").get("password").asBoolean()).isEqualTo(password);
        assertThat(report.get("flags").get("access").asBoolean()).isEqualTo(access);
        assertThat(report.get("bytes").asLong()).isEqualTo(Files.size(file));
        assertThat(report.has("kdfIterations")).isEqualTo(password);
        assertThat(report.get("note").asString()).contains("to see the tables");
        assertThat(report.has("tables")).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"js-key,JAZMIN_KEY,jzk1-vHrwa0bWS6k7mvfrQVlFGecW1lW5FacnsIzS6Qxrod1ig2bK,key",
        "js-password,JAZMIN_PASSWORD,jazmin-interop,password"})
    void withItsSecretTheFullReportShowsTheSameEncryptionAndTheTables(String name, String variable, String secret,
                                                                     String encryption) {
        Path file = SharedFiles.conformanceCase(name).resolve("data.jzm");
        CliRun run = CliRun.withEnv(Map.of(variable, secret), "inspect", file.toString());
        assertThat(run.code()).as(run.err()).isZero();
        JsonNode report = JsonLines.tree(run.out());
        assertThat(report.get("encryption").asString()).isEqualTo(encryption);
        assertThat(report.get("tables").get(0).get("rowCount").asLong()).isEqualTo(500);
        assertThat(report.get("fileCount").asInt()).isNotNegative();
        assertThat(report.get("shapes").isArray()).isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"js-key", "js-password"})
    void aWrongSecretIsStillAnError(String name) {
        Path file = SharedFiles.conformanceCase(name).resolve("data.jzm");
        CliRun run = CliRun.withEnv(Map.of("JAZMIN_PASSWORD", "wrong-password-123"), "inspect", file.toString());
        assertThat(run.code()).isEqualTo(ExitCodes.UNREADABLE);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).doesNotContain("wrong-password-123");
    }
}
