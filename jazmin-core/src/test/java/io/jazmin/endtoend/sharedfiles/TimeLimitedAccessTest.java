package io.jazmin.endtoend.sharedfiles;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jazmin.testing.Secrets;
import io.jazmin.options.AccessState;
import io.jazmin.error.JazminAccessExpiredException;
import io.jazmin.JazminFile;
import io.jazmin.error.JazminKeyException;
import io.jazmin.JazminReader;
import io.jazmin.error.JazminUnlockRequiredException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.options.ReadOptions;
import io.jazmin.internal.reader.FileOpener;
import io.jazmin.internal.reader.OpenedFile;
import io.jazmin.internal.reader.TableReader;
import io.jazmin.testing.ConformanceCase;
import io.jazmin.internal.wire.ByteSource;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import io.jazmin.key.AccessKeyText;
import io.jazmin.internal.keys.Hkdf;
import io.jazmin.key.JazminKey;
import io.jazmin.key.UnlockToken;

/**
 * Time-limited access (spec §1.20): offline grants that expire, the last-seen record shared with
 * the JavaScript and .NET libraries (its name, place and MAC) catching a clock set back, and online
 * grants, which open only with the unlock token the owner issues. Expiring grants are made by
 * re-sealing Bob's bundle of the {@code shared-access} case with an expiry, as its owner would;
 * Carol holds an online grant in {@code js-access}.
 */
class TimeLimitedAccessTest {
    private static byte[] shared;
    private static JazminKey owner;
    private static AccessKeyText bob;
    private static Instant written;
    private static Instant expires;
    private static byte[] expiring;

    @TempDir
    Path dir;

    @BeforeAll
    static void load() throws Exception {
        ConformanceCase c = ConformanceCase.named("shared-access");
        shared = Files.readAllBytes(c.dataFile());
        owner = view(c, "owner").readOptions().key();
        bob = view(c, "bob").readOptions().accessKey();
        try (JazminReader reader = JazminReader.open(shared, ReadOptions.defaults().withKey(owner))) {
            written = reader.modifiedAt() != null ? reader.modifiedAt() : reader.createdAt();
        }
        expires = written.plus(Duration.ofDays(30));
        expiring = ForgedGrants.withBundle(shared, owner, bob, b -> b.put("expires", expires.toString()));
    }

    private static ConformanceCase.View view(ConformanceCase c, String name) {
        return c.views().stream().filter(v -> v.name().equals(name)).findFirst().orElseThrow();
    }

    // ---- offline expiry and the last-seen record -----------------------------------------------

    @Test
    void anExpiringGrantOpensUntilItExpiresAndThenFailsWithATypedError() {
        ReadOptions options = bobOptions();
        assertEquals(50, rows(expiring, options, written.plus(Duration.ofDays(1))));
        try (OpenedFile file = open(expiring, options, written.plus(Duration.ofDays(2)))) {
            assertEquals(expires, file.grant().expires());
        }

        Instant late = expires.plusSeconds(1);
        assertThatThrownBy(() -> open(expiring, options, late)).isInstanceOfSatisfying(
                JazminAccessExpiredException.class, e -> {
                    assertEquals(bob.keyId(), e.keyId());
                    assertThat(e.getMessage()).contains("expired at " + expires).doesNotContain(bob.text());
                });
    }

