package io.jazmin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jazmin.key.JazminKey;
import io.jazmin.testing.ConformanceCase;
import io.jazmin.internal.writer.WriterLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.error.FileLockedException;
import io.jazmin.data.Filter;
import io.jazmin.schema.IndexInfo;
import io.jazmin.schema.IndexKind;
import io.jazmin.error.JazminFormatException;
import io.jazmin.error.JazminKeyException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.files.EmbeddedFile;

/**
 * Key rotation (spec §1.18): the file re-encrypted under a new key or password without decoding
 * its rows keeps every row, deleted row, index, embedded file and the metadata; the old secret
 * opens nothing, the new one everything; a failure leaves the file byte for byte as it was.
 */
class KeyRotationTest {
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("name", ColumnType.STRING), Column.of("score", ColumnType.FLOAT));
    private static final JazminKey OLD = JazminKey.generate();
    private static final JazminKey NEW = JazminKey.generate();
    private static final ConformanceCase FILES_CASE = ConformanceCase.named("js-files-key");

    @TempDir
    Path dir;

    @Test
    void anAppendedKeyFileWithDeletesAndIndexesKeepsEveryRowUnderTheNewKeyOnly() throws Exception {
        Path file = appendedFile(WriteOptions.defaults().withKey(OLD));
        Snapshot before = snapshot(file, ReadOptions.defaults().withKey(OLD));
        List<Explain> planBefore = plans(file, ReadOptions.defaults().withKey(OLD));
        byte[] old = Files.readAllBytes(file);

        JazminFile.rotateKey(file, ReadOptions.defaults().withKey(OLD), NEW);

        assertThatThrownBy(() -> JazminReader.open(file, ReadOptions.defaults().withKey(OLD)))
                .isInstanceOf(JazminKeyException.class).hasMessageContaining("wrong key");
        Snapshot after = snapshot(file, ReadOptions.defaults().withKey(NEW));
        assertEquals(before.rows(), after.rows(), "row ids and values");
        assertEquals(before.metadata(), after.metadata());
        assertEquals(before.deleted(), after.deleted(), "deleted rows are kept");
        assertEquals(before.appendCount(), after.appendCount());
        assertEquals(before.indexes(), after.indexes());
        assertThat(after.fileId()).isNotEqualTo(before.fileId());
        byte[] rotated = Files.readAllBytes(file);
        assertThat(Arrays.copyOfRange(rotated, 24, 56)).as("a fresh preamble salt")
                .isNotEqualTo(Arrays.copyOfRange(old, 24, 56));
        List<Explain> planAfter = plans(file, ReadOptions.defaults().withKey(NEW));
        assertEquals(planBefore, planAfter, "the indexes are still planned as before");
        try (JazminReader reader = JazminReader.open(file, ReadOptions.defaults().withKey(NEW))) {
            assertThat(reader.table().find(Filter.eq("id", 1234L)).map(r -> r.getString("name")))
                    .containsExactly("name 1234");
            assertThat(reader.table().count(Filter.lt("id", 100L))).as("deleted rows stay deleted").isZero();
        }
    }

    @Test
    void aPasswordFileMovesToAKeyAndBackToANewPassword() throws Exception {
        Path file = dir.resolve("secret.jzm");
        JazminWriter.write(file, COLUMNS, WriteOptions.defaults().withPassword("old pass").withKdfIterations(1_000)
                .withChunkRows(300), rows(0, 2_000));
        Snapshot before = snapshot(file, ReadOptions.defaults().withPassword("old pass"));

        JazminFile.rotateKey(file, ReadOptions.defaults().withPassword("old pass"), NEW);
        assertEquals(before.rows(), snapshot(file, ReadOptions.defaults().withKey(NEW)).rows());
        assertThatThrownBy(() -> JazminReader.open(file, ReadOptions.defaults().withPassword("old pass")))
                .isInstanceOf(JazminKeyException.class);

        JazminFile.rotateKey(file, ReadOptions.defaults().withKey(NEW),
                WriteOptions.defaults().withPassword("new pass").withKdfIterations(2_000));
        assertEquals(before.rows(), snapshot(file, ReadOptions.defaults().withPassword("new pass")).rows());
        assertThatThrownBy(() -> JazminReader.open(file, ReadOptions.defaults().withKey(NEW)))
                .isInstanceOf(JazminKeyException.class);
        try (JazminReader reader = JazminReader.open(file, ReadOptions.defaults().withPassword("new pass"))) {
            assertThat(reader.passwordProtected()).isTrue();
        }
        assertEquals(2_000, java.nio.ByteBuffer.wrap(Files.readAllBytes(file), 56, 4)
                .order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt());
    }

    @Test
    void theEmbeddedFilesOfTheReferenceKeyFileSurviveByteForByte() throws Exception {
        Path file = dir.resolve("files.jzm");
        Files.copy(FILES_CASE.dataFile(), file);
        ReadOptions current = FILES_CASE.views().get(0).readOptions();
        Snapshot before = snapshot(file, current);
        Map<String, byte[]> contents = new LinkedHashMap<>();
        List<EmbeddedFile> listed;
        try (JazminReader reader = JazminReader.open(file, current)) {
            listed = reader.files();
            for (EmbeddedFile f : listed) {
                contents.put(f.path(), reader.readFile(f.path()));
            }
        }
        assertThat(listed).hasSize(5);

        JazminFile.rotateKey(file, current, NEW);

        try (JazminReader reader = JazminReader.open(file, ReadOptions.defaults().withKey(NEW))) {
            assertEquals(listed, reader.files(), "paths, types, groups, sizes and digests");
            for (EmbeddedFile f : listed) {
                assertArrayEquals(contents.get(f.path()), reader.readFile(f.path()), f.path());
            }
        }
        assertEquals(before.rows(), snapshot(file, ReadOptions.defaults().withKey(NEW)).rows());
        assertThatThrownBy(() -> JazminReader.open(file, current)).isInstanceOf(JazminKeyException.class);
    }

    @Test
    void aDamagedSectionStopsTheRotationAndLeavesTheFileByteIdentical() throws Exception {
        Path file = appendedFile(WriteOptions.defaults().withKey(OLD));
        byte[] damaged = Files.readAllBytes(file);
        // A byte of a chunk in the middle of the file: the rotation fails after re-sealing earlier sections.
        damaged[damaged.length / 2] ^= 0x5a;
        Files.write(file, damaged);

        assertThatThrownBy(() -> JazminFile.rotateKey(file, ReadOptions.defaults().withKey(OLD), NEW))
                .isInstanceOf(JazminFormatException.class);

        assertArrayEquals(damaged, Files.readAllBytes(file));
        assertThat(leftovers()).isEmpty();
    }

    @Test
    void wrongSecretsPlainFilesAndALockedFileAreRefusedAndLeftAsTheyWere() throws Exception {
        Path keyed = dir.resolve("keyed.jzm");
        JazminWriter.write(keyed, COLUMNS, WriteOptions.defaults().withKey(OLD), rows(0, 10));
        Path plain = dir.resolve("plain.jzm");
        JazminWriter.write(plain, COLUMNS, WriteOptions.defaults(), rows(0, 10));
        byte[] keyedBytes = Files.readAllBytes(keyed);
        byte[] plainBytes = Files.readAllBytes(plain);

        assertThatThrownBy(() -> JazminFile.rotateKey(keyed, ReadOptions.defaults().withKey(NEW), OLD))
                .isInstanceOf(JazminKeyException.class);
        assertThatThrownBy(() -> JazminFile.rotateKey(keyed, ReadOptions.defaults().withKey(OLD),
                WriteOptions.defaults())).isInstanceOf(JazminValidationException.class)
                .hasMessageContaining("new key or password");
        assertThatThrownBy(() -> JazminFile.rotateKey(plain, ReadOptions.defaults(), NEW))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("not encrypted");
        try (WriterLock held = WriterLock.acquire(keyed)) {
            assertThatThrownBy(() -> JazminFile.rotateKey(keyed, ReadOptions.defaults().withKey(OLD), NEW))
                    .isInstanceOf(FileLockedException.class);
        }
        assertArrayEquals(keyedBytes, Files.readAllBytes(keyed));
        assertArrayEquals(plainBytes, Files.readAllBytes(plain));
        assertThat(leftovers()).isEmpty();
    }

    @Test
    void anAccessControlledFileIsRefused() throws Exception {
        ConformanceCase shared = ConformanceCase.named("js-access");
        Path file = dir.resolve("shared.jzm");
        Files.copy(shared.dataFile(), file);
        ReadOptions owner = shared.views().stream().filter(v -> v.name().equals("key")).findFirst()
                .orElseThrow().readOptions();
        byte[] bytes = Files.readAllBytes(file);

        assertThatThrownBy(() -> JazminFile.rotateKey(file, owner, NEW))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("access-controlled");
        assertArrayEquals(bytes, Files.readAllBytes(file));
    }

    /** What a reader sees of a file, to compare before and after a rotation. */
    record Snapshot(List<List<Object>> rows, String metadata, long deleted, long appendCount, List<IndexInfo> indexes,
                    String fileId) {
    }

    private static Snapshot snapshot(Path file, ReadOptions options) {
        try (JazminReader reader = JazminReader.open(file, options)) {
            JazminTable table = reader.table();
            List<List<Object>> rows = table.rows().map(r -> {
                List<Object> values = new ArrayList<>();
                values.add(r.rowId());
                for (int i = 0; i < r.size(); i++) {
                    Object v = r.get(i);
                    values.add(v instanceof byte[] b ? Arrays.toString(b) : v);
                }
                return values;
            }).toList();
            return new Snapshot(rows, reader.metadata(), table.deletedRowCount(), reader.appendCount(),
                    table.indexes(), reader.fileId());
        }
    }

    /** The plans of an id lookup and of a text search (either may scan: the planner weighs the indexes' costs). */
    private static List<Explain> plans(Path file, ReadOptions options) {
        try (JazminReader reader = JazminReader.open(file, options)) {
            return List.of(reader.table().explain(Filter.eq("id", 1234L)),
                    reader.table().explain(Filter.contains("name", "me 123")));
        }
    }

    /** 5,000 rows with a sorted and a trigram index, then an append of 1,000 and a delete of 100. */
    private Path appendedFile(WriteOptions secret) {
        Path file = dir.resolve("people.jzm");
        WriteOptions options = secret.withChunkRows(500).withMetadata("{\"owner\":\"ops\"}")
                .withIndex("id", IndexKind.SORTED).withIndex("name", IndexKind.TRIGRAM);
        JazminWriter.write(file, COLUMNS, options, rows(0, 5_000));
        JazminFile.append(file, rows(5_000, 6_000), secret);
        JazminFile.delete(file, Filter.lt("id", 100L), secret);
        return file;
    }

    private static java.util.Iterator<Map<String, ?>> rows(long from, long to) {
        return LongStream.range(from, to).<Map<String, ?>>mapToObj(i -> {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("id", i);
            row.put("name", "name " + i);
            row.put("score", i * 0.25);
            return row;
        }).iterator();
    }

    private List<Path> leftovers() throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".tmp")
                    || p.getFileName().toString().endsWith(".lock")).toList();
        }
    }
}
