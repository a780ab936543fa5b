package io.jazmin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminFile;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import io.jazmin.testing.CanonicalJson;
import io.jazmin.testing.ConformanceCase;
import io.jazmin.testing.SharedFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jazmin unlock-token} and {@code --unlock-token-file}: the owner issues the token of an online
 * grant of the js-access case, which then opens with it.
 */
class UnlockTokenCommandTest {

    @Test
    void anOnlineGrantReadsWithItsUnlockTokenAndFailsWithoutNamingFileAndKey(@TempDir Path tmp) throws Exception {
        ConformanceCase c = ConformanceCase.named("js-access");
        String carol = CanonicalJson.parse(Files.readString(SharedFiles.root().resolve("conformance")
                .resolve("source").resolve("keys.json"))).get("carol").asString();
        JazminKey owner = c.views().stream().filter(v -> v.name().equals("key")).findFirst().orElseThrow()
                .readOptions().key();
        Path key = tmp.resolve("carol.txt");
        Files.writeString(key, carol + "\n");
        Path token = tmp.resolve("token.txt");
        Path ownerKey = tmp.resolve("owner.txt");
        Files.writeString(ownerKey, owner.text());
        CliRun issued = CliRun.of("unlock-token", c.dataFile().toString(), "--key-file", ownerKey.toString(),
                "--key-id", AccessKeyText.parse(carol).keyId());
        assertThat(issued.code()).as(issued.err()).isZero();
        String tokenText = issued.out().strip();
        assertThat(tokenText).isEqualTo(JazminFile.issueUnlockToken(c.dataFile(), owner, AccessKeyText.parse(carol))
                .text());
        CliRun listed = CliRun.of("unlock-token", c.dataFile().toString(), "--key-file", ownerKey.toString(),
                "--list");
        assertThat(listed.code()).as(listed.err()).isZero();
        assertThat(JsonLines.tree(listed.out()).get("keyId").asString()).isEqualTo(AccessKeyText.parse(carol).keyId());
        assertThat(JsonLines.tree(listed.out()).get("token").asString()).isEqualTo(tokenText);
        assertThat(CliRun.of("unlock-token", c.dataFile().toString(), "--key-file", key.toString(), "--list").code())
                .as("an access key issues nothing").isEqualTo(ExitCodes.USAGE);
        Files.writeString(token, tokenText + "\n");
        String file = c.dataFile().toString();

        CliRun without = CliRun.of("count", file, "--key-file", key.toString());
        assertThat(without.code()).isEqualTo(ExitCodes.UNREADABLE);
        assertThat(without.err()).contains("unlock token", AccessKeyText.parse(carol).keyId())
                .doesNotContain(carol.substring(5));

        CliRun with = CliRun.of("count", file, "--key-file", key.toString(), "--unlock-token-file", token.toString());
        assertThat(with.code()).as(with.err()).isZero();
        assertThat(Long.parseLong(with.out().strip())).isPositive();

        CliRun notAnAccessKey = CliRun.of("count", file, "--key-file", ownerKey.toString(), "--unlock-token-file",
                token.toString());
        assertThat(notAnAccessKey.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(notAnAccessKey.err()).contains("goes with an access key").doesNotContain(tokenText.substring(5));
    }
}
