package io.jazmin.endtoend.sharedfiles;

import static io.jazmin.endtoend.sharedfiles.SharedFilesFixture.as;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.data.Row;
import io.jazmin.error.JazminValidationException;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import io.jazmin.options.AccessGrant;
import io.jazmin.options.AccessSettings;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An owner's append to a shared file growing object columns by nullable trailing fields (spec §1.10,
 * §1.24): the default group's definitions grow in the header, a restricted group's in a new
 * definitions section sealed with its group secret; each key reads the new fields of the groups it
 * was granted (older rows read them as null), and nothing of the others.
 */
class SharedGrownColumnsAppendTest {
    private static final Column ID = Column.required("id", ColumnType.INT);
    private static final Column REGION = Column.of("region", ColumnType.STRING);
    private static final Column A = Column.of("a", ColumnType.STRING);
    private static final Column B = Column.of("b", ColumnType.INT);
    private static final JazminKey OWNER = JazminKey.generate();
    private static final AccessKeyText NORTH = AccessKeyText.generate(OWNER);
    private static final AccessKeyText ALL = AccessKeyText.generate(OWNER);

    @TempDir
    Path dir;
    private Path file;

    @BeforeEach
    void writeFile() {
        file = dir.resolve("shared.jzm");
        AccessSettings access = AccessSettings.defaults().withPartitionBy("region").withColumnGroup("pii", List.of("p"))
                .withGrant(AccessGrant.of(NORTH).withRows(List.of("north")).withColumns(List.of("*")))
                .withGrant(AccessGrant.of(ALL));
        JazminWriter.write(file, columns(List.of(A)), WriteOptions.defaults().withKey(OWNER).withAccess(access)
                .withChunkRows(2), rows(0, 4, Map.of("a", "old")));
    }

    /** id, region, object {@code o} (default group) and object {@code p} (group pii), both with {@code fields}. */
    private static List<Column> columns(List<Column> fields) {
        return List.of(ID, REGION, new Column("o", ColumnType.OBJECT, true, "", "", null, fields),
                new Column("p", ColumnType.OBJECT, true, "", "", null, fields));
    }

    /** {@code count} rows with ids from {@code first}, alternating north and south, {@code o} = {@code p} = value. */
    private static Iterator<Map<String, ?>> rows(long first, int count, Map<String, ?> value) {
        return LongStream.range(first, first + count).<Map<String, ?>>mapToObj(id -> Map.of("id", id,
                "region", id % 2 == 0 ? "north" : "south", "o", value, "p", value)).iterator();
    }

    private List<Row> read(ReadOptions options) {
        try (JazminReader r = JazminReader.open(file, options)) {
            return r.table().rows().toList();
        }
    }

    private static Map<String, Object> fields(String a, Long b) {
        Map<String, Object> out = new HashMap<>();
        out.put("a", a);
        out.put("b", b);
        return out;
    }

    @Test
    void eachKeyReadsTheNewFieldsOfTheGroupsItWasGranted() {
        JazminFile.append(file, null, rows(4, 2, Map.of("a", "new", "b", 7L)), WriteOptions.defaults().withKey(OWNER),
                columns(List.of(A, B)));

        List<Row> owner = read(ReadOptions.defaults().withKey(OWNER));
        assertThat(owner).extracting(r -> r.get("p")).containsExactly(fields("old", null), fields("old", null),
                fields("old", null), fields("old", null), fields("new", 7L), fields("new", 7L));
        assertThat(owner).extracting(r -> r.get("o")).containsExactlyElementsOf(
                owner.stream().map(r -> r.get("p")).toList());
        try (JazminReader r = JazminReader.open(file, as(NORTH))) {
            assertThat(r.table().columns()).extracting(Column::name).containsExactly("id", "region", "o");
            assertThat(r.table().column("o").fields()).extracting(Column::name).containsExactly("a", "b");
            assertThat(r.table().rows().map(row -> row.get("o")).toList())
                    .containsExactly(fields("old", null), fields("old", null), fields("new", 7L));
        }
        try (JazminReader r = JazminReader.open(file, as(ALL))) {
            assertThat(r.table().column("p").fields()).extracting(Column::name).containsExactly("a", "b");
            assertThat(r.table().rows().map(row -> row.get("p")).toList()).containsExactlyElementsOf(
                    owner.stream().map(row -> row.get("p")).toList());
        }

        JazminFile.compact(file, WriteOptions.defaults().withKey(OWNER));
        assertThat(read(as(ALL))).extracting(r -> r.get("p")).containsExactlyElementsOf(
                owner.stream().map(r -> r.get("p")).toList());
    }

    @Test
    void otherColumnChangesAreRefusedAndLeaveTheFileUnchanged() throws IOException {
        byte[] before = Files.readAllBytes(file);
        List<Column> required = columns(List.of(A, Column.required("b", ColumnType.INT)));

        assertThatThrownBy(() -> JazminFile.append(file, null, rows(4, 1, Map.of("a", "x", "b", 1L)),
                WriteOptions.defaults().withKey(OWNER), required))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("'b' is required");

        assertThat(Files.readAllBytes(file)).isEqualTo(before);
    }
}
