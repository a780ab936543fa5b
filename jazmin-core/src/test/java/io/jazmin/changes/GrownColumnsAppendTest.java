package io.jazmin.changes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.error.JazminValidationException;
import io.jazmin.JazminWriter;
import io.jazmin.data.Row;
import io.jazmin.options.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 8: an append may grow object columns by nullable trailing fields (spec §1.10, §1.24), nothing else. */
class GrownColumnsAppendTest {
    private static final Column ID = Column.required("id", ColumnType.INT);
    private static final Column A = Column.of("a", ColumnType.STRING);
    private static final Column B = Column.of("b", ColumnType.INT);

    @TempDir
    Path dir;

    @Test
    void oldRowsReadNewTrailingFieldsAsNull() {
        Path file = written();
        JazminFile.append(file, null, rows(3, 2, Map.of("a", "new", "b", 7L)), WriteOptions.defaults(),
                List.of(ID, object(A, B)));
        JazminFile.append(file, null, rows(5, 1, Map.of("a", "newer")), WriteOptions.defaults(),
                List.of(ID, object(A, B)));
        try (JazminReader reader = JazminReader.open(file)) {
            assertThat(reader.table().column("o").fields()).extracting(Column::name).containsExactly("a", "b");
            List<Row> rows = reader.table().rows().toList();
            assertThat(rows).extracting(r -> r.get("o")).containsExactly(
                    fields("old", null), fields("old", null), fields("old", null),
                    fields("new", 7L), fields("new", 7L),
                    fields("newer", null));
        }
    }

    @Test
    void growthInsideListsOfObjects() {
        Path file = dir.resolve("list.jzm");
        Column list = new Column("l", ColumnType.LIST, true, "", "", object(A), List.of());
        JazminWriter.write(file, List.of(ID, list), WriteOptions.defaults(),
                List.<Map<String, ?>>of(Map.of("id", 0L, "l", List.of(Map.of("a", "x")))).iterator());
        Column grown = new Column("l", ColumnType.LIST, true, "", "", object(A, B), List.of());
        JazminFile.append(file, null, List.<Map<String, ?>>of(Map.of("id", 1L, "l",
                List.of(Map.of("a", "y", "b", 2L)))).iterator(), WriteOptions.defaults(), List.of(ID, grown));
        try (JazminReader reader = JazminReader.open(file)) {
            assertThat(reader.table().rows().map(r -> r.get("l")).toList())
                    .containsExactly(List.of(fields("x", null)), List.of(fields("y", 2L)));
        }
    }

    @Test
    void otherChangesAreRefusedAndLeaveTheFileUnchanged() throws IOException {
        Path file = written();
        byte[] before = Files.readAllBytes(file);
        Column middle = object(B, A);
        Column required = object(A, Column.required("b", ColumnType.INT));
        Column retyped = object(Column.of("a", ColumnType.INT), B);
        Column notObject = Column.of("o", ColumnType.JSON);
        for (List<Column> grown : List.of(List.of(ID, middle), List.of(ID, required), List.of(ID, retyped),
                List.of(ID, notObject), List.of(object(A, B), ID), List.of(ID))) {
            assertThatThrownBy(() -> JazminFile.append(file, null, rows(3, 1, Map.of("a", "x")),
                    WriteOptions.defaults(), grown))
                    .as("%s", grown).isInstanceOf(JazminValidationException.class);
            assertThat(Files.readAllBytes(file)).isEqualTo(before);
        }
        assertThatThrownBy(() -> JazminFile.append(file, null, rows(3, 1, Map.of("a", "x")),
                WriteOptions.defaults(), List.of(ID, required)))
                .hasMessageContaining("column 'o'").hasMessageContaining("'b' is required");
    }

    private Path written() {
        Path file = dir.resolve("grow.jzm");
        JazminWriter.write(file, List.of(ID, object(A)), WriteOptions.defaults().withChunkRows(2),
                rows(0, 3, Map.of("a", "old")));
        return file;
    }

    /** {@code count} rows {id, o} with ids from {@code first} on. */
    private static Iterator<Map<String, ?>> rows(long first, int count, Map<String, ?> o) {
        return LongStream.range(first, first + count)
                .<Map<String, ?>>mapToObj(id -> Map.of("id", id, "o", o)).iterator();
    }

    private static Column object(Column... fields) {
        return new Column("o", ColumnType.OBJECT, true, "", "", null, List.of(fields));
    }

    private static Map<String, Object> fields(String a, Long b) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("a", a);
        out.put("b", b);
        return out;
    }
}
