package io.jazmin.endtoend.encryption;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jazmin.testing.Secrets;
import io.jazmin.testing.SmallFiles;
import io.jazmin.schema.Codec;
import io.jazmin.data.Filter;
import io.jazmin.schema.IndexKind;
import io.jazmin.JazminReader;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.internal.catalog.Keyring;
import io.jazmin.testing.CanonicalJson;
import io.jazmin.testing.ConformanceCase;
import io.jazmin.internal.wire.Preamble;
import io.jazmin.internal.wire.SectionEnvelope;
import io.jazmin.internal.wire.Trailer;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import io.jazmin.key.JazminKey;

/** Files we write with a key or a password read back exactly and are laid out as the reference writer's. */
class EncryptedWriteTest {
    private static final int ROWS = 100;

    @Test
    void keyFilesRoundTrip() {
        JazminKey key = JazminKey.generate();
        for (Codec codec : Codec.values()) {
            byte[] file = SmallFiles.write(ROWS, WriteOptions.defaults().withCodec(codec).withKey(key));
            assertEquals(SmallFiles.expected(ROWS), SmallFiles.read(file, ReadOptions.defaults().withKey(key)),
                    codec.codecName());
        }
    }

    @Test
    void passwordFilesRoundTrip() {
        byte[] file = SmallFiles.withPassword(ROWS);
        assertEquals(SmallFiles.expected(ROWS),
                SmallFiles.read(file, ReadOptions.defaults().withPassword(SmallFiles.PASSWORD)));
    }

    @Test
    void indexedKeyFilesAnswerFiltersThroughTheirIndexes() {
        JazminKey key = JazminKey.generate();
        WriteOptions indexed = WriteOptions.defaults().withIndex("id", IndexKind.SORTED)
                .withIndex("name", IndexKind.TRIGRAM);
        byte[] file = SmallFiles.write(ROWS, indexed.withKey(key));
        ReadOptions options = ReadOptions.defaults().withKey(key);
        try (JazminReader reader = JazminReader.open(file, options)) {
            Filter byId = Filter.eq("id", 7L * 7919 - 50_000);
            assertEquals("index", reader.table().explain(byId).strategy());
            assertEquals(List.of(SmallFiles.expected(ROWS).get(7)),
                    reader.table().find(byId).map(CanonicalJson::rowText).toList());
            assertEquals(9, reader.table().count(Filter.contains("name", "name-1")));
        }
        try (EncryptedSections sections = new EncryptedSections(file, options)) {
            assertThat(sections.readAll().idsRead()).contains("0/index/id/sorted", "0/index/name/trigram");
        }
    }

    @Test
    void passwordFilesUse600000IterationsByDefault() {
        byte[] file = SmallFiles.write(3, WriteOptions.defaults().withPassword(SmallFiles.PASSWORD));
        Preamble preamble = Preamble.decode(file);
        assertEquals(Preamble.ENCRYPTED | Preamble.PASSWORD, preamble.flags());
        assertEquals(600_000, preamble.kdfIterations());
        try (JazminReader reader = JazminReader.open(file, ReadOptions.defaults().withPassword(SmallFiles.PASSWORD))) {
            assertTrue(reader.passwordProtected());
            assertEquals(3, reader.table().rows().count());
        }
    }

    @Test
    void keyFilesHaveTheReferenceLayout() throws Exception {
        ConformanceCase jsKey = ConformanceCase.named("js-key");
        JazminKey key = JazminKey.parse(Secrets.keysJson().get("key").asString());
        byte[] reference = Files.readAllBytes(jsKey.dataFile());
        byte[] ours = SmallFiles.withKey(key, ROWS);
        assertSameLayout(reference, ours, ReadOptions.defaults().withKey(key));
        assertEquals(0, Preamble.decode(ours).kdfIterations());
    }

    @Test
    void passwordFilesHaveTheReferenceLayout() throws Exception {
        ConformanceCase jsPassword = ConformanceCase.named("js-password");
        String password = Secrets.keysJson().get("password").asString();
        byte[] reference = Files.readAllBytes(jsPassword.dataFile());
        byte[] ours = SmallFiles.write(ROWS, WriteOptions.defaults().withPassword(password).withKdfIterations(1_000));
        assertSameLayout(reference, ours, ReadOptions.defaults().withPassword(password));
        assertEquals(Preamble.decode(reference).kdfIterations(), Preamble.decode(ours).kdfIterations());
    }

    /** Same flags; random salt; keyring with the same groups of 32-byte salts; every section encrypted. */
    private static void assertSameLayout(byte[] reference, byte[] ours, ReadOptions options) {
        Preamble theirs = Preamble.decode(reference);
        Preamble mine = Preamble.decode(ours);
        assertEquals(theirs.flags(), mine.flags(), "preamble flags");
        assertThat(mine.salt()).hasSize(32).isNotEqualTo(new byte[32]);
        try (EncryptedSections r = new EncryptedSections(reference, options).readAll();
             EncryptedSections o = new EncryptedSections(ours, options).readAll()) {
            assertEquals(groups(r.header().keyring()), groups(o.header().keyring()), "keyring groups");
            assertThat(o.header().keyring().data()).hasSize(32).isNotEqualTo(o.header().keyring().index());
            assertEveryEnvelopeEncrypted(ours);
        }
    }

    private static List<String> groups(Keyring keyring) {
        return List.of(keyring.data().length + " data", keyring.index().length + " index",
                keyring.files().length + " files");
    }

    /** Walks the sections back to back from offset 64 to the trailer: each has the ENCRYPTED flag. */
    private static void assertEveryEnvelopeEncrypted(byte[] file) {
        int at = Preamble.SIZE;
        int sections = 0;
        while (at < file.length - Trailer.SIZE) {
            SectionEnvelope env = SectionEnvelope.decode(file, at);
            assertTrue(env.encrypted(), "section at " + at + " is encrypted");
            at += SectionEnvelope.SIZE + (int) env.payloadLength();
            sections++;
        }
        assertEquals(file.length - Trailer.SIZE, at, "sections fill the file up to the trailer");
        assertThat(sections).isGreaterThan(3);
    }

    @Test
    void everyWriteHasANewFileIdAndSalt() {
        JazminKey key = JazminKey.generate();
        Preamble a = Preamble.decode(SmallFiles.withKey(key, 3));
        Preamble b = Preamble.decode(SmallFiles.withKey(key, 3));
        assertThat(a.fileId()).isNotEqualTo(b.fileId());
        assertThat(a.salt()).isNotEqualTo(b.salt());
    }

    @Test
    void optionsNeverPrintSecrets() {
        JazminKey key = JazminKey.generate();
        String secretPart = key.text().substring(5);
        assertThat(WriteOptions.defaults().withKey(key).toString()).doesNotContain(secretPart).contains(key.keyId());
        assertThat(WriteOptions.defaults().withPassword("hunter22").toString()).doesNotContain("hunter22");
        assertThat(ReadOptions.defaults().withKey(key).toString()).doesNotContain(secretPart);
        assertThat(ReadOptions.defaults().withPassword("hunter22").toString()).doesNotContain("hunter22");
        assertThat(Arrays.toString(new Object[] {key})).doesNotContain(secretPart);
    }
}
