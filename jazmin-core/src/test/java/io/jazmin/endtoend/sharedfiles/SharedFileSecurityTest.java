package io.jazmin.endtoend.sharedfiles;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jazmin.testing.SharedFileSlots;
import io.jazmin.internal.crypto.AccessBundle;
import io.jazmin.internal.crypto.AccessCredential;
import io.jazmin.internal.crypto.KeySlots;
import io.jazmin.internal.crypto.SectionCipher;
import io.jazmin.testing.Secrets;
import io.jazmin.schema.Codec;
import io.jazmin.data.Filter;
import io.jazmin.error.JazminException;
import io.jazmin.JazminFile;
import io.jazmin.error.JazminFormatException;
import io.jazmin.error.JazminKeyException;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.error.JazminValidationException;
import io.jazmin.options.ReadOptions;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.options.WriteOptions;
import io.jazmin.internal.catalog.Header;
import io.jazmin.internal.catalog.Partition;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.catalog.TableEntry;
import io.jazmin.error.JazminUnlockRequiredException;
import io.jazmin.testing.ConformanceCase;
import io.jazmin.internal.wire.ByteWriter;
import io.jazmin.internal.wire.Preamble;
import io.jazmin.internal.section.SectionReader;
import io.jazmin.internal.section.SectionWriter;
import io.jazmin.internal.wire.Trailer;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.zip.CRC32;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import io.jazmin.internal.keys.KeyText;
import io.jazmin.internal.keys.OwnerSigning;

/**
 * Security of reading shared (access-controlled) files (spec §1.19, §4): a key reads only its
 * grant, every change to the signed parts is detected, files signed by another owner and
 * references without digests are refused, and secrets never show in messages or {@code toString}.
 * Uses the {@code shared-access} case: Bob sees partition ZA without group {@code pii}, Sally BW and
 * NA with every group (Carol, from the js-* fixtures, holds a key but no grant). Tampered files are re-signed in the test with
 * the owner's (or another) P-256 key, derived independently with BouncyCastle.
 */
class SharedFileSecurityTest {
    private static byte[] file;
    private static Preamble preamble;
    private static Trailer trailer;
    private static String ownerText;
    private static String bobText;
    private static String sallyText;
    private static String carolText;

    @BeforeAll
    static void load() throws Exception {
        ConformanceCase c = ConformanceCase.named("shared-access");
        file = Files.readAllBytes(c.dataFile());
        preamble = Preamble.decode(Arrays.copyOf(file, Preamble.SIZE));
        trailer = Trailer.decodeIfValid(file, file.length - Trailer.SIZE, file.length - Trailer.SIZE);
        ownerText = view(c, "owner").spec().get("keyText").asString();
        bobText = view(c, "bob").spec().get("accessKeyText").asString();
        sallyText = view(c, "sally").spec().get("accessKeyText").asString();
        carolText = Secrets.keysJson().get("carol").asString();
    }

    private static ConformanceCase.View view(ConformanceCase c, String name) {
        return c.views().stream().filter(v -> v.name().equals(name)).findFirst().orElseThrow();
    }

    // ---- keys ----------------------------------------------------------------------------------

    @Test
    void anAccessKeyTextCarriesItsSlotIdAndTheOwnersFingerprint() {
        AccessKeyText bob = AccessKeyText.parse(bobText);
        byte[] body = Base64.getUrlDecoder().decode(bobText.substring(5));
        byte[] slotId = Arrays.copyOf(sha256("JAZMIN/1/slot-id".getBytes(StandardCharsets.US_ASCII),
                Arrays.copyOf(body, 32)), 8);
        assertEquals(HexFormat.of().formatHex(slotId), bob.keyId());
        assertArrayEquals(Arrays.copyOf(sha256(ownerPublicKey()), 8), bob.ownerFingerprint(),
                "the fingerprint of the owner's public key");
        char last = bobText.charAt(bobText.length() - 1);
        String typo = bobText.substring(0, bobText.length() - 1) + (last == 'A' ? 'B' : 'A');
        JazminKeyException e = assertThrows(JazminKeyException.class, () -> AccessKeyText.parse(typo));
        assertThat(e.getMessage()).contains("checksum mismatch").doesNotContain(typo);
    }

