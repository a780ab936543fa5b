package io.jazmin.endtoend.encryption;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import io.jazmin.testing.SmallFiles;
import io.jazmin.schema.Codec;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.error.JazminException;
import io.jazmin.error.JazminFormatException;
import io.jazmin.JazminReader;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.internal.catalog.ChunkDirectory;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.table.SectionIds;
import io.jazmin.testing.CanonicalJson;
import io.jazmin.testing.Written;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import io.jazmin.key.JazminKey;

/**
 * Tampering with an encrypted file is always detected with a typed {@link JazminException}, never
 * answered with wrong data: every single byte changed (two ways), sections swapped, and an
 * encrypted section replaced by a plain one.
 */
class TamperTest {
    private static final JazminKey KEY = JazminKey.generate();
    private static final int ROWS = 20;
    // Password files cost a PBKDF2 run per open: a smaller one keeps the byte loop quick.
    private static final int PASSWORD_ROWS = 6;
    private static final int[] FLIPS = {0xFF, 0x01};

    @Test
    void everyChangedByteOfAKeyFileIsDetected() {
        assertEveryByteChangeDetected(SmallFiles.withKey(KEY, ROWS), ROWS, ReadOptions.defaults().withKey(KEY));
    }

    @Test
    void everyChangedByteOfAPasswordFileIsDetected() {
        assertEveryByteChangeDetected(SmallFiles.withPassword(PASSWORD_ROWS), PASSWORD_ROWS,
                ReadOptions.defaults().withPassword(SmallFiles.PASSWORD));
    }

    private static void assertEveryByteChangeDetected(byte[] file, int rows, ReadOptions options) {
        List<String> expected = SmallFiles.expected(rows);
        assertEquals(expected, readEverything(file, options), "the untouched file reads back");
        for (int at = 0; at < file.length; at++) {
            for (int flip : FLIPS) {
                byte[] changed = file.clone();
                changed[at] ^= (byte) flip;
                List<String> read;
                try {
                    read = readEverything(changed, options);
                } catch (JazminException e) {
                    continue; // detected
                }
                fail("byte " + at + " of " + file.length + " xor 0x" + Integer.toHexString(flip)
                        + " was not detected; rows " + (read.equals(expected) ? "unchanged" : "CHANGED"));
            }
        }
    }

    /** Opens the file and reads every row and every section its header reaches. */
    private static List<String> readEverything(byte[] file, ReadOptions options) {
        List<String> rows;
        try (JazminReader reader = JazminReader.open(file, options)) {
            rows = reader.table().rows().map(CanonicalJson::rowText).toList();
        }
        try (EncryptedSections sections = new EncryptedSections(file, options)) {
            sections.readAll();
        }
        return rows;
    }

    @Test
    void swappingTwoSectionsOfTheSameSizeIsDetected() {
        // Identical rows and no compression: every chunk part has the same size.
        List<List<Long>> rows = Collections.nCopies(32, List.of(42L));
        byte[] file = Written.file(List.of(Column.required("n", ColumnType.INT)), rows,
                WriteOptions.defaults().withCodec(Codec.NONE).withChunkRows(8).withKey(KEY));
        ReadOptions options = ReadOptions.defaults().withKey(KEY);
        ChunkDirectory dir;
        try (EncryptedSections sections = new EncryptedSections(file, options)) {
            SectionRef ref = sections.header().tables().get(0).partitions().get(0).segments().get(0);
            dir = ChunkDirectory.decode(sections.read(SectionIds.directory(0, "*", 0), ref));
        }
        int a = (int) dir.partOffsets()[0];
        int b = (int) dir.partOffsets()[1];
        int length = (int) dir.partLengths()[0];
        assertEquals(length, dir.partLengths()[1], "chunk parts 0 and 1 have the same size");
        byte[] swapped = file.clone();
        System.arraycopy(file, a, swapped, b, length);
        System.arraycopy(file, b, swapped, a, length);
        JazminFormatException e = assertThrows(JazminFormatException.class, () -> readEverything(swapped, options));
        assertThat(e.getMessage()).contains("authentication");
    }

    @Test
    void aPlainSectionInAnEncryptedFileIsRefused() {
        byte[] file = SmallFiles.withKey(KEY, ROWS);
        byte[] downgraded = file.clone();
        downgraded[64 + 1] = 0; // first section's envelope flags: ENCRYPTED cleared; the CRC still matches
        JazminFormatException e = assertThrows(JazminFormatException.class,
                () -> readEverything(downgraded, ReadOptions.defaults().withKey(KEY)));
        assertThat(e.getMessage()).contains("not encrypted, but the file is");
    }

    @Test
    void aSectionMovedToAnotherFileIsDetected() {
        byte[] one = SmallFiles.withKey(KEY, ROWS);
        byte[] two = SmallFiles.withKey(KEY, ROWS);
        // Same key and rows, so the same layout, but another file id and salt: the first chunk
        // part of file two does not open in file one.
        assertEquals(one.length, two.length);
        byte[] mixed = one.clone();
        int partEnd = 64 + 16 + littleEndian(one, 64 + 8);
        System.arraycopy(two, 64, mixed, 64, partEnd - 64);
        assertThrows(JazminFormatException.class, () -> readEverything(mixed, ReadOptions.defaults().withKey(KEY)));
    }

    private static int littleEndian(byte[] b, int at) {
        return (b[at] & 0xFF) | (b[at + 1] & 0xFF) << 8 | (b[at + 2] & 0xFF) << 16 | (b[at + 3] & 0xFF) << 24;
    }
}
