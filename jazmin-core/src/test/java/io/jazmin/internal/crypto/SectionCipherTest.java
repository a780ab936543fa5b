package io.jazmin.internal.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jazmin.error.JazminFormatException;
import io.jazmin.error.JazminKeyException;
import io.jazmin.internal.catalog.Keyring;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import io.jazmin.internal.keys.Hkdf;

/** Section sealing: layout, AAD binding, key groups and clearing. */
class SectionCipherTest {
    private static final byte[] FILE_ID = bytes(16, 1);
    private static final byte[] SALT = bytes(32, 2);
    private static final byte[] HEAD = {1, 1, 0, 0, 5, 0, 0, 0};
    private static final byte[] PLAIN = "hello".getBytes(StandardCharsets.UTF_8);

    @Test
    void sealsAsNonceCiphertextTagAndOpensBack() {
        try (SectionCipher cipher = cipher(FILE_ID)) {
            byte[] sealed = cipher.seal("0/chunk/0/*", HEAD, PLAIN, 0, PLAIN.length);
            assertEquals(12 + PLAIN.length + 16, sealed.length);
            assertArrayEquals(PLAIN, cipher.open("0/chunk/0/*", HEAD, sealed, 0, sealed.length));
            byte[] again = cipher.seal("0/chunk/0/*", HEAD, PLAIN, 0, PLAIN.length);
            assertThat(Arrays.copyOf(again, 12)).as("fresh nonce").isNotEqualTo(Arrays.copyOf(sealed, 12));
        }
    }

    @Test
    void theAadBindsSectionIdEnvelopeAndFile() {
        byte[] sealed;
        try (SectionCipher cipher = cipher(FILE_ID)) {
            sealed = cipher.seal("0/chunk/0/*", HEAD, PLAIN, 0, PLAIN.length);
            byte[] otherHead = HEAD.clone();
            otherHead[0] = 0;
            assertThrows(JazminFormatException.class, () -> cipher.open("0/chunk/1/*", HEAD, sealed, 0, sealed.length));
            assertThrows(JazminFormatException.class, () -> cipher.open("0/chunk/0/*", otherHead, sealed, 0,
                    sealed.length));
        }
        try (SectionCipher other = cipher(bytes(16, 9))) {
            assertThrows(JazminFormatException.class, () -> other.open("0/chunk/0/*", HEAD, sealed, 0, sealed.length));
        }
    }

    @Test
    void aHeaderThatDoesNotOpenMeansTheWrongSecret() {
        byte[] sealed;
        try (SectionCipher cipher = cipher(FILE_ID)) {
            sealed = cipher.seal("header", HEAD, PLAIN, 0, PLAIN.length);
        }
        KeySchedule wrong = new KeySchedule(bytes(32, 4), SALT);
        try (SectionCipher cipher = SectionCipher.forReading(FILE_ID, wrong, "wrong key: test")) {
            JazminKeyException e = assertThrows(JazminKeyException.class,
                    () -> cipher.open("header", HEAD, sealed, 0, sealed.length));
            assertEquals("wrong key: test", e.getMessage());
        }
    }

    @Test
    void indexSectionsUseTheIndexGroupAndTheRestTheDataGroup() {
        assertEquals(KeyGroup.INDEX, KeyGroup.of("0/index/name/trigram"));
        assertEquals(KeyGroup.INDEX, KeyGroup.of("12/index/id/sorted/3/page/7"));
        assertEquals(KeyGroup.INDEX, KeyGroup.of("0/index/id/sorted/nulls"));
        assertEquals(KeyGroup.FILES, KeyGroup.of("files/dir"));
        assertEquals(KeyGroup.FILES, KeyGroup.of("files/dir/2"));
        for (String id : new String[] {"0/chunk/0/*", "0/dir/*", "0/dir/*/1", "0/stats/*/3", "0/partitions",
                "0/deletes/10", "delta/0", "index/x", "a/index/x", "0/chunk/1/index"}) {
            assertEquals(KeyGroup.DATA, KeyGroup.of(id), id);
        }
        try (KeySchedule keys = new KeySchedule(bytes(32, 3), SALT)) {
            keys.useKeyring(new Keyring(bytes(32, 5), bytes(32, 6), new byte[0]));
            // Same id text after the group prefix, different group salt: different keys.
            assertThat(keys.sectionKey("0/index/a")).isNotEqualTo(keys.sectionKey("0/chunk/0/*"));
            assertThat(keys.sectionKey("0/index/a")).isEqualTo(
                    Hkdf.derive(bytes(32, 3), bytes(32, 6), "JAZMIN/1/0/index/a".getBytes(StandardCharsets.UTF_8), 32));
            assertThat(keys.sectionKey("0/dir/*")).isEqualTo(
                    Hkdf.derive(bytes(32, 3), bytes(32, 5), "JAZMIN/1/0/dir/*".getBytes(StandardCharsets.UTF_8), 32));
            assertThat(keys.sectionKey("header")).isEqualTo(
                    Hkdf.derive(bytes(32, 3), SALT, "JAZMIN/1/header".getBytes(StandardCharsets.UTF_8), 32));
            assertThrows(JazminFormatException.class, () -> keys.sectionKey("files/dir"), "no files salt");
        }
    }