    @Test
    void theOwnersSigningKeyIsTheSpecDerivationAndSignedTheFile() {
        byte[] q = OwnerSigning.publicKey(JazminKey.parse(ownerText).bytes());
        assertArrayEquals(ownerPublicKey(), q, "d·G with d = (HKDF(owner key, '', owner-signing, 48) mod (n-1)) + 1");
        byte[] signature = SharedFileSlots.payload(file, trailer.signatureOffset(), trailer.signatureLength());
        assertArrayEquals(q, Arrays.copyOf(signature, 65), "the file's signer");
    }

    // ---- least privilege -----------------------------------------------------------------------

    @Test
    void anAccessKeyReadsOnlyItsPartitionsAndGroups() {
        AccessKeyText bob = AccessKeyText.parse(bobText);
        try (JazminReader reader = JazminReader.open(file, ReadOptions.defaults().withAccessKey(bob))) {
            JazminTable table = reader.table();
            assertEquals(bob.keyId(), reader.accessKeyId());
            assertEquals(List.of("ZA"), reader.visiblePartitions());
            assertEquals(List.of("*"), reader.visibleColumnGroups());
            assertThat(table.columns()).extracting(io.jazmin.schema.Column::name).doesNotContain("email", "balance");
            List<Row> rows = table.rows().toList();
            assertEquals(50, rows.size());
            assertThat(rows).allSatisfy(r -> assertEquals("ZA", r.get("country")));
            assertEquals(350, table.hiddenRowCount());
            assertEquals(350, reader.hiddenRowCount());
            assertTrue(table.indexes().isEmpty(), "only the owner uses indexes");
        }
    }

    @Test
    void aHiddenColumnFailsExactlyLikeAnUnknownOne() {
        try (JazminReader reader = JazminReader.open(file, ReadOptions.defaults()
                .withAccessKey(AccessKeyText.parse(bobText)))) {
            JazminTable table = reader.table();
            for (String hidden : List.of("email", "balance")) {
                String unknown = "no_such_" + hidden;
                assertSameFailure(() -> table.count(Filter.parse("{\"" + hidden + "\": {\"eq\": \"x\"}}")),
                        () -> table.count(Filter.parse("{\"" + unknown + "\": {\"eq\": \"x\"}}")), hidden, unknown);
                assertSameFailure(() -> table.find(null, RowQuery.all().withSelect(List.of(hidden))).toList(),
                        () -> table.find(null, RowQuery.all().withSelect(List.of(unknown))).toList(), hidden, unknown);
            }
        }
    }

    private static void assertSameFailure(Executable hidden, Executable unknown, String hiddenName,
                                          String unknownName) {
        JazminValidationException a = assertThrows(JazminValidationException.class, hidden);
        JazminValidationException b = assertThrows(JazminValidationException.class, unknown);
        assertEquals(b.getMessage().replace(unknownName, hiddenName), a.getMessage());
    }

    @Test
    void aRowOfAnotherPartitionIsNotReturnedByItsId() {
        long hidden;
        try (JazminReader owner = JazminReader.open(file, ReadOptions.defaults().withKey(JazminKey.parse(ownerText)))) {
            hidden = owner.table().rows().filter(r -> !"ZA".equals(r.get("country"))).findFirst().orElseThrow()
                    .rowId();
        }
        try (JazminReader reader = JazminReader.open(file, ReadOptions.defaults()
                .withAccessKey(AccessKeyText.parse(bobText)))) {
            assertTrue(reader.table().get(hidden).isEmpty(), "row " + hidden + " is outside Bob's grant");
        }
    }