    @Test
    void theLastSeenRecordIsTheSharedFileWithTheReferenceMac() throws Exception {
        Instant now = written.plus(Duration.ofDays(3));
        open(expiring, bobOptions(), now).cipher().close();

        byte[] fileId = Arrays.copyOfRange(expiring, 8, 24);
        Path record = dir.resolve(HexFormat.of().formatHex(fileId) + "." + bob.keyId() + ".json");
        assertThat(record).exists();
        long millis = now.toEpochMilli();
        // MAC = HMAC-SHA256(HKDF(access secret, salt = file id, "JAZMIN/1/last-seen"), decimal lastSeen).
        byte[] macKey = Hkdf.derive(bob.secret(), fileId, "JAZMIN/1/last-seen".getBytes(StandardCharsets.US_ASCII),
                32);
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(macKey, "HmacSHA256"));
        String expected = HexFormat.of().formatHex(mac.doFinal(Long.toString(millis)
                .getBytes(StandardCharsets.US_ASCII)));
        assertEquals("{\"lastSeen\":" + millis + ",\"mac\":\"" + expected + "\"}", Files.readString(record));
        assertThat(Files.list(dir).toList()).as("no temporary file left").containsExactly(record);
    }

    @Test
    void aClockSetBackBeforeTheLastSeenTimeIsCaughtWithinFiveMinutesOfSlack() {
        Instant seen = written.plus(Duration.ofDays(10));
        open(expiring, bobOptions(), seen).cipher().close();

        open(expiring, bobOptions(), seen.minus(Duration.ofMinutes(4))).cipher().close();
        Instant back = seen.minus(Duration.ofDays(2));
        assertThatThrownBy(() -> open(expiring, bobOptions(), back))
                .isInstanceOfSatisfying(JazminAccessExpiredException.class, e -> {
                    assertEquals(bob.keyId(), e.keyId());
                    assertThat(e.getMessage()).contains("set back");
                });
        // A later open moves the record forward.
        Instant later = seen.plus(Duration.ofDays(5));
        open(expiring, bobOptions(), later).cipher().close();
        assertThatThrownBy(() -> open(expiring, bobOptions(), seen)).isInstanceOf(JazminAccessExpiredException.class);
    }

    @Test
    void aClockBeforeTheFilesWriteTimeIsRefusedEvenWithoutARecord() {
        ReadOptions disabled = bobOptions().withAccessState(AccessState.disabled());
        assertThatThrownBy(() -> open(expiring, disabled, written.minus(Duration.ofHours(1))))
                .isInstanceOf(JazminAccessExpiredException.class).hasMessageContaining("earlier than when the file");
    }

    @Test
    void aChangedRecordIsRefusedAndADisabledStateKeepsNone() throws Exception {
        Instant now = written.plus(Duration.ofDays(4));
        open(expiring, bobOptions(), now).cipher().close();
        Path record;
        try (var files = Files.list(dir)) {
            record = files.findFirst().orElseThrow();
        }
        // Moving lastSeen back (to defeat the check) without the key breaks the MAC.
        String text = Files.readString(record);
        Files.writeString(record, text.replace(Long.toString(now.toEpochMilli()), Long.toString(
                written.toEpochMilli())));
        assertThatThrownBy(() -> open(expiring, bobOptions(), now)).isInstanceOf(JazminKeyException.class)
                .hasMessageContaining("does not match its MAC");
        Files.writeString(record, "not json");
        assertThatThrownBy(() -> open(expiring, bobOptions(), now)).isInstanceOf(JazminKeyException.class)
                .hasMessageContaining("not a last-seen record");

        Files.delete(record);
        ReadOptions disabled = bobOptions().withAccessState(AccessState.disabled());
        open(expiring, disabled, now).cipher().close();
        assertThat(dir.toFile().list()).as("a disabled state writes no record").isEmpty();
    }

    @Test
    void aGrantWithoutExpiryKeepsNoRecord() {
        open(shared, bobOptions(), Instant.now()).cipher().close();
        assertThat(dir.toFile().list()).isEmpty();
    }

    // ---- online grants ---------------------------------------------------------------------------

    @Test
    void anOnlineGrantWithoutATokenFailsNamingTheFileAndTheKey() throws Exception {
        ConformanceCase c = ConformanceCase.named("js-access");
        AccessKeyText carol = AccessKeyText.parse(Secrets.keysJson().get("carol").asString());
        byte[] file = Files.readAllBytes(c.dataFile());
        String fileId = HexFormat.of().formatHex(Arrays.copyOfRange(file, 8, 24));

        assertThatThrownBy(() -> JazminReader.open(file, ReadOptions.defaults().withAccessKey(carol)))
                .isInstanceOfSatisfying(JazminUnlockRequiredException.class, e -> {
                    assertEquals(fileId, e.fileId());
                    assertEquals(carol.keyId(), e.keyId());
                    assertThat(e.getMessage()).contains(fileId, carol.keyId()).doesNotContain(carol.text());
                });
    }

    @Test
    void theOwnerIssuesTheTokenThatOpensTheOnlineGrantAndOnlyThatOne() throws Exception {
        ConformanceCase c = ConformanceCase.named("js-access");
        Path file = dir.resolve("js-access.jzm");
        Files.copy(c.dataFile(), file);
        JazminKey jsOwner = view(c, "key").readOptions().key();
        AccessKeyText carol = AccessKeyText.parse(Secrets.keysJson().get("carol").asString());

        List<JazminFile.UnlockTokenGrant> online = JazminFile.listUnlockTokens(file, jsOwner);
        assertThat(online).extracting(JazminFile.UnlockTokenGrant::keyId).containsExactly(carol.keyId());
        UnlockToken token = JazminFile.issueUnlockToken(file, jsOwner, carol);
        assertEquals(online.get(0).token(), token);
        assertThat(token.text()).startsWith("jzu1-");
        assertEquals(token, UnlockToken.parse(token.text()));
        assertThat(token.toString() + online).doesNotContain(token.text().substring(5));

        try (JazminReader reader = JazminReader.open(file, ReadOptions.defaults().withAccessKey(carol)
                .withUnlockToken(token))) {
            assertEquals(carol.keyId(), reader.accessKeyId());
            assertThat(reader.table().rows().count()).isPositive();
            assertThat(reader.table().rows().count()).isEqualTo(reader.table().rowCount());
        }
        byte[] other = new byte[32];
        new SecureRandom().nextBytes(other);
        assertThatThrownBy(() -> JazminReader.open(file, ReadOptions.defaults().withAccessKey(carol)
                .withUnlockToken(UnlockToken.of(other)))).isInstanceOf(JazminKeyException.class)
                .hasMessageContaining("unlock token does not open");

        AccessKeyText jsBob = view(c, "bob").readOptions().accessKey();
        assertThatThrownBy(() -> JazminFile.issueUnlockToken(file, jsOwner, jsBob))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("offline");
        assertThatThrownBy(() -> JazminFile.issueUnlockToken(file, jsOwner, "0123456789abcdef"))
                .isInstanceOf(JazminKeyException.class).hasMessageContaining("has no grant");
        assertThatThrownBy(() -> JazminFile.issueUnlockToken(file, owner, carol)).as("another owner's key")
                .isInstanceOf(JazminKeyException.class);
        // An offline grant opens whether a token is given or not.
        try (JazminReader reader = JazminReader.open(file, view(c, "bob").readOptions().withUnlockToken(token))) {
            assertThat(reader.table().rowCount()).isPositive();
        }
    }

    @Test
    void aMistypedTokenIsAChecksumMismatch() {
        byte[] share = new byte[32];
        String text = UnlockToken.of(share).text();
        String typo = text.substring(0, 10) + (text.charAt(10) == 'A' ? 'B' : 'A') + text.substring(11);
        assertThatThrownBy(() -> UnlockToken.parse(typo)).isInstanceOf(JazminKeyException.class)
                .hasMessageContaining("checksum mismatch");
    }

    private ReadOptions bobOptions() {
        return ReadOptions.defaults().withAccessKey(bob).withAccessState(AccessState.in(dir));
    }

    private static OpenedFile open(byte[] bytes, ReadOptions options, Instant now) {
        return FileOpener.open(ByteSource.of(bytes), options, Clock.fixed(now, ZoneOffset.UTC));
    }

    private static long rows(byte[] bytes, ReadOptions options, Instant now) {
        try (OpenedFile file = open(bytes, options, now)) {
            return new TableReader(file.table(0), options.parallelism()).rows().count();
        }
    }
}
