package io.jazmin.endtoend.sharedfiles;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.internal.reader.FileOpener;
import io.jazmin.internal.reader.OpenedFile;
import io.jazmin.internal.wire.ByteSource;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import io.jazmin.options.AccessGrant;
import io.jazmin.options.AccessSettings;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.testing.FlushPointFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Column flush points in shared files: a table of one column group gets them, and a holder's reader
 * inflates each stream read on its own once the part's tag is checked; a table of several groups
 * gets none, since every holder of a partition reads its directory and would learn the sizes of
 * columns hidden from it.
 */
class SharedFlushPointsTest {
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("region", ColumnType.STRING), Column.of("email", ColumnType.STRING),
            Column.of("score", ColumnType.INT));
    private static final List<String> REGIONS = List.of("north", "south");
    private static final int ROWS = 400;

    @Test
    void aTableOfOneGroupHasPointsAHolderUses(@TempDir Path dir) throws IOException {
        JazminKey owner = JazminKey.generate();
        AccessKeyText north = AccessKeyText.generate(owner);
        AccessSettings access = AccessSettings.defaults().withPartitionBy("region")
                .withGrant(AccessGrant.of(north).withRows(List.of("north")));
        byte[] file = write(dir.resolve("one-group.jzm"), owner, access);
        ReadOptions holder = ReadOptions.defaults().withAccessKey(north);

        assertThat(FlushPointFiles.streamsInflatedAlone(file, holder)).isEqualTo(COLUMNS.size());
        assertThat(FlushPointFiles.streamsInflatedAlone(file, ReadOptions.defaults().withKey(owner)))
                .isEqualTo(COLUMNS.size());
        assertScores(file, holder);

        // A grant rewrites the file with the default options: it keeps the layout, points included.
        Path path = dir.resolve("one-group.jzm");
        AccessKeyText south = AccessKeyText.generate(owner);
        JazminFile.grantAccess(path, owner, AccessGrant.of(south).withRows(List.of("south")));
        byte[] granted = Files.readAllBytes(path);
        assertThat(FlushPointFiles.streamsInflatedAlone(granted, holder)).isEqualTo(COLUMNS.size());
        assertScores(granted, holder);
    }

    /** The scores {@code options} read: north's, the first 25 of every 50 rows. */
    private static void assertScores(byte[] file, ReadOptions options) {
        try (JazminReader r = JazminReader.open(file, options)) {
            List<Object> scores = FlushPointFiles.column(r, "score");
            assertThat(scores).hasSize(ROWS / 2);
            for (int k = 0; k < scores.size(); k++) {
                long id = (k / 25) * 50L + k % 25;
                assertThat(scores.get(k)).isEqualTo(id * 7 % 100);
            }
        }
    }

    @Test
    void aTableOfSeveralGroupsHasNone(@TempDir Path dir) throws IOException {
        JazminKey owner = JazminKey.generate();
        AccessKeyText north = AccessKeyText.generate(owner);
        AccessSettings access = AccessSettings.defaults().withPartitionBy("region").withColumnGroup("pii", List.of("email"))
                .withGrant(AccessGrant.of(north).withRows(List.of("north")));
        byte[] file = write(dir.resolve("two-groups.jzm"), owner, access);
        try (ByteSource source = ByteSource.of(file);
             OpenedFile opened = FileOpener.open(source, ReadOptions.defaults().withKey(owner))) {
            assertThat(opened.table(0).chunks()).isNotEmpty().allSatisfy(c -> assertThat(c.flushPoints()).isNull());
        }
        try (JazminReader r = JazminReader.open(file, ReadOptions.defaults().withAccessKey(north))) {
            assertThat(FlushPointFiles.column(r, "score")).hasSize(ROWS / 2);
        }
    }

    /** {@link #ROWS} rows, regions in turn in runs of 25, with column flush points asked for. */
    private static byte[] write(Path path, JazminKey owner, AccessSettings access) throws IOException {
        WriteOptions options = WriteOptions.defaults().withKey(owner).withAccess(access).withChunkRows(50)
                .withColumnFlushPoints(true);
        try (JazminWriter w = JazminWriter.create(path, COLUMNS, options)) {
            for (int i = 0; i < ROWS; i++) {
                w.writeValues((long) i, REGIONS.get(i / 25 % 2), "user" + i + "@example.com", (long) (i * 7 % 100));
            }
            w.finish();
        }
        return Files.readAllBytes(path);
    }
}
