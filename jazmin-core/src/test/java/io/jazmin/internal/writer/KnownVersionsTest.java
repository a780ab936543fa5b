package io.jazmin.internal.writer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.data.Filter;
import io.jazmin.error.JazminException;
import io.jazmin.files.FileChanges;
import io.jazmin.files.FileInput;
import io.jazmin.internal.reader.FileOpener;
import io.jazmin.internal.reader.KnownVersion;
import io.jazmin.internal.wire.ByteSource;
import io.jazmin.key.JazminKey;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.IndexKind;
import io.jazmin.testing.RecordedEvents;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An append takes the header the process's last append of the file left, instead of reading and
 * decoding it (it lists every segment appended since the last full write), only while the file is
 * as that append left it; the header kept is the one on disk.
 */
class KnownVersionsTest {
    static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("name", ColumnType.STRING));
    static final WriteOptions INDEXED = WriteOptions.defaults().withIndex("id", IndexKind.SORTED)
            .withIndex("name", IndexKind.TRIGRAM);

    @TempDir
    Path dir;

    private static Iterator<Map<String, Object>> rows(long from, long to) {
        return java.util.stream.LongStream.range(from, to)
                .mapToObj(id -> Map.<String, Object>of("id", id, "name", "name " + id)).iterator();
    }

    private static long count(Path file, ReadOptions options) {
        try (JazminReader reader = JazminReader.open(file, options)) {
            return reader.table().count(null);
        }
    }

    /** The header as a reader decodes it from the file now, encoded again. */
    private static byte[] onDisk(Path file) throws Exception {
        try (ByteSource source = ByteSource.open(file)) {
            return FileOpener.open(source, ReadOptions.defaults()).header().encode();
        }
    }

    private static byte[] kept(Path file) {
        try (WriterLock lock = WriterLock.acquire(file)) {
            KnownVersion known = KnownVersions.of(lock);
            return known == null ? null : known.header().encode();
        }
    }

    /** How many headers {@code action} reads and decodes on this thread (an append opens on the caller's). */
    private static int headerReads(Runnable action) {
        return RecordedEvents.of("io.jazmin.HeaderRead", action).size();
    }

    /** Failed before: every append read and decoded the header. */
    @Test
    void appendsAfterTheFirstTakeTheHeaderTheLastOneLeft() {
        Path file = dir.resolve("appended.jzm");
        JazminWriter.write(file, COLUMNS, INDEXED, rows(0, 10));
        JazminFile.append(file, rows(10, 20), INDEXED);
        assertThat(headerReads(() -> {
            for (int i = 2; i <= 6; i++) {
                JazminFile.append(file, rows(i * 10, i * 10 + 10), INDEXED);
            }
            JazminFile.delete(file, Filter.eq("id", 3L), INDEXED);
        })).isZero();
        assertThat(count(file, ReadOptions.defaults())).isEqualTo(69);
    }

    /**
     * Failed after a merge (the layout kept in the shared cache lays out every segment): each one-row
     * append then laid out the segments of every earlier append, so a single save cost more than the last.
     */
    @Test
    void anAppendDoesNotLayOutTheSegmentsOfEveryEarlierAppend() {
        Path file = dir.resolve("many.jzm");
        JazminWriter.write(file, COLUMNS, INDEXED, rows(0, 10));
        for (int i = 1; i <= 30; i++) {
            JazminFile.append(file, rows(i * 10, i * 10 + 1), INDEXED);
        }
        List<RecordedEvent> layouts = RecordedEvents.of("io.jazmin.DirectoryLayout", () -> {
            for (int i = 31; i <= 40; i++) {
                JazminFile.append(file, rows(i * 10, i * 10 + 1), INDEXED);
            }
        });
        // 31 to 40 segments each if every append laid them all out; none are needed to append.
        assertThat(layouts.stream().mapToInt(e -> e.getInt("segments")).sum()).isLessThan(40);
        assertThat(count(file, ReadOptions.defaults())).isEqualTo(50);
    }

    @Test
    void theKeptHeaderIsTheOneOnDisk() throws Exception {
        Path file = dir.resolve("kept.jzm");
        JazminWriter.write(file, COLUMNS, INDEXED, rows(0, 10));
        JazminFile.append(file, rows(10, 20), INDEXED);
        assertThat(kept(file)).isEqualTo(onDisk(file));
        JazminFile.delete(file, Filter.eq("id", 12L), INDEXED);
        assertThat(kept(file)).isEqualTo(onDisk(file));
        JazminFile.changeFiles(file, FileChanges.adding(FileInput.of("docs/a.txt",
                "hello".getBytes(StandardCharsets.UTF_8), "text/plain")), INDEXED);
        assertThat(kept(file)).isEqualTo(onDisk(file));
        JazminFile.append(file, rows(20, 30), INDEXED);
        assertThat(kept(file)).isEqualTo(onDisk(file));
        try (JazminReader reader = JazminReader.open(file)) {
            assertThat(reader.table().count(null)).isEqualTo(29);
            assertThat(reader.table().count(Filter.contains("name", "name 2"))).isEqualTo(11);
        }
    }

    @Test
    void aFileChangedByAnotherWriterIsReadAgain() throws Exception {
        Path file = dir.resolve("changed.jzm");
        JazminWriter.write(file, COLUMNS, INDEXED, rows(0, 10));
        JazminFile.append(file, rows(10, 20), INDEXED);

        // A torn append of another writer: bytes after the trailer.
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.APPEND)) {
            channel.write(ByteBuffer.wrap(new byte[300]));
        }
        assertThat(kept(file)).isNull();
        assertThat(headerReads(() -> JazminFile.append(file, rows(20, 30), INDEXED))).isEqualTo(1);

        // A full rewrite (a new file id) by another writer.
        JazminFile.compact(file, INDEXED);
        assertThat(headerReads(() -> JazminFile.append(file, rows(30, 40), INDEXED))).isEqualTo(1);
        assertThat(kept(file)).isEqualTo(onDisk(file));
        assertThat(count(file, ReadOptions.defaults())).isEqualTo(40);
    }

    /** Decrypting the header is what tells a key is the file's: an encrypted file's is always read. */
    @Test
    void anEncryptedFilesHeaderIsReadOnEveryAppendSoAWrongKeyIsRefused() throws Exception {
        JazminKey key = JazminKey.generate();
        Path file = dir.resolve("secret.jzm");
        WriteOptions options = INDEXED.withKey(key);
        JazminWriter.write(file, COLUMNS, options, rows(0, 10));
        JazminFile.append(file, rows(10, 20), options);
        assertThat(headerReads(() -> JazminFile.append(file, rows(20, 30), options))).isEqualTo(1);

        byte[] bytes = Files.readAllBytes(file);
        assertThatThrownBy(() -> JazminFile.append(file, rows(30, 40), INDEXED.withKey(JazminKey.generate())))
                .isInstanceOf(JazminException.class);
        assertThat(Arrays.equals(Files.readAllBytes(file), bytes)).as("left byte-identical").isTrue();
        assertThat(count(file, ReadOptions.defaults().withKey(key))).isEqualTo(30);
    }
}
