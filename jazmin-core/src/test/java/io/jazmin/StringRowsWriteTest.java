package io.jazmin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.error.InvalidRowException;
import io.jazmin.internal.wire.Preamble;
import io.jazmin.options.Priority;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.testing.Written;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * String values are checked for unpaired surrogates while their UTF-8 bytes are made, before the
 * row is taken: a refused row leaves nothing behind, so the file equals the one written without it.
 */
class StringRowsWriteTest {
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("a", ColumnType.STRING), Column.of("b", ColumnType.STRING), Column.of("n", ColumnType.INT));
    private static final WriteOptions OPTIONS = WriteOptions.defaults().withChunkRows(7)
            .withNow(Instant.parse("2024-05-06T07:08:09Z"));

    @TempDir
    Path dir;

    @Test
    void refusedRowsLeaveNoBytesBehind() throws IOException {
        for (Priority priority : Priority.values()) {
            WriteOptions options = OPTIONS.withPriority(priority);
            List<List<Object>> good = new ArrayList<>();
            Path path = dir.resolve(priority + ".jzm");
            try (JazminWriter w = JazminWriter.create(path, COLUMNS, options)) {
                for (long i = 0; i < 40; i++) {
                    String a = i % 3 == 0 ? null : "name é€😀 " + (i % 4);
                    String b = "x".repeat((int) (i * 5)) + i;
                    if (i % 6 == 5) {
                        long id = i;
                        long row = w.rowCount();
                        assertThatThrownBy(() -> w.writeValues(id, "fine", "bad \uD800 here", 1L))
                                .isInstanceOfSatisfying(InvalidRowException.class, e -> {
                                    assertThat(e.column()).isEqualTo("b");
                                    assertThat(e.row()).isEqualTo(row);
                                    assertThat(e.getMessage()).contains("unpaired surrogate (U+D800) at index 4");
                                });
                        // the strings were encoded, then a later column is refused
                        assertThatThrownBy(() -> w.writeValues(id, "fine", "also fine", "not an int"))
                                .isInstanceOfSatisfying(InvalidRowException.class,
                                        e -> assertThat(e.column()).isEqualTo("n"));
                    }
                    w.writeValues(i, a, b, i * 7);
                    good.add(Arrays.asList(i, a, b, i * 7));
                }
                w.finish();
            }
            byte[] expected = Written.file(COLUMNS, good, options);
            assertThat(afterPreamble(Files.readAllBytes(path))).as(priority.toString())
                    .isEqualTo(afterPreamble(expected));
            try (JazminReader r = JazminReader.open(path)) {
                assertThat(r.table().rowCount()).isEqualTo(40);
            }
        }
    }

    private static byte[] afterPreamble(byte[] file) {
        return Arrays.copyOfRange(file, Preamble.SIZE, file.length);
    }
}
