package io.jazmin.internal.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminFile;
import io.jazmin.JazminWriter;
import io.jazmin.internal.reader.FileOpener;
import io.jazmin.internal.reader.OpenedFile;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import io.jazmin.options.AccessGrant;
import io.jazmin.options.AccessSettings;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link TableData#listedSegmentCount()} counts the directory segments from the catalog (the table's
 * entry, its partition table, the deltas) before any layout, and agrees with the layout's count.
 */
class ListedSegmentsTest {
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("region", ColumnType.STRING));

    @TempDir
    Path dir;

    private static java.util.Iterator<Map<String, ?>> rows(int from, int to, String region) {
        return IntStream.range(from, to).<Map<String, ?>>mapToObj(i -> Map.of("id", (long) i, "region", region))
                .iterator();
    }

    /** The count before a layout, then the segments the layout lists. */
    private static void assertCountedAsLaidOut(Path file, ReadOptions options, int expected) {
        try (OpenedFile opened = FileOpener.open(file, options)) {
            TableData data = opened.table(0);
            int counted = data.listedSegmentCount();
            assertThat(data.directorySegmentsRead()).as("nothing laid out to count").isZero();
            assertThat(counted).isEqualTo(expected).isEqualTo(data.segments().size());
        }
    }

    @Test
    void aPlainFilesSegmentsAreCountedFromItsEntry() {
        Path file = dir.resolve("plain.jzm");
        JazminWriter.write(file, COLUMNS, WriteOptions.defaults(), rows(0, 10, "a"));
        for (int i = 1; i <= 4; i++) {
            JazminFile.append(file, rows(i * 10, i * 10 + 3, "a"), WriteOptions.defaults());
        }
        assertCountedAsLaidOut(file, ReadOptions.defaults(), 5);
    }

    /** A table with a partition table gets its appended segments in deltas (spec §1.24): they count too. */
    @Test
    void segmentsInAPartitionTableAndDeltasAreCounted() {
        JazminKey owner = JazminKey.generate();
        Path file = dir.resolve("shared.jzm");
        JazminWriter.write(file, COLUMNS, WriteOptions.defaults().withKey(owner).withAccess(AccessSettings.defaults()
                .withPartitionBy("region").withGrant(AccessGrant.of(AccessKeyText.generate(owner)))),
                IntStream.range(0, 140).<Map<String, ?>>mapToObj(i -> Map.of("id", (long) i, "region", "p" + i % 70))
                        .iterator());
        JazminFile.append(file, rows(200, 203, "p7"), WriteOptions.defaults().withKey(owner));
        JazminFile.append(file, rows(300, 302, "p99"), WriteOptions.defaults().withKey(owner));
        try (OpenedFile opened = FileOpener.open(file, ReadOptions.defaults().withKey(owner))) {
            assertThat(opened.header().deltas()).hasSize(2);
            assertThat(opened.header().tables().get(0).partitionTable()).isNotNull();
        }
        assertCountedAsLaidOut(file, ReadOptions.defaults().withKey(owner), 72);
    }
}
