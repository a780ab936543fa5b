package io.jazmin;

import io.jazmin.change.UpdateChanges;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.error.InputSyntaxException;
import io.jazmin.convert.RowFormat;
import io.jazmin.convert.RowSource;
import io.jazmin.convert.RowSources;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import io.jazmin.options.AccessGrant;
import io.jazmin.options.AccessSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.error.FileLockedException;
import io.jazmin.data.Filter;
import io.jazmin.error.InvalidRowException;
import io.jazmin.error.JazminFormatException;
import io.jazmin.error.JazminIoException;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;

/**
 * A write either replaces the file completely or leaves it byte for byte as it was, with no
 * temporary file behind; every write holds the file's writer lock; file system failures are typed.
 */
class AllOrNothingWriteTest {
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("name", ColumnType.STRING));
    private static final int ROWS = 5_000;
    private static final JazminKey KEY = JazminKey.generate();
    private static final ExecutorService BACKGROUND = Executors.newSingleThreadExecutor();

    @TempDir
    Path dir;

    /** The kinds of file: plain, key-encrypted, password-encrypted (at the lowest PBKDF2 cost). */
    enum Secret {
        PLAIN, KEY, PASSWORD;

        WriteOptions write() {
            WriteOptions base = WriteOptions.defaults().withChunkRows(500);
            return switch (this) {
                case PLAIN -> base;
                case KEY -> base.withKey(AllOrNothingWriteTest.KEY);
                case PASSWORD -> base.withPassword("correct horse").withKdfIterations(1_000);
            };
        }

        ReadOptions read() {
            return switch (this) {
                case PLAIN -> ReadOptions.defaults();
                case KEY -> ReadOptions.defaults().withKey(AllOrNothingWriteTest.KEY);
                case PASSWORD -> ReadOptions.defaults().withPassword("correct horse");
            };
        }
    }

    @AfterAll
    static void stopBackground() {
        BACKGROUND.shutdownNow();
    }

    @ParameterizedTest
    @EnumSource(Secret.class)
    void aRowSourceFailingAtRow1000LeavesTheOldFile(Secret secret) throws IOException {
        Path file = existing(secret);
        byte[] before = Files.readAllBytes(file);

        assertThatThrownBy(() -> JazminWriter.write(file, COLUMNS, secret.write(), failingAt(1_000)))
                .isInstanceOf(IllegalStateException.class).hasMessage("source failed at row 1000");

        assertUnchanged(file, before);
    }

    @ParameterizedTest
    @EnumSource(Secret.class)
    void closingAnUnfinishedWriterAborts(Secret secret) throws IOException {
        Path file = existing(secret);
        byte[] before = Files.readAllBytes(file);

        assertThatThrownBy(() -> {
            try (JazminWriter w = JazminWriter.create(file, COLUMNS, secret.write())) {
                Iterator<Map<String, Object>> rows = failingAt(1_000);
                while (rows.hasNext()) {
                    w.writeRow(rows.next());
                }
                w.finish();
            }
        }).isInstanceOf(IllegalStateException.class);
        try (JazminWriter w = JazminWriter.create(file, COLUMNS, secret.write())) {
            w.writeValues(1L, "never finished");
        }

        assertUnchanged(file, before);
    }

    @ParameterizedTest
    @EnumSource(Secret.class)
    void aMalformedJsonLineLeavesTheOldFile(Secret secret) throws IOException {
        Path file = existing(secret);
        byte[] before = Files.readAllBytes(file);
        Path json = dir.resolve("rows.jsonl");
        Files.writeString(json, """
                {"id": 1, "name": "a"}
                {"id": 2, "name": "b"}
                {"id": 3, "name": "c"}
                {"id": 4, "name": 
                """, StandardCharsets.UTF_8);

        assertThatThrownBy(() -> {
            try (RowSource rows = RowSources.open(json, RowFormat.JSON_LINES, COLUMNS)) {
                JazminWriter.write(file, COLUMNS, secret.write(), rows);
            }
        }).isInstanceOf(InputSyntaxException.class);

        assertUnchanged(file, before);
    }

    @ParameterizedTest
    @EnumSource(Secret.class)
    void anUpdateWithAFailingInsertRowLeavesTheOldFile(Secret secret) throws IOException {
        Path file = existing(secret);
        byte[] before = Files.readAllBytes(file);
        List<Map<String, ?>> insert = List.of(row(ROWS), Map.of("id", "not a number"));

        assertThatThrownBy(() -> JazminFile.update(file, new UpdateChanges(null, Filter.eq("id", 7L), null, null,
                insert, null), secret.write())).isInstanceOf(InvalidRowException.class);

        assertUnchanged(file, before);
    }

    @ParameterizedTest
    @EnumSource(Secret.class)
    void aCompactionFailingHalfWayLeavesTheOldFile(Secret secret) throws IOException {
        Path file = existing(secret);
        JazminFile.delete(file, Filter.lt("id", 100L), secret.write());
        byte[] damaged = Files.readAllBytes(file);
        // A byte of a chunk in the middle of the file: the rewrite fails after writing earlier chunks.
        damaged[damaged.length / 2] ^= 0x5a;
        Files.write(file, damaged);

        assertThatThrownBy(() -> JazminFile.compact(file, secret.write())).isInstanceOf(JazminFormatException.class);

        assertUnchanged(file, damaged);
    }

    /** The full rewrites of a shared file by its owner. */
    enum SharedChange {
        ROTATE_OWNER_KEY, UPDATE, COMPACT;

        void apply(Path file) {
            WriteOptions owner = WriteOptions.defaults().withKey(KEY);
            switch (this) {
                case ROTATE_OWNER_KEY -> JazminFile.rotateOwnerKey(file, KEY, JazminKey.generate());
                case UPDATE -> JazminFile.update(file, new UpdateChanges(null, Filter.eq("id", 7L), null, null,
                        List.of(row(ROWS)), null), owner);
                case COMPACT -> JazminFile.compact(file, owner, true);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(SharedChange.class)
    void aSharedFileRewriteFailingHalfWayLeavesTheOldFile(SharedChange change) throws IOException {
        Path file = dir.resolve("shared.jzm");
        AccessSettings access = AccessSettings.defaults().withGrant(AccessGrant.of(AccessKeyText.generate(KEY)));
        JazminWriter.write(file, COLUMNS, WriteOptions.defaults().withKey(KEY).withAccess(access).withChunkRows(500),
                rows(0, ROWS));
        byte[] damaged = Files.readAllBytes(file);
        // A byte of a chunk in the middle of the file: the rewrite fails after writing earlier chunks.
        damaged[damaged.length / 2] ^= 0x5a;
        Files.write(file, damaged);

        assertThatThrownBy(() -> change.apply(file)).isInstanceOf(JazminFormatException.class);

        assertUnchanged(file, damaged);
    }

    @Test
    void aFullWriteIsRefusedWhileAnotherWriterHoldsTheLock() throws IOException {
        Path file = existing(Secret.PLAIN);
        byte[] before = Files.readAllBytes(file);
        try (WriteLock held = WriteLock.acquire(file)) {
            assertThatThrownBy(() -> JazminWriter.write(file, COLUMNS, WriteOptions.defaults(), rows(0, 3)))
                    .isInstanceOf(FileLockedException.class).hasMessageContaining("people.jzm.lock");
            assertThatThrownBy(() -> JazminFile.compact(file, WriteOptions.defaults()))
                    .isInstanceOf(FileLockedException.class);
            assertThatThrownBy(() -> JazminFile.update(file, new UpdateChanges(null, null, null, null,
                    List.of(row(ROWS)), null), WriteOptions.defaults())).isInstanceOf(FileLockedException.class);
            assertThat(Files.readAllBytes(file)).isEqualTo(before);
            assertThat(temporaryFiles()).isEmpty();
        }
        JazminWriter.write(file, COLUMNS, WriteOptions.defaults(), rows(0, 3));
        assertRowCount(file, Secret.PLAIN, 3);
    }

    @Test
    void aFullWriteDuringAnAppendIsRefusedAndTheAppendedRowsSurvive() throws Exception {
        Path file = existing(Secret.PLAIN);
        CountDownLatch appending = new CountDownLatch(1);
        CountDownLatch proceed = new CountDownLatch(1);
        Future<JazminFile.ChangeResult> append = BACKGROUND.submit(() -> JazminFile.append(file,
                blockingAfterFirst(rows(ROWS, ROWS + 100), appending, proceed), WriteOptions.defaults()));
        assertThat(appending.await(10, TimeUnit.SECONDS)).isTrue();

        assertThatThrownBy(() -> JazminWriter.write(file, COLUMNS, WriteOptions.defaults(), rows(0, 3)))
                .isInstanceOf(FileLockedException.class);

        proceed.countDown();
        assertThat(append.get(10, TimeUnit.SECONDS).rowsAppended()).isEqualTo(100);
        assertRowCount(file, Secret.PLAIN, ROWS + 100);
    }

    @Test
    void aKilledWritersTemporaryFileIsRemovedByTheNextWriteButNotWhileLocked() throws IOException {
        Path file = existing(Secret.PLAIN);
        Path stale = leftOverByAKilledWriter(file);
        Path otherFile = dir.resolve("people.jzm5");
        try (JazminWriter other = JazminWriter.create(otherFile, COLUMNS, WriteOptions.defaults());
             JazminWriter longer = JazminWriter.create(dir.resolve("people.jzm.1"), COLUMNS, WriteOptions.defaults())) {
            other.writeValues(1L, "live");
            longer.writeValues(1L, "live");
            List<Path> live = temporaryFiles().stream().filter(p -> !p.equals(stale)).toList();
            assertThat(live).hasSize(2);

            try (WriteLock held = WriteLock.acquire(file)) {
                assertThatThrownBy(() -> JazminWriter.write(file, COLUMNS, WriteOptions.defaults(), rows(0, 3)))
                        .isInstanceOf(FileLockedException.class);
                assertThat(stale).exists();
            }
            JazminWriter.write(file, COLUMNS, WriteOptions.defaults(), rows(0, 3));

            assertThat(stale).doesNotExist();
            assertThat(lockOf(file)).doesNotExist();
            assertThat(live).allMatch(Files::exists);
            other.finish();
            longer.finish();
        }
        assertRowCount(otherFile, Secret.PLAIN, 1);
    }

    @Test
    void anAppendAlsoRemovesAKilledWritersTemporaryFile() throws IOException {
        Path file = existing(Secret.PLAIN);
        Path stale = leftOverByAKilledWriter(file);

        JazminFile.append(file, rows(ROWS, ROWS + 1), WriteOptions.defaults());

        assertThat(stale).doesNotExist();
        assertThat(lockOf(file)).doesNotExist();
        assertRowCount(file, Secret.PLAIN, ROWS + 1);
    }

    @Test
    void aFolderThatIsAFileIsATypedIoError() throws IOException {
        Path notAFolder = Files.writeString(dir.resolve("plain.txt"), "a file");
        Path file = notAFolder.resolve("people.jzm");

        assertThatThrownBy(() -> JazminWriter.write(file, COLUMNS, WriteOptions.defaults(), rows(0, 3)))
                .isInstanceOf(JazminIoException.class).isNotInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("plain.txt").hasCauseInstanceOf(IOException.class);
        assertThatThrownBy(() -> JazminReader.open(file)).isInstanceOf(JazminIoException.class)
                .hasMessageContaining("cannot open").hasCauseInstanceOf(IOException.class);
        assertThatThrownBy(() -> JazminFile.append(dir.resolve("missing.jzm"), rows(0, 1), WriteOptions.defaults()))
                .isInstanceOf(JazminIoException.class).hasMessageContaining("missing.jzm");
        assertThat(Files.readString(notAFolder)).isEqualTo("a file");
    }

    @Test
    void aFailedMoveIntoPlaceIsATypedIoErrorAndLeavesNothingBehind() throws IOException {
        Path target = Files.createDirectory(dir.resolve("people.jzm"));
        Files.writeString(target.resolve("keep.txt"), "kept");

        assertThatThrownBy(() -> JazminWriter.write(target, COLUMNS, WriteOptions.defaults(), rows(0, 3)))
                .isInstanceOf(JazminIoException.class).hasMessageContaining("cannot move the new file into place")
                .hasMessageContaining("people.jzm");

        assertThat(Files.readString(target.resolve("keep.txt"))).isEqualTo("kept");
        assertThat(temporaryFiles()).isEmpty();
        assertThat(dir.resolve("people.jzm.lock")).doesNotExist();
    }

    private Path existing(Secret secret) {
        Path file = dir.resolve("people.jzm");
        JazminWriter.write(file, COLUMNS, secret.write(), rows(0, ROWS));
        assertRowCount(file, secret, ROWS);
        return file;
    }

    /**
     * What a writer killed half way leaves: its temporary file and its lock, recording a process that
     * is gone (the next writer takes it over, and so looks for the temporary files killed writers left).
     */
    private Path leftOverByAKilledWriter(Path file) throws IOException {
        Path temp;
        byte[] partial;
        String line;
        try (JazminWriter w = JazminWriter.create(file, COLUMNS, WriteOptions.defaults().withChunkRows(10))) {
            w.writeRows(rows(0, 100));
            temp = temporaryFiles().get(0);
            partial = Files.readAllBytes(temp);
            line = Files.readString(lockOf(file));
        }
        Files.write(temp, partial);
        Process gone = new ProcessBuilder("sleep", "30").start();
        String start = gone.toHandle().info().startInstant().orElseThrow().toString();
        gone.destroyForcibly();
        try {
            assertThat(gone.waitFor(30, TimeUnit.SECONDS)).isTrue();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
        Files.writeString(lockOf(file), line.replaceFirst("pid=\\d+ start=\\S+", "pid=" + gone.pid() + " start=" + start));
        return temp;
    }

    private static Path lockOf(Path file) {
        return file.resolveSibling(file.getFileName() + ".lock");
    }

    private void assertUnchanged(Path file, byte[] before) throws IOException {
        assertThat(Files.readAllBytes(file)).isEqualTo(before);
        assertThat(temporaryFiles()).isEmpty();
        assertThat(file.resolveSibling(file.getFileName() + ".lock")).doesNotExist();
    }

    private static void assertRowCount(Path file, Secret secret, long rows) {
        try (JazminReader r = JazminReader.open(file, secret.read())) {
            assertThat(r.table().rows().count()).isEqualTo(rows);
        }
    }

    private List<Path> temporaryFiles() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".tmp")).sorted().toList();
        }
    }

    private static Map<String, Object> row(long i) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", i);
        row.put("name", "Person " + i);
        return row;
    }

    private static Iterator<Map<String, Object>> rows(long from, long to) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (long i = from; i < to; i++) {
            rows.add(row(i));
        }
        return rows.iterator();
    }

    /** Rows 0.. whose {@code next()} throws at row {@code failAt}, as a broken source does. */
    private static Iterator<Map<String, Object>> failingAt(long failAt) {
        return new Iterator<>() {
            private long next;

            @Override
            public boolean hasNext() {
                return next < ROWS;
            }

            @Override
            public Map<String, Object> next() {
                if (next == failAt) {
                    throw new IllegalStateException("source failed at row " + failAt);
                }
                return row(next++);
            }
        };
    }

    /** {@code rows}, waiting after the first until {@code proceed} (the append holds the lock meanwhile). */
    private static Iterator<Map<String, Object>> blockingAfterFirst(Iterator<Map<String, Object>> rows,
                                                                    CountDownLatch reached, CountDownLatch proceed) {
        return new Iterator<>() {
            private boolean first = true;

            @Override
            public boolean hasNext() {
                return rows.hasNext();
            }

            @Override
            public Map<String, Object> next() {
                if (!first) {
                    return rows.next();
                }
                first = false;
                reached.countDown();
                try {
                    if (!proceed.await(10, TimeUnit.SECONDS)) {
                        throw new IllegalStateException("the test never let the append proceed");
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
                return rows.next();
            }
        };
    }
}
