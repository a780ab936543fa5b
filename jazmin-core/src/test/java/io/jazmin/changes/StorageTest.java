package io.jazmin.changes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jazmin.data.Filter;
import io.jazmin.JazminFile;
import io.jazmin.error.JazminKeyException;
import io.jazmin.options.AccessState;
import io.jazmin.options.ReadOptions;
import io.jazmin.schema.Storage;
import io.jazmin.options.WriteOptions;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.key.JazminKey;
import io.jazmin.internal.reader.FileOpener;
import io.jazmin.internal.reader.OpenedFile;
import io.jazmin.testing.ConformanceCase;
import io.jazmin.internal.wire.ByteSource;
import io.jazmin.internal.wire.Trailer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/** {@link JazminFile#storage}: live and dead bytes, segments, chunks and deleted rows (spec §1.24). */
class StorageTest {
    @TempDir
    Path dir;

    @Test
    void deadBytesGrowBySupersededCatalogAndVanishOnCompaction() throws IOException {
        JazminKey key = JazminKey.generate();
        WriteOptions options = Rows.indexed(WriteOptions.defaults().withChunkRows(50)).withKey(key);
        ReadOptions read = ReadOptions.defaults().withKey(key);
        Path file = dir.resolve("s.jzm");
        Rows.write(file, options, 0, 200);

        Storage s0 = JazminFile.storage(file, read);
        assertEquals(Files.size(file), s0.fileBytes());
        assertEquals(s0.fileBytes(), s0.versionBytes());
        assertEquals(s0.fileBytes(), s0.liveBytes(), "a fresh file has every byte accounted for");
        assertEquals(0, s0.deadBytes());
        assertEquals(0, s0.appendCount());
        assertFalse(s0.appended());
        assertEquals(4, s0.chunks());
        assertEquals(1, s0.directorySegments());
        assertEquals(0, s0.deletedRows());
        assertEquals(200, s0.tables().get(0).rowCount());
        assertEquals(3, s0.tables().get(0).indexSegments());

        long header0 = headerLength(file, read);
        JazminFile.append(file, Rows.range(200, 300), options);
        Storage s1 = JazminFile.storage(file, read);
        assertEquals(header0 + Trailer.SIZE, s1.deadBytes(), "the old header and trailer");
        assertEquals(6, s1.chunks());
        assertEquals(2, s1.directorySegments());
        assertEquals(6, s1.tables().get(0).indexSegments());
        assertEquals(1, s1.appendCount());
        assertTrue(s1.appended());

        long header1 = headerLength(file, read);
        JazminFile.delete(file, Filter.lt("id", 10L), options);
        Storage s2 = JazminFile.storage(file, read);
        assertEquals(s1.deadBytes() + header1 + Trailer.SIZE, s2.deadBytes());
        assertEquals(10, s2.deletedRows());
        assertEquals(290, s2.tables().get(0).rowCount());
        assertEquals(2, s2.directorySegments(), "a delete adds no directory segment");

        long header2 = headerLength(file, read);
        long deletes2 = deletesLength(file, read);
        JazminFile.delete(file, Filter.lt("id", 20L), options);
        Storage s3 = JazminFile.storage(file, read);
        assertEquals(s2.deadBytes() + header2 + Trailer.SIZE + deletes2, s3.deadBytes(),
                "the old header, trailer and deleted-row list");
        assertEquals(20, s3.deletedRows());
        assertEquals(s3.fileBytes(), s3.liveBytes() + s3.deadBytes());

        // An interrupted append's tail is dead too.
        byte[] tail = new byte[777];
        Files.write(file, tail, StandardOpenOption.APPEND);
        Storage torn = JazminFile.storage(file, read);
        assertTrue(torn.recovered());
        assertEquals(s3.fileBytes(), torn.versionBytes());
        assertEquals(s3.deadBytes() + tail.length, torn.deadBytes());

        JazminFile.compact(file, options);
        Storage s4 = JazminFile.storage(file, read);
        assertEquals(0, s4.deadBytes());
        assertEquals(0, s4.deletedRows());
        assertEquals(0, s4.appendCount());
        assertFalse(s4.appended());
        assertEquals(1, s4.directorySegments());
        assertEquals(280, s4.tables().get(0).rowCount());
        assertEquals(Files.size(file), s4.liveBytes());
    }

    /**
     * No options are no secret, as a {@code null} key or password is elsewhere: a plain file's
     * report, and the typed error of a file that needs a key, never a NullPointerException.
     */
    @Test
    void nullOptionsReadAPlainFileAndAskAnEncryptedFileForItsKey() {
        Path plain = dir.resolve("plain.jzm");
        Rows.write(plain, WriteOptions.defaults(), 0, 10);
        assertEquals(JazminFile.storage(plain), JazminFile.storage(plain, null));

        Path encrypted = dir.resolve("encrypted.jzm");
        Rows.write(encrypted, WriteOptions.defaults().withKey(JazminKey.generate()), 0, 10);
        assertThrows(JazminKeyException.class, () -> JazminFile.storage(encrypted, null));
    }

    /**
     * Files the reference library wrote without appends have no dead byte for any key that opens
     * them: every section is found (for the owner of a shared file too: key-slot pages, owner
     * directory and catalog, indexes and chunk maps). An access key counts what it cannot see as
     * hidden, never as dead.
     */
    @TestFactory
    Stream<DynamicTest> referenceFilesAreFullyAccountedFor() {
        return ConformanceCase.all().stream().flatMap(c -> c.views().stream().map(v -> DynamicTest.dynamicTest(
                v.toString(), () -> {
                    Storage s = JazminFile.storage(c.dataFile(), v.readOptions().withAccessState(AccessState.disabled()));
                    assertEquals(Files.size(c.dataFile()), s.fileBytes());
                    assertEquals(s.fileBytes(), s.liveBytes() + s.deadBytes() + s.hiddenBytes(), v + ": " + s);
                    if ("accessKeyText".equals(v.secretKind())) {
                        assertEquals(0, s.deadBytes(), v + ": a holder cannot tell superseded bytes: " + s);
                        assertTrue(s.hiddenBytes() > 0, v + ": partitions, groups or indexes are hidden: " + s);
                    } else if (s.appendCount() == 0) {
                        assertEquals(0, s.hiddenBytes(), v + ": " + s);
                        assertEquals(0, s.deadBytes(), v + ": " + s);
                    } else {
                        assertEquals(0, s.hiddenBytes(), v + ": " + s);
                        // The reference append leaves at least the first header and trailer behind.
                        assertTrue(s.deadBytes() > Trailer.SIZE, v + ": " + s);
                    }
                })));
    }

    private static long headerLength(Path file, ReadOptions read) throws IOException {
        try (ByteSource source = ByteSource.open(file)) {
            OpenedFile f = FileOpener.open(source, read);
            closeKeys(f);
            return f.version().trailer().headerLength();
        }
    }

    private static long deletesLength(Path file, ReadOptions read) throws IOException {
        try (ByteSource source = ByteSource.open(file)) {
            OpenedFile f = FileOpener.open(source, read);
            closeKeys(f);
            SectionRef ref = f.header().tables().get(0).deletes();
            return ref == null ? 0 : ref.length();
        }
    }

    private static void closeKeys(OpenedFile f) {
        if (f.cipher() != null) {
            f.cipher().close();
        }
    }
}
