package io.jazmin.endtoend.sharedfiles;

import static io.jazmin.endtoend.sharedfiles.SharedFilesFixture.as;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.JazminFile;
import io.jazmin.JazminFile.RotatedAccessKey;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.JazminWriter;
import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.error.JazminKeyException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import io.jazmin.key.UnlockToken;
import io.jazmin.options.AccessGrant;
import io.jazmin.options.AccessSettings;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.IndexKind;
import io.jazmin.testing.SharedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A shared file moved to a new owner key (spec §1.19): every grant not yet expired gets a new access
 * key of the new owner that opens exactly what its old key did (rows, columns, hidden rows, expiry,
 * mode; online grants with a new unlock token), while the old owner key and every old access key
 * open nothing of the new version; refused rotations leave the file byte for byte as it was.
 */
class RotateOwnerKeyTest {
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("region", ColumnType.STRING), Column.of("email", ColumnType.STRING));
    private static final List<String> REGIONS = List.of("north", "south", "east");
    private static final int ROWS = 600;
    private static final JazminKey OWNER = JazminKey.generate();
    private static final JazminKey NEW_OWNER = JazminKey.generate();
    private static final AccessKeyText NORTH = AccessKeyText.generate(OWNER);
    private static final AccessKeyText ONLINE = AccessKeyText.generate(OWNER);
    private static final AccessKeyText ALL = AccessKeyText.generate(OWNER);
    private static final AccessKeyText EXPIRED = AccessKeyText.generate(OWNER);
    /** The file is written two days ago, so a grant can expire between its write and the rotation. */
    private static final Instant WRITTEN = Instant.now().minus(2, ChronoUnit.DAYS).truncatedTo(ChronoUnit.MILLIS);
    private static final Instant NORTH_EXPIRES = Instant.now().plus(30, ChronoUnit.DAYS).truncatedTo(ChronoUnit.MILLIS);
    private static final Instant ONLINE_EXPIRES = Instant.parse("2099-01-01T00:00:00Z");

    @TempDir
    Path dir;
    private Path file;

    @BeforeEach
    void writeFile() {
        file = dir.resolve("shared.jzm");
        AccessSettings access = AccessSettings.defaults().withPartitionBy("region").withColumnGroup("pii", List.of("email"))
                .withGrant(AccessGrant.of(NORTH).withRows(List.of("north")).withColumns(List.of("*")).withLabel("North")
                        .withExpires(NORTH_EXPIRES))
                .withGrant(AccessGrant.of(ONLINE).withRows(List.of("east")).withLabel("Online")
                        .withMode(AccessGrant.Mode.ONLINE).withExpires(ONLINE_EXPIRES))
                .withGrant(AccessGrant.of(ALL))
                .withGrant(AccessGrant.of(EXPIRED).withLabel("Expired").withExpires(WRITTEN.plus(1, ChronoUnit.DAYS)));
        WriteOptions options = WriteOptions.defaults().withKey(OWNER).withAccess(access).withChunkRows(50)
                .withIndex("id", IndexKind.SORTED).withMetadata("{\"source\":\"test\"}").withNow(WRITTEN);
        try (JazminWriter w = JazminWriter.create(file, COLUMNS, options)) {
            for (int i = 0; i < ROWS; i++) {
                w.writeValues((long) i, REGIONS.get(i / 10 % 3), "user" + i + "@example.com");
            }
            w.finish();
        }
    }

    /** What {@code options} open: columns, rows, an index lookup, hidden rows, expiry and metadata. */
    private String view(ReadOptions options) {
        try (JazminReader r = JazminReader.open(file, options)) {
            JazminTable t = r.table();
            return String.join("\n---\n",
                    t.columns().stream().map(Column::name).collect(Collectors.joining(",")),
                    t.rows().map(Row::toString).collect(Collectors.joining("\n")),
                    t.find(Filter.in("id", 3L, 25L, 300L, 599L)).map(Row::toString).collect(Collectors.joining("\n")),
                    "hidden=" + r.hiddenRowCount(), "expires=" + r.accessExpires(), r.metadata());
        }
    }

    @Test
    void everyGrantGetsANewKeyThatOpensWhatItsOldKeyDidAndOldKeysOpenNothing() throws IOException {
        UnlockToken oldToken = JazminFile.issueUnlockToken(file, OWNER, ONLINE);
        Map<String, String> before = Map.of("owner", view(ReadOptions.defaults().withKey(OWNER)),
                "north", view(as(NORTH)), "online", view(as(ONLINE).withUnlockToken(oldToken)), "all", view(as(ALL)));
        String fileIdBefore = fileId(ReadOptions.defaults().withKey(OWNER));

        List<RotatedAccessKey> keys = JazminFile.rotateOwnerKey(file, OWNER, NEW_OWNER);

        assertThat(keys).extracting(RotatedAccessKey::previousKeyId).as("the expired grant is dropped")
                .containsExactly(NORTH.keyId(), ONLINE.keyId(), ALL.keyId());
        assertThat(keys).extracting(RotatedAccessKey::label).containsExactly("North", "Online", null);
        assertThat(keys).extracting(RotatedAccessKey::mode)
                .containsExactly(AccessGrant.Mode.OFFLINE, AccessGrant.Mode.ONLINE, AccessGrant.Mode.OFFLINE);
        assertThat(keys).extracting(RotatedAccessKey::expires).containsExactly(NORTH_EXPIRES, ONLINE_EXPIRES, null);
        assertThat(keys).extracting(RotatedAccessKey::rows).containsExactly(List.of("north"), List.of("east"), null);
        assertThat(keys).extracting(RotatedAccessKey::columns).containsExactly(List.of("*"), null, null);
        byte[] newFingerprint = AccessKeyText.generate(NEW_OWNER).ownerFingerprint();
        assertThat(keys).allSatisfy(k -> assertThat(k.key().ownerFingerprint()).isEqualTo(newFingerprint));
        assertThat(keys.toString()).doesNotContain(keys.get(0).key().text());

        AccessKeyText north = keys.get(0).key();
        AccessKeyText online = keys.get(1).key();
        AccessKeyText all = keys.get(2).key();
        UnlockToken newToken = JazminFile.issueUnlockToken(file, NEW_OWNER, online);
        assertThat(newToken).as("an online grant gets a new share").isNotEqualTo(oldToken);
        assertThat(view(ReadOptions.defaults().withKey(NEW_OWNER))).isEqualTo(before.get("owner"));
        assertThat(view(as(north))).isEqualTo(before.get("north"));
        assertThat(view(as(online).withUnlockToken(newToken))).isEqualTo(before.get("online"));
        assertThat(view(as(all))).isEqualTo(before.get("all"));
        assertThat(JazminFile.listGrants(file, NEW_OWNER)).extracting(JazminFile.GrantInfo::keyId)
                .containsExactly(north.keyId(), online.keyId(), all.keyId());

        assertThatThrownBy(() -> view(ReadOptions.defaults().withKey(OWNER))).isInstanceOf(JazminKeyException.class)
                .hasMessageContaining("not signed by the owner");
        for (AccessKeyText old : List.of(NORTH, ALL, EXPIRED)) {
            assertThatThrownBy(() -> view(as(old))).isInstanceOf(JazminKeyException.class)
                    .hasMessageContaining("not signed by the owner");
        }
        assertThatThrownBy(() -> view(as(ONLINE).withUnlockToken(oldToken))).isInstanceOf(JazminKeyException.class);
        try (JazminReader r = JazminReader.open(file, ReadOptions.defaults().withKey(NEW_OWNER))) {
            assertThat(r.table().indexes()).extracting(i -> i.column()).containsExactly("id");
            assertThat(r.fileId()).isNotEqualTo(fileIdBefore);
        }
    }

    private String fileId(ReadOptions options) {
        try (JazminReader r = JazminReader.open(file, options)) {
            return r.fileId();
        }
    }

    @Test
    void refusedRotationsLeaveTheFileAsItWas() throws IOException {
        byte[] before = Files.readAllBytes(file);

        assertThatThrownBy(() -> JazminFile.rotateOwnerKey(file, JazminKey.generate(), NEW_OWNER))
                .isInstanceOf(JazminKeyException.class).hasMessageContaining("not signed by the owner");
        assertThatThrownBy(() -> JazminFile.rotateOwnerKey(file, JazminKey.of(NORTH.secret()), NEW_OWNER))
                .isInstanceOf(JazminKeyException.class);
        assertThatThrownBy(() -> JazminFile.rotateOwnerKey(file, OWNER, OWNER))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("is the current one");
        assertThatThrownBy(() -> JazminFile.rotateOwnerKey(file, OWNER, null))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("no new owner key");

        assertThat(Files.readAllBytes(file)).isEqualTo(before);
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("shared.jzm",
                    ".jazmin-lock-guard");
        }
    }

    @Test
    void aFileThatIsNotSharedIsRefused() throws IOException {
        Path plain = dir.resolve("plain.jzm");
        JazminWriter.write(plain, COLUMNS, WriteOptions.defaults().withKey(OWNER),
                Stream.of(Map.<String, Object>of("id", 1L)).iterator());
        byte[] before = Files.readAllBytes(plain);

        assertThatThrownBy(() -> JazminFile.rotateOwnerKey(plain, OWNER, NEW_OWNER))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("not access-controlled");

        assertThat(Files.readAllBytes(plain)).isEqualTo(before);
    }

    @Test
    void theReferenceWritersFileKeepsEveryViewUnderNewKeys() throws IOException {
        Path reference = dir.resolve("reference.jzm");
        Files.copy(SharedFiles.conformanceCase("shared-access").resolve("data.jzm"), reference);
        file = reference;
        JazminKey owner = JazminKey.parse("jzk1-FpYXALgO8pZEXPfmVRmSnGIn46ej6kaoG_wPs1Sf_qbsIX1k");
        AccessKeyText bob = AccessKeyText.parse("jza1-pfEmZMV0F0sWwcMCzDwW8U_w9rCKQHgGj8-jQBZp_6Y6Pw5M2nI8SPksU6Q");
        AccessKeyText sally = AccessKeyText.parse("jza1-oXbqtGerZJRzF7iYomqUgSOeR-mWGLnxxDDOplPQMq06Pw5M2nI8SK2wDAI");
        String ownerBefore = view(ReadOptions.defaults().withKey(owner));
        String bobBefore = view(as(bob));
        String sallyBefore = view(as(sally));

        List<RotatedAccessKey> keys = JazminFile.rotateOwnerKey(reference, owner, NEW_OWNER);

        Map<String, AccessKeyText> byLabel = keys.stream()
                .collect(Collectors.toMap(RotatedAccessKey::label, RotatedAccessKey::key));
        assertThat(byLabel).containsOnlyKeys("Bob", "Sally");
        assertThat(view(ReadOptions.defaults().withKey(NEW_OWNER))).isEqualTo(ownerBefore);
        assertThat(view(as(byLabel.get("Bob")))).isEqualTo(bobBefore);
        assertThat(view(as(byLabel.get("Sally")))).isEqualTo(sallyBefore);
        assertThatThrownBy(() -> view(as(bob))).isInstanceOf(JazminKeyException.class);
    }
}