    @Test
    void aKeyWithoutAGrantIsRefused() {
        // A key issued by this owner (its fingerprint) for which the file holds no slot.
        byte[] body = Arrays.copyOf(new byte[32], 40);
        new SecureRandom().nextBytes(body);
        System.arraycopy(AccessKeyText.parse(bobText).ownerFingerprint(), 0, body, 32, 8);
        String unknownText = KeyText.encode(AccessKeyText.PREFIX, body);
        ReadOptions unknown = ReadOptions.defaults().withAccessKey(AccessKeyText.parse(unknownText));
        JazminKeyException e = assertThrows(JazminKeyException.class, () -> JazminReader.open(file, unknown));
        assertThat(e.getMessage()).contains("has not been granted").doesNotContain(unknownText);
        assertNoSecrets(e);
        // Carol's key (keys.json) comes from the owner of the js-* fixtures: refused before any slot is looked at.
        ReadOptions carol = ReadOptions.defaults().withAccessKey(AccessKeyText.parse(carolText));
        JazminKeyException other = assertThrows(JazminKeyException.class, () -> JazminReader.open(file, carol));
        assertThat(other.getMessage()).contains("not signed by the owner of this key");
        assertNoSecrets(other);
    }

    @Test
    void anOnlineGrantNeedsAnUnlockToken() throws Exception {
        // In js-access Carol holds an online grant: its slot is sealed with a share of the key service.
        byte[] jsAccess = Files.readAllBytes(ConformanceCase.named("js-access").dataFile());
        AccessKeyText carol = AccessKeyText.parse(carolText);
        JazminUnlockRequiredException e = assertThrows(JazminUnlockRequiredException.class,
                () -> JazminReader.open(jsAccess, ReadOptions.defaults().withAccessKey(carol)));
        assertEquals(carol.keyId(), e.keyId());
        assertThat(e.getMessage()).contains(carol.keyId()).contains("unlock token");
        assertNoSecrets(e);
    }

    // ---- integrity and authenticity ------------------------------------------------------------

    @Test
    void theResigningHelperKeepsAFileReadable() {
        byte[] again = resigned(file, UnaryOperator.identity(), ownerScalar());
        assertReadable(again, bobText, 50);
        assertReadable(again, sallyText, 100);
    }

    @Test
    void aFlippedByteInTheSignatureIsDetected() {
        long payload = trailer.signatureOffset() + 16;
        // r (and s) of the signature, CRC fixed so only the signature check can catch it.
        for (long at : new long[] {payload + 65 + 5, payload + 65 + 40}) {
            JazminFormatException e = assertThrows(JazminFormatException.class,
                    () -> open(flipped(file, at, trailer.signatureOffset(), trailer.signatureLength()), bobText));
            assertThat(e.getMessage()).contains("signature is invalid");
        }
        // The signer's public key: no longer this owner's.
        JazminKeyException e = assertThrows(JazminKeyException.class,
                () -> open(flipped(file, payload + 10, trailer.signatureOffset(), trailer.signatureLength()), bobText));
        assertThat(e.getMessage()).contains("not signed by the owner of this key");
        // Without the CRC fixed, the envelope check catches it first.
        byte[] raw = file.clone();
        raw[(int) payload + 70] ^= 1;
        assertThrows(JazminFormatException.class, () -> open(raw, bobText));
    }

    @Test
    void aFlippedByteInTheKeySlotListOrPageIsDetected() {
        long list = trailer.keyslotsOffset();
        JazminFormatException inList = assertThrows(JazminFormatException.class,
                () -> open(flipped(file, list + 16 + 4 + 10, list, trailer.keyslotsLength()), bobText));
        assertThat(inList.getMessage()).contains("signature is invalid");

        KeySlots.PageRef page = KeySlots.findPage(SharedFileSlots.payload(file, list, trailer.keyslotsLength()),
                AccessCredential.ofAccessKey(AccessKeyText.parse(bobText)).slotId());
        for (long at : new long[] {page.offset() + 16 + 2, page.offset() + page.length() - 3}) {
            JazminFormatException e = assertThrows(JazminFormatException.class,
                    () -> open(flipped(file, at, page.offset(), page.length()), bobText));
            assertThat(e.getMessage()).contains("key-slot page does not match the owner's signature");
        }
    }

    @Test
    void aFileSignedByAnotherOwnerIsRefused() {
        BigInteger stranger = new BigInteger(255, new SecureRandom()).add(BigInteger.ONE);
        byte[] forged = resigned(file, UnaryOperator.identity(), stranger);
        for (ReadOptions options : List.of(ReadOptions.defaults().withAccessKey(AccessKeyText.parse(bobText)),
                ReadOptions.defaults().withKey(JazminKey.parse(ownerText)))) {
            JazminKeyException e = assertThrows(JazminKeyException.class, () -> JazminReader.open(forged, options));
            assertThat(e.getMessage()).contains("not signed by the owner of this key");
            assertNoSecrets(e);
        }
    }