    @Test
    void groupKeysAreDerivedWhenFirstAskedForAndFollowAKeyringSetAgain() {
        byte[] master = bytes(32, 3);
        try (KeySchedule keys = new KeySchedule(master, SALT)) {
            keys.useKeyring(new Keyring(bytes(32, 5), bytes(32, 6), bytes(32, 7)));
            assertThat(keys.sectionKey("0/dir/*")).isEqualTo(spec(master, bytes(32, 5), "0/dir/*"));
            // A group first asked for after another was derived gets its own salt's key.
            assertThat(keys.sectionKey("files/dir")).isEqualTo(spec(master, bytes(32, 7), "files/dir"));
            // A keyring set again replaces the salts, and the keys derived from the old ones.
            keys.useKeyring(new Keyring(bytes(32, 8), bytes(32, 9), new byte[0]));
            assertThat(keys.sectionKey("0/dir/*")).isEqualTo(spec(master, bytes(32, 8), "0/dir/*"));
            assertThat(keys.sectionKey("0/index/a")).isEqualTo(spec(master, bytes(32, 9), "0/index/a"));
            assertThrows(JazminFormatException.class, () -> keys.sectionKey("files/dir"), "no files salt any more");
            keys.close();
            assertThrows(IllegalStateException.class, () -> keys.sectionKey("0/dir/*"));
        }
    }

    /** A section's key as spec §1.18 derives it: HKDF(master, group salt, "JAZMIN/1/" + id). */
    private static byte[] spec(byte[] master, byte[] salt, String id) {
        return Hkdf.derive(master, salt, ("JAZMIN/1/" + id).getBytes(StandardCharsets.UTF_8), 32);
    }

    @Test
    void opensInPlaceLeavingThePlaintextWhereTheNonceEnds() {
        try (SectionCipher cipher = cipher(FILE_ID)) {
            byte[] sealed = cipher.seal("0/chunk/0/*", HEAD, PLAIN, 0, PLAIN.length);
            byte[] buffer = new byte[3 + sealed.length + 2];
            System.arraycopy(sealed, 0, buffer, 3, sealed.length);
            int n = cipher.openInPlace("0/chunk/0/*", null, HEAD, buffer, 3, sealed.length);
            assertEquals(PLAIN.length, n);
            assertArrayEquals(PLAIN, Arrays.copyOfRange(buffer, 3 + SectionCipher.NONCE_SIZE,
                    3 + SectionCipher.NONCE_SIZE + n));
        }
    }

    @Test
    void aChangedOrMovedSectionDoesNotOpenInPlace() {
        try (SectionCipher cipher = cipher(FILE_ID)) {
            byte[] sealed = cipher.seal("0/chunk/0/*", HEAD, PLAIN, 0, PLAIN.length);
            byte[] changed = sealed.clone();
            changed[SectionCipher.NONCE_SIZE] ^= 1;
            assertThrows(JazminFormatException.class,
                    () -> cipher.openInPlace("0/chunk/0/*", null, HEAD, changed, 0, changed.length));
            byte[] moved = sealed.clone();
            assertThrows(JazminFormatException.class,
                    () -> cipher.openInPlace("0/chunk/1/*", null, HEAD, moved, 0, moved.length));
            assertThrows(JazminFormatException.class,
                    () -> cipher.openInPlace("0/chunk/0/*", null, HEAD, sealed, 0, SectionCipher.OVERHEAD - 1));
        }
    }

