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
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The secrets the reference reads from the environment ({@code JAZMIN_KEY}, {@code JAZMIN_PASSWORD},
 * {@code JAZMIN_UNLOCK_TOKEN}) and {@code --password-file}: an option wins over a variable, a
 * variable leaves plain files alone, and no secret reaches the output.
 */
class EnvironmentSecretsTest {
    private static final String JS_KEY = "jzk1-vHrwa0bWS6k7mvfrQVlFGecW1lW5FacnsIzS6Qxrod1ig2bK";
    private static final String JS_PASSWORD = "jazmin-interop";
    private static final String KEY_FILE = SharedFiles.conformanceCase("js-key").resolve("data.jzm").toString();
    private static final String PASSWORD_FILE =
            SharedFiles.conformanceCase("js-password").resolve("data.jzm").toString();
    private static final String PLAIN = SharedFiles.conformanceCase("sorted-indexed").resolve("data.jzm").toString();

    @TempDir
    Path tmp;

    @Test
    void jazminKeyOpensAKeyFile() {
        CliRun count = CliRun.withEnv(Map.of("JAZMIN_KEY", JS_KEY + "\n"), "count", KEY_FILE);
        assertThat(count.code()).as(count.err()).isZero();
        assertThat(count.out().strip()).isEqualTo("500");
        assertThat(CliRun.withEnv(Map.of(), "count", KEY_FILE).code()).isEqualTo(ExitCodes.UNREADABLE);
    }

    @Test
    void jazminPasswordAndPasswordFileOpenAPasswordFile() throws Exception {
        CliRun env = CliRun.withEnv(Map.of("JAZMIN_PASSWORD", JS_PASSWORD), "count", PASSWORD_FILE);
        assertThat(env.code()).as(env.err()).isZero();
        assertThat(env.out().strip()).isEqualTo("500");
        Path password = Files.writeString(tmp.resolve("password.txt"), JS_PASSWORD + "\n");
        CliRun file = CliRun.withEnv(Map.of(), "count", PASSWORD_FILE, "--password-file", password.toString());
        assertThat(file.code()).as(file.err()).isZero();
        assertThat(file.out().strip()).isEqualTo("500");
    }

    @Test
    void anOptionWinsOverTheVariables() throws Exception {
        Path right = Files.writeString(tmp.resolve("right.txt"), JS_KEY);
        Path wrong = Files.writeString(tmp.resolve("wrong.txt"), JazminKey.generate().text());
        String otherKey = JazminKey.generate().text();

        CliRun optionRight = CliRun.withEnv(Map.of("JAZMIN_KEY", otherKey), "count", KEY_FILE, "--key-file",
                right.toString());
        assertThat(optionRight.code()).as(optionRight.err()).isZero();
        assertThat(optionRight.out().strip()).isEqualTo("500");

        CliRun optionWrong = CliRun.withEnv(Map.of("JAZMIN_KEY", JS_KEY), "count", KEY_FILE, "--key-file",
                wrong.toString());
        assertThat(optionWrong.code()).isEqualTo(ExitCodes.UNREADABLE);
        assertThat(optionWrong.err()).contains("wrong key");

        Path password = Files.writeString(tmp.resolve("password.txt"), JS_PASSWORD);
        CliRun passwordOverKey = CliRun.withEnv(Map.of("JAZMIN_KEY", otherKey), "count", PASSWORD_FILE,
                "--password-file", password.toString());
        assertThat(passwordOverKey.code()).as(passwordOverKey.err()).isZero();
    }