    @Test
    void aReferenceWithoutItsDigestIsRefused() {
        byte[] stripped = resigned(file, h -> withSegmentDigests(h, new byte[0]), ownerScalar());
        JazminFormatException e = assertThrows(JazminFormatException.class, () -> readAll(stripped, bobText));
        assertThat(e.getMessage()).contains("no digest");
        byte[] wrong = resigned(file, h -> withSegmentDigests(h, new byte[32]), ownerScalar());
        JazminFormatException w = assertThrows(JazminFormatException.class, () -> readAll(wrong, sallyText));
        assertThat(w.getMessage()).contains("does not match its digest");
    }

    /** The header with every directory segment reference's digest replaced. */
    private static Header withSegmentDigests(Header h, byte[] digest) {
        List<TableEntry> tables = new ArrayList<>();
        for (TableEntry t : h.tables()) {
            List<Partition> partitions = new ArrayList<>();
            for (Partition p : t.partitions()) {
                partitions.add(new Partition(p.id(), p.segments().stream()
                        .map(s -> new SectionRef(s.offset(), s.length(), digest)).toList()));
            }
            tables.add(new TableEntry(t.name(), t.columnCount(), t.columnGroups(), t.sortedBy(), t.partitionBy(),
                    t.rowCount(), t.deletedCount(), t.chunkCount(), partitions, t.partitionTable(), t.indexes(),
                    t.deletes()));
        }
        return new Header(h.readerFeatures(), h.writerFeatures(), h.created(), h.modified(), h.appendCount(),
                h.metadata(), tables, h.keyring(), h.files(), h.access(), h.deltas());
    }

    @Test
    void appendingWithAHoldersSecretIsRefusedAndLeavesTheFileUnchanged(@TempDir Path dir) throws Exception {
        Path copy = dir.resolve("shared.jzm");
        Files.write(copy, file);
        WriteOptions holder = WriteOptions.defaults().withKey(JazminKey.of(AccessKeyText.parse(bobText).secret()));
        JazminKeyException e = assertThrows(JazminKeyException.class,
                () -> JazminFile.append(copy, List.of(Map.of("id", 1000L)).iterator(), holder));
        assertThat(e.getMessage()).contains("not signed by the owner");
        assertArrayEquals(file, Files.readAllBytes(copy));
    }

    // ---- secrets -------------------------------------------------------------------------------

    @Test
    void secretsNeverShowInToStringOrMessages() {
        AccessKeyText bob = AccessKeyText.parse(bobText);
        JazminKey owner = JazminKey.parse(ownerText);
        AccessBundle bundle = SharedFileSlots.bundle(file, AccessCredential.ofAccessKey(bob));
        List<String> shown = List.of(bob.toString(), owner.toString(), AccessCredential.ofAccessKey(bob).toString(),
                AccessCredential.ofOwner(owner).toString(), bundle.toString(),
                ReadOptions.defaults().withAccessKey(bob).toString());
        List<String> secrets = new ArrayList<>(List.of(bobText, ownerText, bobText.substring(5, 25),
                ownerText.substring(5, 25)));
        secrets.add(Base64.getEncoder().encodeToString(bundle.header()));
        bundle.partitions().values().forEach(s -> secrets.add(Base64.getEncoder().encodeToString(s)));
        for (String s : shown) {
            for (String secret : secrets) {
                assertThat(s).doesNotContain(secret);
            }
        }
        assertThat(bundle.toString()).contains("ZA");
        assertThat(bob.toString()).contains(bob.keyId());
    }

    private static void assertNoSecrets(JazminException e) {
        for (String text : List.of(bobText, ownerText, carolText, sallyText)) {
            assertThat(e.getMessage()).doesNotContain(text).doesNotContain(text.substring(5, 25));
        }
    }

    // ---- helpers -------------------------------------------------------------------------------

