package io.jazmin.internal.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jazmin.testing.SmallFiles;
import io.jazmin.JazminFile;
import io.jazmin.error.JazminKeyException;
import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.internal.wire.Preamble;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import io.jazmin.key.DerivedKeyCache;
import io.jazmin.internal.keys.PasswordKdf;
import io.jazmin.key.Secret;

/** One PBKDF2 run per (password, salt, iterations): per file version, not per open. */
class DerivedKeyCacheTest {
    private static final int ITERATIONS = 1_000;
    private static final byte[] SALT = salt(1);

    @Test
    void aKeptKeyIsTheDerivedOneAndIsNotDerivedAgain() {
        try (DerivedKeyCache cache = new DerivedKeyCache()) {
            byte[] first = cache.derive(Secret.of(SmallFiles.PASSWORD), SALT, ITERATIONS);
            byte[] second = cache.derive(Secret.of(SmallFiles.PASSWORD), SALT, ITERATIONS);
            assertArrayEquals(PasswordKdf.derive(SmallFiles.PASSWORD.toCharArray(), SALT, ITERATIONS), first);
            assertArrayEquals(first, second);
            assertEquals(1, cache.derivations());
            assertEquals(1, cache.hits());
            Arrays.fill(first, (byte) 0); // the caller's copy: clearing it leaves the kept key intact
            assertArrayEquals(second, cache.derive(Secret.of(SmallFiles.PASSWORD), SALT, ITERATIONS));
        }
    }

    @Test
    void anotherPasswordSaltOrIterationCountIsAnotherEntry() {
        try (DerivedKeyCache cache = new DerivedKeyCache()) {
            cache.derive(Secret.of(SmallFiles.PASSWORD), SALT, ITERATIONS);
            byte[] otherPassword = cache.derive(Secret.of("another password"), SALT, ITERATIONS);
            cache.derive(Secret.of(SmallFiles.PASSWORD), salt(2), ITERATIONS);
            cache.derive(Secret.of(SmallFiles.PASSWORD), SALT, ITERATIONS + 1);
            assertEquals(4, cache.derivations());
            assertEquals(0, cache.hits());
            assertArrayEquals(PasswordKdf.derive("another password".toCharArray(), SALT, ITERATIONS), otherPassword);
        }
    }

    @Test
    void theLeastRecentlyUsedKeyGoesWhenFull() {
        try (DerivedKeyCache cache = new DerivedKeyCache(2)) {
            cache.derive(Secret.of(SmallFiles.PASSWORD), salt(1), ITERATIONS);
            cache.derive(Secret.of(SmallFiles.PASSWORD), salt(2), ITERATIONS);
            cache.derive(Secret.of(SmallFiles.PASSWORD), salt(1), ITERATIONS); // salt 1 used last: salt 2 goes next
            cache.derive(Secret.of(SmallFiles.PASSWORD), salt(3), ITERATIONS);
            assertEquals(2, cache.size());
            cache.derive(Secret.of(SmallFiles.PASSWORD), salt(1), ITERATIONS);
            assertEquals(3, cache.derivations());
            cache.derive(Secret.of(SmallFiles.PASSWORD), salt(2), ITERATIONS);
            assertEquals(4, cache.derivations());
        }
    }

    @Test
    void closingClearsTheKeysAndKeepsNoneAfterwards() {
        DerivedKeyCache cache = new DerivedKeyCache();
        cache.derive(Secret.of(SmallFiles.PASSWORD), SALT, ITERATIONS);
        cache.close();
        assertEquals(0, cache.size());
        assertArrayEquals(PasswordKdf.derive(SmallFiles.PASSWORD.toCharArray(), SALT, ITERATIONS),
                cache.derive(Secret.of(SmallFiles.PASSWORD), SALT, ITERATIONS));
        assertEquals(0, cache.size());
        assertEquals(2, cache.derivations());
    }

    @Test
    void badArgumentsFailAsWithoutACache() {
        assertThrows(io.jazmin.error.JazminValidationException.class, () -> Secret.of(""));
        try (DerivedKeyCache cache = new DerivedKeyCache()) {
            Secret cleared = Secret.of(SmallFiles.PASSWORD);
            cleared.close();
            JazminKeyException e = assertThrows(JazminKeyException.class, () -> cache.derive(cleared, SALT, ITERATIONS));
            assertThat(e.getMessage()).contains("cleared").doesNotContain(SmallFiles.PASSWORD);
            assertThat(cache.toString()).doesNotContain(SmallFiles.PASSWORD).contains("derivations=0");
        }
        assertThrows(io.jazmin.error.JazminValidationException.class, () -> new DerivedKeyCache(0));
    }

    @Test
    void writesAppendsAndReadsOfOneVersionDeriveOnce(@TempDir Path dir) {
        Path path = dir.resolve("p.jazmin");
        try (DerivedKeyCache cache = new DerivedKeyCache()) {
            WriteOptions write = WriteOptions.defaults().withPassword(SmallFiles.PASSWORD)
                    .withKdfIterations(ITERATIONS).withKeyCache(cache);
            ReadOptions read = ReadOptions.defaults().withPassword(SmallFiles.PASSWORD).withKeyCache(cache);
            JazminWriter.write(path, SmallFiles.COLUMNS.subList(0, 1), write, List.of(Map.of("id", 1L)).iterator());
            for (long id = 2; id <= 4; id++) {
                JazminFile.append(path, List.of(Map.of("id", id)).iterator(), write);
            }
            for (int i = 0; i < 3; i++) {
                try (JazminReader reader = JazminReader.open(path, read)) {
                    assertEquals(4, reader.table().rowCount());
                }
            }
            assertEquals(1, cache.derivations(), "appends keep the salt, so the written key serves every open");
            assertEquals(6, cache.hits());

            JazminFile.compact(path, write); // a rewrite: fresh salt, one more derivation
            try (JazminReader reader = JazminReader.open(path, read)) {
                assertEquals(4, reader.table().rowCount());
            }
            assertEquals(2, cache.derivations());
        }
    }

    @Test
    void readersUseTheFilesIterationCount(@TempDir Path dir) throws Exception {
        Path path = dir.resolve("p.jazmin");
        WriteOptions write = WriteOptions.defaults().withPassword(SmallFiles.PASSWORD).withKdfIterations(1_234);
        JazminWriter.write(path, SmallFiles.COLUMNS.subList(0, 1), write, List.of(Map.of("id", 1L)).iterator());
        assertEquals(1_234, Preamble.decode(Files.readAllBytes(path)).kdfIterations());
        try (DerivedKeyCache cache = new DerivedKeyCache();
             JazminReader reader = JazminReader.open(path,
                     ReadOptions.defaults().withPassword(SmallFiles.PASSWORD).withKeyCache(cache))) {
            assertEquals(1, reader.table().rowCount());
            assertEquals(1, cache.derivations());
        }
    }

    private static byte[] salt(int seed) {
        byte[] salt = new byte[32];
        Arrays.fill(salt, (byte) seed);
        return salt;
    }
}