    @Test
    void sectionsOpenOneAfterAnotherOnOneThreadAndADamagedTagIsStillRefusedBetweenThem() {
        try (SectionCipher cipher = cipher(FILE_ID)) {
            byte[] other = "a second, longer section payload".getBytes(StandardCharsets.UTF_8);
            byte[] first = cipher.seal("0/chunk/0/*", HEAD, PLAIN, 0, PLAIN.length);
            byte[] second = cipher.seal("0/index/id/sorted/0/page/3", HEAD, other, 0, other.length);
            // The thread's cipher and AAD buffer serve each section in turn, in place and not.
            assertArrayEquals(PLAIN, cipher.open("0/chunk/0/*", HEAD, first, 0, first.length));
            byte[] inPlace = second.clone();
            int n = cipher.openInPlace("0/index/id/sorted/0/page/3", null, HEAD, inPlace, 0, inPlace.length);
            assertArrayEquals(other, Arrays.copyOfRange(inPlace, SectionCipher.NONCE_SIZE, SectionCipher.NONCE_SIZE + n));
            // A good section just opened on this thread does not let a damaged tag, or a shorter id, through.
            byte[] damagedTag = second.clone();
            damagedTag[damagedTag.length - 1] ^= 1;
            assertThrows(JazminFormatException.class,
                    () -> cipher.openInPlace("0/index/id/sorted/0/page/3", null, HEAD, damagedTag, 0, damagedTag.length));
            assertThrows(JazminFormatException.class, () -> cipher.open("0/chunk/0", HEAD, first, 0, first.length));
            // … and after a refused one the next good section opens again.
            assertArrayEquals(PLAIN, cipher.open("0/chunk/0/*", HEAD, first, 0, first.length));
            assertArrayEquals(other, cipher.open("0/index/id/sorted/0/page/3", HEAD, second, 0, second.length));
        }
    }

    @Test
    void theAadIsFileIdEnvelopeHeadAndUtf8IdAsTheJceSealsItForAnyId() throws Exception {
        byte[] master = bytes(32, 3);
        for (String id : new String[] {"0/chunk/0/*", "0/chunk/0/grüße", "0/stats/日本/1", "x".repeat(200)}) {
            // Sealed by the JCE directly with the spec's key and AAD (spec §1.18), opened by the section cipher.
            byte[] key = Hkdf.derive(master, bytes(32, 5), ("JAZMIN/1/" + id).getBytes(StandardCharsets.UTF_8), 32);
            byte[] nonce = bytes(12, 7);
            javax.crypto.Cipher jce = javax.crypto.Cipher.getInstance("AES/GCM/NoPadding");
            jce.init(javax.crypto.Cipher.ENCRYPT_MODE, new javax.crypto.spec.SecretKeySpec(key, "AES"),
                    new javax.crypto.spec.GCMParameterSpec(128, nonce));
            jce.updateAAD(FILE_ID);
            jce.updateAAD(HEAD);
            jce.updateAAD(id.getBytes(StandardCharsets.UTF_8));
            byte[] body = jce.doFinal(PLAIN);
            byte[] sealed = new byte[12 + body.length];
            System.arraycopy(nonce, 0, sealed, 0, 12);
            System.arraycopy(body, 0, sealed, 12, body.length);
            try (SectionCipher cipher = cipher(FILE_ID)) {
                assertArrayEquals(PLAIN, cipher.open(id, HEAD, sealed, 0, sealed.length), id);
            }
        }
    }

    @Test
    void closedKeysAreGone() {
        KeySchedule keys = new KeySchedule(bytes(32, 3), SALT);
        keys.close();
        assertThrows(IllegalStateException.class, () -> keys.sectionKey("header"));
    }

    private static SectionCipher cipher(byte[] fileId) {
        KeySchedule keys = new KeySchedule(bytes(32, 3), SALT);
        keys.useKeyring(new Keyring(bytes(32, 5), bytes(32, 6), new byte[0]));
        return SectionCipher.forWriting(fileId, keys);
    }

    private static byte[] bytes(int n, int fill) {
        byte[] b = new byte[n];
        Arrays.fill(b, (byte) fill);
        return b;
    }
}