    private static void open(byte[] bytes, String accessKey) {
        JazminReader.open(bytes, ReadOptions.defaults().withAccessKey(AccessKeyText.parse(accessKey))).close();
    }

    private static void readAll(byte[] bytes, String accessKey) {
        try (JazminReader r = JazminReader.open(bytes, ReadOptions.defaults()
                .withAccessKey(AccessKeyText.parse(accessKey)))) {
            r.table().rows().forEach(row -> { });
        }
    }

    private static void assertReadable(byte[] bytes, String accessKey, int rows) {
        try (JazminReader r = JazminReader.open(bytes, ReadOptions.defaults()
                .withAccessKey(AccessKeyText.parse(accessKey)))) {
            assertEquals(rows, r.table().rows().count());
        }
    }

    private static BigInteger ownerScalar() {
        return ForgedGrants.ownerScalar(JazminKey.parse(ownerText));
    }

    private static byte[] ownerPublicKey() {
        return ForgedGrants.publicKey(ownerScalar());
    }

    private static Header header(AccessBundle owner, byte[] bytes) {
        try (SectionCipher cipher = SectionCipher.forAccess(preamble.fileId(), preamble.salt(), owner, "test")) {
            SectionReader r = new SectionReader(io.jazmin.internal.wire.ByteSource.of(bytes), bytes.length - Trailer.SIZE,
                    cipher, io.jazmin.options.ReadLimits.defaults());
            byte[] whole = r.readWhole("header", trailer.headerOffset(), trailer.headerLength());
            return Header.decode(r.open("header", trailer.headerOffset(), whole));
        }
    }

    /**
     * A new version of the file: the header changed by {@code change}, sealed again with H, and a
     * signature by the holder of scalar {@code d}, appended after the old sections with a new trailer.
     */
    private static byte[] resigned(byte[] bytes, UnaryOperator<Header> change, BigInteger d) {
        AccessBundle owner = SharedFileSlots.bundle(file, AccessCredential.ofOwner(JazminKey.parse(ownerText)));
        Header header = change.apply(header(owner, bytes));
        byte[] raw = header.encode();
        byte[] headerSection;
        // A fresh bundle: closing header()'s cipher wiped the secrets of the one it was given.
        try (SectionCipher cipher = SectionCipher.forAccess(preamble.fileId(), preamble.salt(),
                SharedFileSlots.bundle(file, AccessCredential.ofOwner(JazminKey.parse(ownerText))), "test")) {
            headerSection = new SectionWriter(Codec.NONE, 0, cipher).section("header", raw, raw.length);
        }
        byte[] listSection = Arrays.copyOfRange(bytes, (int) trailer.keyslotsOffset(),
                (int) (trailer.keyslotsOffset() + trailer.keyslotsLength()));
        byte[] signature = ForgedGrants.signature(d, preamble.fileId(), listSection, headerSection);
        byte[] signatureSection = new SectionWriter(Codec.NONE, 0).section("signature", signature, signature.length);

        int end = bytes.length - Trailer.SIZE;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(bytes, 0, end);
        long headerAt = end;
        out.writeBytes(headerSection);
        long signatureAt = headerAt + headerSection.length;
        out.writeBytes(signatureSection);
        out.writeBytes(new Trailer(headerAt, headerSection.length, trailer.keyslotsOffset(), trailer.keyslotsLength(),
                signatureAt, signatureSection.length).encode());
        return out.toByteArray();
    }

    /** A copy with byte {@code at} flipped inside the section at {@code offset}, its CRC made right again. */
    private static byte[] flipped(byte[] bytes, long at, long offset, long length) {
        byte[] copy = bytes.clone();
        copy[(int) at] ^= 0x01;
        CRC32 crc = new CRC32();
        crc.update(copy, (int) offset + 16, (int) length - 16);
        ByteWriter w = new ByteWriter(4);
        w.u32(crc.getValue());
        System.arraycopy(w.toByteArray(), 0, copy, (int) offset + 12, 4);
        return copy;
    }

    private static byte[] sha256(byte[]... parts) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (byte[] p : parts) {
                md.update(p);
            }
            return md.digest();
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
