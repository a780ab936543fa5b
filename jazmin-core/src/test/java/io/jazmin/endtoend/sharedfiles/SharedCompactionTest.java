package io.jazmin.endtoend.sharedfiles;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.internal.wire.Preamble;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import io.jazmin.options.AccessGrant;
import io.jazmin.options.AccessSettings;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compaction of shared files (spec §1.24): the owner's rewrite keeps every key's rows and grants
 * under fresh secrets, drops deleted rows, and with regroup merges the tiny chunks appends leave
 * into each partition's contiguous run.
 */
class SharedCompactionTest {
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("region", ColumnType.STRING), Column.of("email", ColumnType.STRING));
    private static final JazminKey OWNER = JazminKey.generate();
    private static final AccessKeyText NORTH = AccessKeyText.generate(OWNER);

    @TempDir
    Path dir;

    @Test
    void regroupingMergesEachPartitionsSmallChunksAndKeepsEveryKeysRows() throws Exception {
        Path file = dir.resolve("shared.jzm");
        WriteOptions options = WriteOptions.defaults().withKey(OWNER).withChunkRows(100)
                .withAccess(AccessSettings.defaults().withPartitionBy("region").withColumnGroup("pii", List.of("email"))
                        .withGrant(AccessGrant.of(NORTH).withRows(List.of("north")).withLabel("N")));
        JazminWriter.write(file, COLUMNS, options, rows(0, 40));
        for (int a = 1; a <= 6; a++) {
            JazminFile.append(file, rows(a * 100, a * 100 + 4), WriteOptions.defaults().withKey(OWNER));
        }
        JazminFile.delete(file, Filter.eq("id", 0L), WriteOptions.defaults().withKey(OWNER));
        List<String> northBefore = ids(file, ReadOptions.defaults().withAccessKey(NORTH));
        List<String> ownerBefore = ids(file, ReadOptions.defaults().withKey(OWNER));
        byte[] before = Files.readAllBytes(file);

        JazminFile.compact(file, WriteOptions.defaults().withKey(OWNER).withChunkRows(100), true);

        try (JazminReader r = JazminReader.open(file, ReadOptions.defaults().withKey(OWNER))) {
            assertThat(r.table().chunkCount()).as("one chunk per partition").isEqualTo(2);
            assertThat(r.appendCount()).isZero();
            assertThat(r.table().deletedRowCount()).isZero();
            assertThat(JazminFile.listGrants(file, OWNER)).singleElement()
                    .satisfies(g -> assertThat(g.label()).isEqualTo("N"))
                    .satisfies(g -> assertThat(g.rows()).containsExactly("north"));
        }
        assertThat(sorted(ids(file, ReadOptions.defaults().withKey(OWNER)))).isEqualTo(sorted(ownerBefore));
        assertThat(sorted(ids(file, ReadOptions.defaults().withAccessKey(NORTH)))).isEqualTo(sorted(northBefore))
                .hasSize(19 + 6 * 2);
        assertThat(Preamble.decode(Arrays.copyOf(Files.readAllBytes(file), Preamble.SIZE)).fileId()).as("a fresh file id")
                .isNotEqualTo(Preamble.decode(Arrays.copyOf(before, Preamble.SIZE)).fileId());
    }

    @Test
    void compactionWithoutRegroupKeepsTheRowOrder() {
        Path file = dir.resolve("plain-order.jzm");
        WriteOptions options = WriteOptions.defaults().withKey(OWNER).withChunkRows(100)
                .withAccess(AccessSettings.defaults().withPartitionBy("region").withGrant(AccessGrant.of(NORTH)));
        JazminWriter.write(file, COLUMNS, options, rows(0, 20));
        List<String> before = ids(file, ReadOptions.defaults().withKey(OWNER));

        JazminFile.compact(file, WriteOptions.defaults().withKey(OWNER));

        assertThat(ids(file, ReadOptions.defaults().withKey(OWNER))).isEqualTo(before);
        assertThat(ids(file, ReadOptions.defaults().withAccessKey(NORTH))).isEqualTo(before);
    }

    private static java.util.Iterator<Map<String, ?>> rows(int from, int to) {
        return IntStream.range(from, to).<Map<String, ?>>mapToObj(i -> Map.of("id", (long) i,
                "region", i % 2 == 0 ? "north" : "south", "email", "u" + i + "@example.com")).iterator();
    }

    private static List<String> ids(Path file, ReadOptions options) {
        try (JazminReader r = JazminReader.open(file, options)) {
            return r.table().rows().map(Row::toMap).map(Object::toString).toList();
        }
    }

    private static List<String> sorted(List<String> rows) {
        return rows.stream().sorted().toList();
    }
}