    @Test
    void secretsFromTheVariablesAreNeverPrinted() {
        String password = "not-the-password-" + System.nanoTime();
        CliRun wrongPassword = CliRun.withEnv(Map.of("JAZMIN_PASSWORD", password), "rows", PASSWORD_FILE);
        assertThat(wrongPassword.code()).isEqualTo(ExitCodes.UNREADABLE);
        assertThat(wrongPassword.err() + wrongPassword.out()).doesNotContain(password);

        String key = JazminKey.generate().text();
        CliRun wrongKey = CliRun.withEnv(Map.of("JAZMIN_KEY", key), "inspect", KEY_FILE);
        assertThat(wrongKey.code()).isEqualTo(ExitCodes.UNREADABLE);
        assertThat(wrongKey.err() + wrongKey.out()).doesNotContain(key.substring(5));

        CliRun both = CliRun.withEnv(Map.of("JAZMIN_KEY", key, "JAZMIN_PASSWORD", password), "count", KEY_FILE);
        assertThat(both.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(both.err()).contains("JAZMIN_KEY", "JAZMIN_PASSWORD").doesNotContain(password)
                .doesNotContain(key.substring(5));
    }

    @Test
    void aVariableLeavesPlainFilesAloneButEncryptsNewOutput() throws Exception {
        String key = JazminKey.generate().text();
        Map<String, String> env = Map.of("JAZMIN_KEY", key);
        CliRun plain = CliRun.withEnv(env, "count", PLAIN);
        assertThat(plain.code()).as(plain.err()).isZero();
        assertThat(plain.out().strip()).isEqualTo(CliRun.of("count", PLAIN).out().strip());

        Path out = tmp.resolve("encrypted.jzm");
        CliRun convert = CliRun.withEnv(env, "convert", PLAIN, out.toString());
        assertThat(convert.code()).as(convert.err()).isZero();
        assertThat(JazminFile.facts(out).encrypted()).isTrue();
        assertThat(CliRun.of("count", out.toString()).code()).isEqualTo(ExitCodes.UNREADABLE);
        assertThat(CliRun.withEnv(env, "count", out.toString()).out()).isEqualTo(plain.out());

        Path mixed = SharedFiles.conformanceCase("mixed-types").resolve("data.jzm");
        Path copy = Files.copy(mixed, tmp.resolve("plain.jzm"));
        Path rows = Files.writeString(tmp.resolve("rows.jsonl"),
                CliRun.of("find", mixed.toString(), "--limit", "1", "--canonical").out());
        CliRun append = CliRun.withEnv(env, "append", copy.toString(), "--from", rows.toString());
        assertThat(append.code()).as(append.err()).isZero();
        assertThat(JazminFile.facts(copy).encrypted()).as("a plain file stays plain").isFalse();
    }

    @Test
    void keygenAccessTakesTheOwnerKeyFromJazminKey() {
        JazminKey owner = JazminKey.generate();
        CliRun access = CliRun.withEnv(Map.of("JAZMIN_KEY", owner.text()), "keygen", "--access");
        assertThat(access.code()).as(access.err()).isZero();
        AccessKeyText text = AccessKeyText.parse(access.out().strip());
        assertThat(access.out()).doesNotContain(owner.text());
        assertThat(text.keyId()).isNotBlank();
        assertThat(CliRun.withEnv(Map.of(), "keygen", "--access").code()).isEqualTo(ExitCodes.USAGE);
    }

    @Test
    void jazminUnlockTokenOpensAnOnlineGrant() throws Exception {
        ConformanceCase c = ConformanceCase.named("js-access");
        String carol = CanonicalJson.parse(Files.readString(SharedFiles.root().resolve("conformance")
                .resolve("source").resolve("keys.json"))).get("carol").asString();
        JazminKey owner = c.views().stream().filter(v -> v.name().equals("key")).findFirst().orElseThrow()
                .readOptions().key();
        String token = JazminFile.issueUnlockToken(c.dataFile(), owner, AccessKeyText.parse(carol)).text();
        String file = c.dataFile().toString();

        CliRun without = CliRun.withEnv(Map.of("JAZMIN_KEY", carol), "count", file);
        assertThat(without.code()).isEqualTo(ExitCodes.UNREADABLE);
        assertThat(without.err()).contains("unlock token");

        CliRun with = CliRun.withEnv(Map.of("JAZMIN_KEY", carol, "JAZMIN_UNLOCK_TOKEN", token), "count", file);
        assertThat(with.code()).as(with.err()).isZero();
        assertThat(Long.parseLong(with.out().strip())).isPositive();
        assertThat(with.err() + with.out()).doesNotContain(token.substring(5));
    }
}
