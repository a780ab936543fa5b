package io.jazmin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.testing.CanonicalJson;
import io.jazmin.testing.SharedFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code jazmin grant}, {@code jazmin revoke} and the access part of {@code jazmin inspect}, on a
 * copy of the {@code shared-access} case's reference file: a granted key reads its grant, a revoked
 * one nothing; the owner sees partitions, groups and grants, a holder only its own view.
 */
class GrantCommandsTest {
    private static final String OWNER = "jzk1-FpYXALgO8pZEXPfmVRmSnGIn46ej6kaoG_wPs1Sf_qbsIX1k";
    private static final String BOB = "jza1-pfEmZMV0F0sWwcMCzDwW8U_w9rCKQHgGj8-jQBZp_6Y6Pw5M2nI8SPksU6Q";

    @TempDir
    Path tmp;
    private Path file;
    private Path owner;
    private Path bob;

    @BeforeEach
    void copyReference() throws Exception {
        file = tmp.resolve("shared.jzm");
        Files.copy(SharedFiles.conformanceCase("shared-access").resolve("data.jzm"), file);
        owner = Files.writeString(tmp.resolve("owner.txt"), OWNER);
        bob = Files.writeString(tmp.resolve("bob.txt"), BOB);
    }

    @Test
    void aGrantedKeyReadsItsGrantAndARevokedOneNothing() throws Exception {
        CliRun keygen = CliRun.of("keygen", "--access", "--owner-key-file", owner.toString());
        Path erin = Files.writeString(tmp.resolve("erin.txt"), keygen.out().strip());

        CliRun grant = CliRun.of("grant", file.toString(), "--key-file", owner.toString(), "--access-key-file",
                erin.toString(), "--rows", "NA", "--columns", "*", "--label", "Erin", "--expires-in", "30d");
        assertThat(grant.code()).as(grant.err()).isZero();

        CliRun rows = CliRun.of("count", file.toString(), "--key-file", erin.toString());
        assertThat(rows.code()).as(rows.err()).isZero();
        CliRun ownerCount = CliRun.of("count", file.toString(), "--key-file", owner.toString(), "--where",
                "{\"country\": {\"eq\": \"NA\"}}");
        assertThat(rows.out().strip()).isEqualTo(ownerCount.out().strip()).isNotEqualTo("0");

        String bobId = CanonicalJson.parse(CliRun.of("inspect", file.toString(), "--key-file", bob.toString()).out())
                .get("access").get("keyId").asString();
        CliRun revoke = CliRun.of("revoke", file.toString(), "--key-file", owner.toString(), "--key-id", bobId);
        assertThat(revoke.code()).as(revoke.err()).isZero();
        CliRun refused = CliRun.of("count", file.toString(), "--key-file", bob.toString());
        assertThat(refused.code()).isNotZero();
        assertThat(refused.err()).contains("has not been granted");
    }

    @Test
    void anAlreadyExpiredGrantIsRefusedAndTheFileLeftUnchanged() throws Exception {
        CliRun keygen = CliRun.of("keygen", "--access", "--owner-key-file", owner.toString());
        Path erin = Files.writeString(tmp.resolve("erin.txt"), keygen.out().strip());
        byte[] before = Files.readAllBytes(file);

        CliRun grant = CliRun.of("grant", file.toString(), "--key-file", owner.toString(), "--access-key-file",
                erin.toString(), "--expires", "2020-01-01T00:00:00Z");

        assertThat(grant.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(grant.out()).doesNotContain("granted");
        assertThat(grant.err()).contains("expired at 2020-01-01T00:00:00Z").contains("left out")
                .contains("unchanged");
        assertThat(Files.readAllBytes(file)).isEqualTo(before);
        CliRun refused = CliRun.of("count", file.toString(), "--key-file", erin.toString());
        assertThat(refused.code()).isNotZero();
    }

    @Test
    void inspectShowsTheOwnerEveryGrantAndAHolderItsOwnView() throws Exception {
        CliRun asOwner = CliRun.of("inspect", file.toString(), "--key-file", owner.toString());
        assertThat(asOwner.code()).as(asOwner.err()).isZero();
        JsonNode access = CanonicalJson.parse(asOwner.out()).get("access");
        assertThat(access.get("owner").asBoolean()).isTrue();
        assertThat(access.get("partitions").size()).isGreaterThan(2);
        assertThat(access.get("grants").toString()).contains("\"label\":\"Bob\"").contains("\"rows\":[\"ZA\"]")
                .contains("\"columns\":\"*\"").doesNotContain("jza1-");
        JsonNode table = CanonicalJson.parse(asOwner.out()).get("tables").get(0);
        assertThat(table.get("partitionBy").asString()).isEqualTo("country");
        assertThat(table.get("columnGroups").get("pii").toString()).isEqualTo("[\"email\",\"balance\"]");

        CliRun asBob = CliRun.of("inspect", file.toString(), "--key-file", bob.toString());
        assertThat(asBob.code()).as(asBob.err()).isZero();
        JsonNode bobs = CanonicalJson.parse(asBob.out());
        assertThat(bobs.get("access").get("owner").asBoolean()).isFalse();
        assertThat(bobs.get("access").get("partitions").toString()).isEqualTo("[\"ZA\"]");
        assertThat(bobs.get("access").has("grants")).isFalse();
        assertThat(bobs.get("tables").get(0).get("columnGroups").has("pii")).isFalse();
        assertThat(bobs.get("tables").get(0).get("hiddenColumnGroups").toString()).isEqualTo("[\"pii\"]");
    }

    @Test
    void compactRegroupsASharedFileForItsOwner() throws Exception {
        Path row = Files.writeString(tmp.resolve("row.jsonl"), CliRun.of("find", file.toString(), "--key-file",
                owner.toString(), "--where", "{\"country\": {\"eq\": \"ZA\"}}", "--limit", "1").out()
                .replaceFirst("\"id\":\\s*\\d+", "\"id\":9999"));
        CliRun append = CliRun.of("append", file.toString(), "--from", row.toString(), "--key-file", owner.toString());
        assertThat(append.code()).as(append.err()).isZero();
        String bobBefore = CliRun.of("count", file.toString(), "--key-file", bob.toString()).out();

        CliRun compact = CliRun.of("compact", file.toString(), "--key-file", owner.toString(), "--regroup");
        assertThat(compact.code()).as(compact.err()).isZero();

        assertThat(CliRun.of("count", file.toString(), "--key-file", bob.toString()).out()).isEqualTo(bobBefore);
        JsonNode inspect = CanonicalJson.parse(CliRun.of("inspect", file.toString(), "--key-file", owner.toString())
                .out());
        assertThat(inspect.get("appendCount").asLong()).isZero();
        assertThat(inspect.get("tables").get(0).get("rowCount").asLong()).isEqualTo(401);
    }

    @Test
    void grantAndRevokeNeedTheOwnerKey() throws Exception {
        byte[] before = Files.readAllBytes(file);

        assertThat(CliRun.of("grant", file.toString(), "--access-key-file", bob.toString()).code())
                .isEqualTo(ExitCodes.USAGE);
        CliRun asHolder = CliRun.of("revoke", file.toString(), "--key-file", bob.toString(), "--key-id", "00");
        assertThat(asHolder.code()).isEqualTo(ExitCodes.USAGE);
        CliRun unknown = CliRun.of("revoke", file.toString(), "--key-file", owner.toString(), "--key-id",
                "0123456789abcdef");
        assertThat(unknown.code()).isNotZero();
        assertThat(unknown.err()).contains("no grant");

        assertThat(Files.readAllBytes(file)).isEqualTo(before);
    }
}
