package io.jazmin.endtoend.sharedfiles;

import static io.jazmin.endtoend.sharedfiles.SharedFilesFixture.as;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.testing.SharedFileSlots;
import io.jazmin.internal.crypto.AccessBundle;
import io.jazmin.internal.crypto.AccessCredential;
import io.jazmin.internal.crypto.SectionCipher;
import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.error.JazminException;
import io.jazmin.error.JazminFormatException;
import io.jazmin.error.JazminKeyException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.internal.catalog.Header;
import io.jazmin.internal.section.SectionReader;
import io.jazmin.internal.wire.ByteSource;
import io.jazmin.internal.wire.Preamble;
import io.jazmin.internal.wire.Trailer;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import io.jazmin.key.UnlockToken;
import io.jazmin.options.AccessGrant;
import io.jazmin.options.AccessSettings;
import io.jazmin.options.ReadLimits;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.IndexKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Grants added and revoked by the owner's full rewrite (spec §1.19, §1.25): a granted key reads
 * exactly its grant afterwards, a revoked key opens nothing of the new version (not even with the
 * secrets its old bundle held), other keys, rows, groups, indexes, metadata and online tokens are
 * kept, and a change that fails leaves the file byte for byte as it was.
 */
class GrantAccessTest {
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("region", ColumnType.STRING), Column.of("email", ColumnType.STRING));
    /** Rows of the file: a third in each region, runs of ten, so chunks dominate its bytes. */
    private static final int ROWS = 1_500;
    private static final List<String> REGIONS = List.of("north", "south", "east");
    private static final JazminKey OWNER = JazminKey.generate();
    private static final AccessKeyText NORTH = AccessKeyText.generate(OWNER);
    private static final AccessKeyText ONLINE = AccessKeyText.generate(OWNER);
    private static final AccessKeyText NEWCOMER = AccessKeyText.generate(OWNER);
    private static final Instant EXPIRES = Instant.now().plus(30, ChronoUnit.DAYS).truncatedTo(ChronoUnit.MILLIS);

    @TempDir
    Path dir;
    private Path file;

    @BeforeEach
    void writeFile() {
        file = dir.resolve("shared.jzm");
        AccessSettings access = AccessSettings.defaults().withPartitionBy("region").withColumnGroup("pii", List.of("email"))
                .withGrant(AccessGrant.of(NORTH).withRows(List.of("north")).withColumns(List.of("*")).withLabel("N")
                        .withExpires(EXPIRES))
                .withGrant(AccessGrant.of(ONLINE).withRows(List.of("east")).withMode(AccessGrant.Mode.ONLINE));
        WriteOptions options = WriteOptions.defaults().withKey(OWNER).withAccess(access).withChunkRows(100)
                .withIndex("id", IndexKind.SORTED).withMetadata("{\"source\":\"test\"}");
        try (JazminWriter w = JazminWriter.create(file, COLUMNS, options)) {
            for (int i = 0; i < ROWS; i++) {
                w.writeValues((long) i, REGIONS.get(i / 10 % 3), "user" + i + "@example.com");
            }
            w.finish();
        }
    }

    /** The rows {@code options} read, as text (rows compare by identity). */
    private List<String> rows(ReadOptions options) {
        try (JazminReader r = JazminReader.open(file, options)) {
            return r.table().rows().map(Row::toString).toList();
        }
    }

    @Test
    void aGrantedKeyReadsExactlyItsGrantAndEverythingElseIsKept() {
        List<String> ownerBefore = rows(ReadOptions.defaults().withKey(OWNER));
        List<String> northBefore = rows(as(NORTH));
        UnlockToken token = JazminFile.issueUnlockToken(file, OWNER, ONLINE);

        JazminFile.grantAccess(file, OWNER, AccessGrant.of(NEWCOMER).withRows(List.of("south", "west")));

        try (JazminReader r = JazminReader.open(file, as(NEWCOMER))) {
            List<Row> rows = r.table().rows().toList();
            assertThat(rows).hasSize(ROWS / 3).allSatisfy(row -> assertThat(row.get("region")).isEqualTo("south"));
            assertThat(r.table().columns()).extracting(Column::name).containsExactly("id", "region", "email");
            assertThat(r.hiddenRowCount()).isEqualTo(2 * ROWS / 3);
        }
        assertThat(rows(ReadOptions.defaults().withKey(OWNER))).isEqualTo(ownerBefore);
        try (JazminReader r = JazminReader.open(file, as(NORTH))) {
            assertThat(r.table().rows().map(Row::toString).toList()).isEqualTo(northBefore);
            assertThat(r.table().columns()).extracting(Column::name).containsExactly("id", "region");
            assertThat(r.accessExpires()).isEqualTo(EXPIRES);
        }
        assertThat(JazminFile.issueUnlockToken(file, OWNER, ONLINE)).as("online tokens stay valid").isEqualTo(token);
        assertThat(rows(as(ONLINE).withUnlockToken(token))).hasSize(ROWS / 3);
        try (JazminReader r = JazminReader.open(file, ReadOptions.defaults().withKey(OWNER))) {
            assertThat(r.table().indexes()).extracting(i -> i.column()).containsExactly("id");
            assertThat(r.table().find(Filter.eq("id", 42L)).count()).isEqualTo(1);
            assertThat(r.metadata()).contains("\"source\":\"test\"");
            assertThat(r.visiblePartitions()).containsExactly("north", "south", "east");
        }
    }

    @Test
    void aSecondGrantOfAKeyReplacesItsFirst() {
        JazminFile.grantAccess(file, OWNER, AccessGrant.of(NORTH).withRows(List.of("north", "east")));

        try (JazminReader r = JazminReader.open(file, as(NORTH))) {
            assertThat(r.table().rows().map(row -> row.get("region")).distinct().toList())
                    .containsExactlyInAnyOrder("north", "east");
            assertThat(r.table().columns()).extracting(Column::name).contains("email");
            assertThat(r.accessExpires()).as("the new grant has no expiry").isNull();
        }
    }

    @Test
    void aRevokedKeyOpensNothingOfTheNewVersionAndOtherKeysAreUnaffected() throws IOException {
        byte[] before = Files.readAllBytes(file);
        AccessBundle old = SharedFileSlots.bundle(before, AccessCredential.ofAccessKey(NORTH));
        UnlockToken token = JazminFile.issueUnlockToken(file, OWNER, ONLINE);

        JazminFile.revokeAccess(file, OWNER, NORTH.keyId());

        assertThatThrownBy(() -> rows(as(NORTH))).isInstanceOf(JazminKeyException.class)
                .hasMessageContaining("has not been granted");
        assertThat(rows(as(ONLINE).withUnlockToken(token))).hasSize(ROWS / 3);
        assertThat(rows(ReadOptions.defaults().withKey(OWNER))).hasSize(ROWS);
        assertThat(JazminFile.listUnlockTokens(file, OWNER)).extracting(JazminFile.UnlockTokenGrant::keyId)
                .containsExactly(ONLINE.keyId());
        byte[] after = Files.readAllBytes(file);
        Preamble p0 = Preamble.decode(Arrays.copyOf(before, Preamble.SIZE));
        Preamble p1 = Preamble.decode(Arrays.copyOf(after, Preamble.SIZE));
        assertThat(p1.fileId()).isNotEqualTo(p0.fileId());
        assertThat(p1.salt()).isNotEqualTo(p0.salt());
        // The old bundle's header secret, even under the new file id and salt, opens nothing.
        Trailer trailer = Trailer.decodeIfValid(after, after.length - Trailer.SIZE, after.length - Trailer.SIZE);
        try (SectionCipher cipher = SectionCipher.forAccess(p1.fileId(), p1.salt(), old, "revoked")) {
            SectionReader r = new SectionReader(ByteSource.of(after), after.length - Trailer.SIZE, cipher,
                    ReadLimits.defaults());
            assertThatThrownBy(() -> Header.decode(r.open("header", trailer.headerOffset(),
                    r.readWhole("header", trailer.headerOffset(), trailer.headerLength()))))
                    .isInstanceOf(JazminException.class);
        }
        assertThat(new String(after, java.nio.charset.StandardCharsets.ISO_8859_1)).doesNotContain(NORTH.text());
    }

    @Test
    void aRewriteFailingHalfWayLeavesTheFileByteIdentical() throws IOException {
        byte[] damaged = Files.readAllBytes(file);
        // A byte of a chunk in the middle of the file: the rewrite fails after writing earlier chunks.
        damaged[damaged.length / 3] ^= 0x5a;
        Files.write(file, damaged);

        assertThatThrownBy(() -> JazminFile.grantAccess(file, OWNER, AccessGrant.of(NEWCOMER)))
                .isInstanceOf(JazminFormatException.class);
        assertThatThrownBy(() -> JazminFile.revokeAccess(file, OWNER, NORTH.keyId()))
                .isInstanceOf(JazminFormatException.class);

        assertUnchanged(damaged);
    }

    @Test
    void refusedChangesLeaveTheFileAsItWas() throws IOException {
        byte[] before = Files.readAllBytes(file);
        AccessKeyText foreign = AccessKeyText.generate(JazminKey.generate());

        assertThatThrownBy(() -> JazminFile.grantAccess(file, OWNER, AccessGrant.of(foreign)))
                .isInstanceOf(JazminKeyException.class).hasMessageContaining("issued by another owner");
        assertThatThrownBy(() -> JazminFile.grantAccess(file, JazminKey.generate(), AccessGrant.of(NEWCOMER)))
                .isInstanceOf(JazminKeyException.class).hasMessageContaining("not signed by the owner");
        assertThatThrownBy(() -> JazminFile.grantAccess(file, OWNER, AccessGrant.of(NEWCOMER).withColumns(List.of("x"))))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("unknown column group 'x'");
        assertThatThrownBy(() -> JazminFile.revokeAccess(file, OWNER, NEWCOMER.keyId()))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining(NEWCOMER.keyId())
                .hasMessageContaining("no grant");
        assertThatThrownBy(() -> JazminFile.grantAccess(file, OWNER))
                .isInstanceOf(JazminValidationException.class);

        assertUnchanged(before);
    }

    @Test
    void aFileThatIsNotSharedIsRefused() {
        Path plain = dir.resolve("plain.jzm");
        JazminWriter.write(plain, COLUMNS, WriteOptions.defaults().withKey(OWNER),
                Stream.of(java.util.Map.<String, Object>of("id", 1L)).iterator());

        assertThatThrownBy(() -> JazminFile.grantAccess(plain, OWNER, AccessGrant.of(NEWCOMER)))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("not access-controlled");
    }

    @Test
    void theReferenceWritersFileKeepsItsGrantsThroughARevocation() throws IOException {
        Path reference = dir.resolve("reference.jzm");
        Path cases = io.jazmin.testing.SharedFiles.conformanceCase("shared-access");
        Files.copy(cases.resolve("data.jzm"), reference);
        JazminKey owner = JazminKey.parse("jzk1-FpYXALgO8pZEXPfmVRmSnGIn46ej6kaoG_wPs1Sf_qbsIX1k");
        AccessKeyText bob = AccessKeyText.parse("jza1-pfEmZMV0F0sWwcMCzDwW8U_w9rCKQHgGj8-jQBZp_6Y6Pw5M2nI8SPksU6Q");
        AccessKeyText sally = AccessKeyText.parse("jza1-oXbqtGerZJRzF7iYomqUgSOeR-mWGLnxxDDOplPQMq06Pw5M2nI8SK2wDAI");
        long sallyRows = Files.readAllLines(cases.resolve("expected.sally.jsonl")).stream().filter(l -> !l.isBlank())
                .count();

        JazminFile.revokeAccess(reference, owner, bob.keyId());

        assertThatThrownBy(() -> JazminReader.open(reference, as(bob))).isInstanceOf(JazminKeyException.class);
        try (JazminReader r = JazminReader.open(reference, as(sally))) {
            assertThat(r.table().rows().count()).isEqualTo(sallyRows);
            assertThat(r.table().columns()).extracting(Column::name).contains("email", "balance");
        }
        try (JazminReader r = JazminReader.open(reference, ReadOptions.defaults().withKey(owner))) {
            assertThat(r.table().rows().count()).isEqualTo(400);
            assertThat(r.table().indexes()).extracting(i -> i.column()).contains("id", "name", "country");
        }
    }

    private void assertUnchanged(byte[] before) throws IOException {
        assertThat(Files.readAllBytes(file)).isEqualTo(before);
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("shared.jzm",
                    ".jazmin-lock-guard");
        }
    }
}
