package io.jazmin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.testing.SharedFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code jazmin rotate-owner-key}, on a copy of the {@code shared-access} case's reference file: the
 * new owner key and each printed access key read what the old ones did, the old keys nothing.
 */
class RotateOwnerKeyCommandTest {
    private static final String OWNER = "jzk1-FpYXALgO8pZEXPfmVRmSnGIn46ej6kaoG_wPs1Sf_qbsIX1k";
    private static final String BOB = "jza1-pfEmZMV0F0sWwcMCzDwW8U_w9rCKQHgGj8-jQBZp_6Y6Pw5M2nI8SPksU6Q";
    private static final String SALLY = "jza1-oXbqtGerZJRzF7iYomqUgSOeR-mWGLnxxDDOplPQMq06Pw5M2nI8SK2wDAI";

    @TempDir
    Path tmp;
    private Path file;
    private Path owner;
    private Path newOwner;

    @BeforeEach
    void copyReference() throws Exception {
        file = tmp.resolve("shared.jzm");
        Files.copy(SharedFiles.conformanceCase("shared-access").resolve("data.jzm"), file);
        owner = Files.writeString(tmp.resolve("owner.txt"), OWNER);
        newOwner = Files.writeString(tmp.resolve("new-owner.txt"), CliRun.of("keygen").out());
    }

    private String rows(Path key) {
        CliRun rows = CliRun.of("rows", file.toString(), "--key-file", key.toString());
        assertThat(rows.code()).as(rows.err()).isZero();
        return rows.out();
    }

    @Test
    void printsANewAccessKeyPerGrantThatReadsWhatTheOldOneDid() throws Exception {
        Path bob = Files.writeString(tmp.resolve("bob.txt"), BOB);
        Path sally = Files.writeString(tmp.resolve("sally.txt"), SALLY);
        Map<String, String> before = Map.of("owner", rows(owner), "Bob", rows(bob), "Sally", rows(sally));

        CliRun rotate = CliRun.of("rotate-owner-key", file.toString(), "--key-file", owner.toString(),
                "--new-key-file", newOwner.toString());

        assertThat(rotate.code()).as(rotate.err()).isZero();
        assertThat(rotate.out()).doesNotContain(Files.readString(newOwner).strip().substring(5));
        JsonNode result = JsonLines.tree(rotate.out());
        assertThat(result.get("fileId").asString()).hasSize(32);
        Map<String, Path> keys = new HashMap<>();
        for (JsonNode k : result.get("accessKeys")) {
            assertThat(k.get("keyId").asString()).hasSize(16).isNotEqualTo(k.get("previousKeyId").asString());
            assertThat(k.get("mode").asString()).isEqualTo("offline");
            keys.put(k.get("label").asString(), Files.writeString(tmp.resolve(k.get("keyId").asString() + ".txt"),
                    k.get("key").asString()));
        }
        assertThat(keys).containsOnlyKeys("Bob", "Sally");
        assertThat(rows(newOwner)).isEqualTo(before.get("owner"));
        assertThat(rows(keys.get("Bob"))).isEqualTo(before.get("Bob"));
        assertThat(rows(keys.get("Sally"))).isEqualTo(before.get("Sally"));
        for (Path old : new Path[] {owner, bob, sally}) {
            CliRun refused = CliRun.of("count", file.toString(), "--key-file", old.toString());
            assertThat(refused.code()).isNotZero();
            assertThat(refused.err()).contains("not signed by the owner").doesNotContain("jza1-").doesNotContain("jzk1-");
        }
    }

    @Test
    void aMissingNewOwnerKeyOrAWrongOwnerKeyLeavesTheFileAsItWas() throws Exception {
        byte[] before = Files.readAllBytes(file);
        Path bob = Files.writeString(tmp.resolve("bob.txt"), BOB);

        CliRun none = CliRun.of("rotate-owner-key", file.toString(), "--key-file", owner.toString());
        assertThat(none.code()).isEqualTo(ExitCodes.USAGE);
        // PATH is always set: it stands in for a password variable, which an owner key cannot be.
        CliRun password = CliRun.of("rotate-owner-key", file.toString(), "--key-file", owner.toString(),
                "--new-password-env", "PATH");
        assertThat(password.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(password.err()).contains("--new-key-file");
        CliRun holder = CliRun.of("rotate-owner-key", file.toString(), "--key-file", bob.toString(),
                "--new-key-file", newOwner.toString());
        assertThat(holder.code()).isEqualTo(ExitCodes.USAGE);
        CliRun stranger = CliRun.of("rotate-owner-key", file.toString(), "--key-file", newOwner.toString(),
                "--new-key-file", owner.toString());
        assertThat(stranger.code()).isNotZero();
        assertThat(stranger.err()).contains("not signed by the owner");

        assertThat(Files.readAllBytes(file)).isEqualTo(before);
    }
}
