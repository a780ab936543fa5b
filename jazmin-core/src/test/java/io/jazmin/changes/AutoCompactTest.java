package io.jazmin.changes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.JazminFile;
import io.jazmin.JazminFile.ChangeResult;
import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.WriteLock;
import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.error.JazminKeyException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.key.JazminKey;
import io.jazmin.options.AutoCompact;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.IndexKind;
import io.jazmin.schema.Storage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code autoCompact} option of appends (the reference libraries' {@code append({autoCompact:
 * {deletedRatio, appends}})}, plus a dead-byte share): below every threshold an append stays an
 * append; reaching one compacts the file in the same call, keeping everything it holds.
 */
class AutoCompactTest {
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("name", ColumnType.STRING));
    private static final byte[] PAGE = "<h1>about</h1>".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    @Test
    void theDeletedRatioCompactsOnceDeletedRowsReachTheirShareOfTheRowsStored() {
        Path file = write("ratio.jzm", WriteOptions.defaults());
        WriteOptions options = WriteOptions.defaults().withAutoCompact(AutoCompact.deletedRatio(0.3));
        ChangeResult first = JazminFile.delete(file, Filter.lt("id", 2L), options);
        assertThat(first).isEqualTo(new ChangeResult(1, 0, 2, 8, false, first.bytes())); // 2 of 10: below 0.3
        assertThat(JazminFile.storage(file).deletedRows()).isEqualTo(2);
        ChangeResult second = JazminFile.delete(file, Filter.eq("id", 2L), options);
        assertThat(second).isEqualTo(new ChangeResult(0, 0, 1, 7, true, second.bytes())); // 3 of 10: reached
        Storage after = JazminFile.storage(file);
        assertThat(after.deletedRows()).isZero();
        assertThat(after.appendCount()).isZero();
        assertThat(after.deadBytes()).isZero();
        assertKept(file, ReadOptions.defaults(), 3, 10);
    }

    @Test
    void theAppendCountCompactsAtTheNthAppend() {
        Path file = write("appends.jzm", WriteOptions.defaults());
        WriteOptions options = WriteOptions.defaults().withAutoCompact(AutoCompact.appends(2));
        assertThat(JazminFile.append(file, rows(10, 11), options).compacted()).isFalse();
        ChangeResult second = JazminFile.append(file, rows(11, 12), options);
        assertThat(second.compacted()).isTrue();
        assertThat(second.appendCount()).isZero();
        assertThat(JazminFile.storage(file).appendCount()).isZero();
        assertKept(file, ReadOptions.defaults(), 0, 12);
    }

    @Test
    void theDeadByteShareCompactsWhenDroppedBytesReachIt() {
        Path file = write("dead.jzm", WriteOptions.defaults());
        // An upsert replacing every row leaves the whole first version dead: far past a tenth of the file.
        WriteOptions options = WriteOptions.defaults().withAutoCompact(AutoCompact.deadBytesRatio(0.1));
        ChangeResult r = JazminFile.upsert(file, null, List.of("id"),
                List.of(Map.of("id", 0L, "name", "zero"), Map.of("id", 1L, "name", "one")), options);
        assertThat(r.compacted()).isTrue();
        assertThat(JazminFile.storage(file).deadBytes()).isZero();
        try (JazminReader reader = JazminReader.open(file)) {
            assertThat(reader.table().find(Filter.in("id", 0L, 1L), RowQuery.all()).map(x -> x.getString("name")))
                    .containsExactlyInAnyOrder("zero", "one");
            assertThat(reader.table().rowCount()).isEqualTo(10);
        }
    }

    @Test
    void withoutTheOptionOrBelowItsThresholdsAppendsNeverCompact() {
        Path file = write("none.jzm", WriteOptions.defaults());
        assertThat(WriteOptions.defaults().autoCompact()).isEqualTo(AutoCompact.NONE);
        for (int i = 0; i < 3; i++) {
            assertThat(JazminFile.delete(file, Filter.eq("id", (long) i), WriteOptions.defaults()).compacted()).isFalse();
        }
        ChangeResult r = JazminFile.delete(file, Filter.eq("id", 3L),
                WriteOptions.defaults().withAutoCompact(AutoCompact.appends(5).withDeletedRatio(0.5)));
        assertThat(r).isEqualTo(new ChangeResult(4, 0, 1, 6, false, r.bytes()));
        assertThat(JazminFile.storage(file).deletedRows()).isEqualTo(4);
    }

    @Test
    void anEncryptedFileIsCompactedUnderItsOwnKeyKeepingItsFilesMetadataAndIndexes() {
        JazminKey key = JazminKey.generate();
        Path file = write("key.jzm", WriteOptions.defaults().withKey(key));
        WriteOptions options = WriteOptions.defaults().withKey(key).withAutoCompact(AutoCompact.appends(1));
        assertThat(JazminFile.delete(file, Filter.eq("id", 0L), options).compacted()).isTrue();
        assertKept(file, ReadOptions.defaults().withKey(key), 1, 10);
        assertThatThrownBy(() -> JazminReader.open(file).close()).isInstanceOf(JazminKeyException.class);
    }

    @Test
    void theCompactionRunsUnderTheAppendsLockAndLeavesItFree() {
        Path file = write("lock.jzm", WriteOptions.defaults());
        JazminFile.delete(file, Filter.eq("id", 0L), WriteOptions.defaults().withAutoCompact(AutoCompact.appends(1)));
        assertThat(WriteLock.stateOf(file)).isEqualTo(WriteLock.State.FREE);
        assertThat(file.resolveSibling(file.getFileName() + ".lock")).doesNotExist();
    }

    @Test
    void thresholdsOutsideTheirRangeAreRefused() {
        assertThatThrownBy(() -> AutoCompact.deletedRatio(1.5)).isInstanceOf(JazminValidationException.class)
                .hasMessageContaining("deletedRatio");
        assertThatThrownBy(() -> AutoCompact.deadBytesRatio(Double.NaN)).isInstanceOf(JazminValidationException.class);
        assertThatThrownBy(() -> AutoCompact.appends(0)).isInstanceOf(JazminValidationException.class)
                .hasMessageContaining("appends");
    }

    /** The rows left (ids from {@code firstId} up to {@code end}), the embedded page, metadata and index. */
    private static void assertKept(Path file, ReadOptions read, int firstId, int end) {
        try (JazminReader reader = JazminReader.open(file, read)) {
            assertThat(reader.table().find(null, RowQuery.all()).map(r -> r.getLong("id")).toList())
                    .isEqualTo(java.util.stream.LongStream.range(firstId, end).boxed().toList());
            assertThat(reader.readFile("about/index.html")).isEqualTo(PAGE);
            assertThat(reader.metadata()).isEqualTo("{\"owner\":\"test\"}");
            assertThat(reader.table().indexes()).extracting(i -> i.column() + ":" + i.kind())
                    .containsExactly("name:sorted");
            assertThat(reader.table().find(Filter.eq("name", "n" + (end - 1)), RowQuery.all()).map(Row::rowId).count())
                    .isEqualTo(1);
        }
    }

    private Path write(String name, WriteOptions options) {
        Path file = dir.resolve(name);
        try (JazminWriter w = JazminWriter.create(file, COLUMNS, options.withIndex("name", IndexKind.SORTED)
                .withMetadata("{\"owner\":\"test\"}"))) {
            for (long i = 0; i < 10; i++) {
                w.writeValues(i, "n" + i);
            }
            w.addFile("about/index.html", PAGE, "text/html", null);
            w.finish();
        }
        return file;
    }

    private static java.util.Iterator<Map<String, ?>> rows(int from, int to) {
        return java.util.stream.IntStream.range(from, to).<Map<String, ?>>mapToObj(i -> Map.of("id", (long) i,
                "name", "n" + i)).iterator();
    }
}
