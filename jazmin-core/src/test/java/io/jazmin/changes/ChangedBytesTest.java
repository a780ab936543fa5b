package io.jazmin.changes;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminFile;
import io.jazmin.JazminFile.ChangeResult;
import io.jazmin.JazminFile.ChangedBytes;
import io.jazmin.data.Filter;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import io.jazmin.options.AccessGrant;
import io.jazmin.options.AccessSettings;
import io.jazmin.options.AutoCompact;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import io.jazmin.testing.FileFingerprint;
import io.jazmin.testing.WritePathFiles;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link ChangedBytes} lets a caller keep count of a file's dead bytes from change to change: the
 * previous count plus each change's superseded bytes is what measuring the whole file says
 * ({@link JazminFile#storage}), for appends, deletes, upserts and row replacements of plain, encrypted
 * and shared files; each change starts where the previous one ended; a compaction leaves none; a
 * change that writes new embedded-file directories says it did not count them.
 */
class ChangedBytesTest {
    private static final JazminKey KEY = JazminKey.generate();

    @TempDir
    Path dir;

    @Test
    void aPlainFilesDeadBytesAreTheSumOfWhatEachChangeSuperseded() throws IOException {
        Path file = dir.resolve("plain.jzm");
        Rows.write(file, Rows.indexed(WriteOptions.defaults()), 0, 200);
        followChanges(file, WriteOptions.defaults(), ReadOptions.defaults());
    }

    @Test
    void anEncryptedFilesToo() throws IOException {
        Path file = dir.resolve("key.jzm");
        Rows.write(file, Rows.indexed(WriteOptions.defaults().withKey(KEY)), 0, 200);
        followChanges(file, WriteOptions.defaults().withKey(KEY), ReadOptions.defaults().withKey(KEY));
    }

    @Test
    void aSharedFilesForItsOwner() throws IOException {
        Path file = dir.resolve("shared.jzm");
        AccessSettings access = AccessSettings.defaults().withPartitionBy("country")
                .withGrant(AccessGrant.of(AccessKeyText.generate(KEY)).withRows(List.of("NA")).withColumns(List.of("*")));
        Rows.write(file, WriteOptions.defaults().withKey(KEY).withAccess(access).withIndex("id",
                io.jazmin.schema.IndexKind.SORTED), 0, 200);
        followChanges(file, WriteOptions.defaults().withKey(KEY), ReadOptions.defaults().withKey(KEY));
    }

    /**
     * Every kind of file the write paths are tested on that can be changed (a holder cannot): appends
     * and deletes of the customers and, in the two-table file, appends to the other table; the
     * fingerprint of what the changes do not target (other tables, embedded files, package, shapes,
     * metadata, grants) stays as it was.
     */
    @ParameterizedTest
    @EnumSource(value = WritePathFiles.Kind.class, names = "SHARED_HOLDER", mode = EnumSource.Mode.EXCLUDE)
    void everyKindOfFilesDeadBytesAreTheSumOfWhatEachChangeSuperseded(WritePathFiles.Kind kind) throws IOException {
        WritePathFiles.Sample sample = WritePathFiles.build(kind, dir);
        WriteOptions write = sample.ownerWriteOptions();
        List<Function<Path, ChangeResult>> changes = new java.util.ArrayList<>(List.of(
                f -> JazminFile.append(f, WritePathFiles.TABLE,
                        List.of(WritePathFiles.customer(101), WritePathFiles.customer(102)).iterator(), write),
                f -> JazminFile.delete(f, WritePathFiles.TABLE, Filter.eq("id", 3L), write),
                f -> JazminFile.append(f, WritePathFiles.TABLE, List.of(WritePathFiles.customer(103)).iterator(),
                        write)));
        if (kind == WritePathFiles.Kind.TWO_TABLES) {
            changes.add(f -> JazminFile.append(f, WritePathFiles.OTHER_TABLE,
                    List.<Map<String, Object>>of(Map.of("id", 900L, "customer", 1L, "item", "tea")).iterator(), write));
        }
        FileFingerprint before = sample.fingerprint();
        followChanges(sample.path(), changes, sample.ownerReadOptions());
        FileFingerprint after = sample.fingerprint();
        assertThat(List.of(after.encryption(), after.files(), String.valueOf(after.packageJson()), after.shapes(),
                after.metadata(), after.grants(), after.columnGroups()))
                .isEqualTo(List.of(before.encryption(), before.files(), String.valueOf(before.packageJson()),
                        before.shapes(), before.metadata(), before.grants(), before.columnGroups()));
    }

    @Test
    void aCompactionLeavesNoDeadBytes() throws IOException {
        Path file = dir.resolve("compacted.jzm");
        Rows.write(file, WriteOptions.defaults(), 0, 50);
        JazminFile.append(file, Rows.range(50, 60), WriteOptions.defaults());
        ChangeResult r = JazminFile.delete(file, Filter.eq("id", 3L),
                WriteOptions.defaults().withAutoCompact(AutoCompact.appends(2)));
        assertThat(r.compacted()).isTrue();
        assertThat(r.bytes().superseded()).isZero();
        assertThat(r.bytes().fileBytes()).isEqualTo(Files.size(file));
        assertThat(JazminFile.storage(file).deadBytes()).isZero();
    }

    @Test
    void aChangeOfEmbeddedFilesSaysItsSupersededBytesAreNotCounted() throws IOException {
        Path file = dir.resolve("files.jzm");
        Rows.write(file, WriteOptions.defaults(), 0, 20);
        ChangeResult r = JazminFile.changeFiles(file, io.jazmin.files.FileChanges.none().withPackage("{}"),
                WriteOptions.defaults());
        assertThat(r.bytes().superseded()).isEqualTo(-1);
        assertThat(r.bytes().fileBytes()).isEqualTo(Files.size(file));
    }

    private static void followChanges(Path file, WriteOptions write, ReadOptions read) throws IOException {
        followChanges(file, List.of(
                f -> JazminFile.append(f, Rows.range(200, 210), write),
                f -> JazminFile.delete(f, Filter.in("id", 1L, 2L, 3L), write),
                f -> JazminFile.append(f, Rows.range(210, 211), write),
                f -> JazminFile.upsert(f, null, List.of("id"), List.of(Rows.row(5, 1), Rows.row(500, 1)), write),
                f -> JazminFile.delete(f, Filter.eq("id", 7L), write),
                f -> JazminFile.replaceRows(f, null, new long[] {20}, List.of(Rows.row(20, 2)).iterator(), write)),
                read);
    }

    private static void followChanges(Path file, List<Function<Path, ChangeResult>> changes, ReadOptions read)
            throws IOException {
        long dead = JazminFile.storage(file, read).deadBytes();
        long size = Files.size(file);
        assertThat(dead).isZero();
        for (Function<Path, ChangeResult> change : changes) {
            ChangedBytes bytes = change.apply(file).bytes();
            assertThat(bytes.versionEnd()).as("starts where the last change ended").isEqualTo(size);
            assertThat(bytes.fileBytes()).isEqualTo(Files.size(file));
            assertThat(bytes.superseded()).isPositive();
            dead += bytes.superseded();
            size = bytes.fileBytes();
            assertThat(JazminFile.storage(file, read).deadBytes()).as("measured after %s", bytes).isEqualTo(dead);
        }
    }
}
