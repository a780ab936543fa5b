package io.jazmin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.error.InvalidRowException;
import io.jazmin.internal.wire.Preamble;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.IndexKind;
import io.jazmin.schema.JsonText;
import io.jazmin.testing.Written;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A refused row leaves nothing behind, whatever the values staged before the one refused (nulls, strings,
 * decimals, datetimes, binary, json): the file equals the one written without it. Rows of a table
 * without sort order or index go straight into the column builders ({@code TableWriter.addStaged}),
 * the others through an array of converted values; both are run, with chunks cut often.
 */
class RefusedRowsWriteTest {
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("flag", ColumnType.BOOL), Column.of("amount", ColumnType.DECIMAL),
            Column.of("note", ColumnType.STRING), Column.of("at", ColumnType.DATETIME),
            Column.of("score", ColumnType.FLOAT), Column.of("blob", ColumnType.BINARY),
            Column.of("doc", ColumnType.JSON), Column.required("n", ColumnType.INT));
    private static final WriteOptions OPTIONS = WriteOptions.defaults().withChunkRows(5)
            .withNow(Instant.parse("2024-05-06T07:08:09Z"));

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void refusedRowsLeaveNothingBehind(boolean indexed) throws IOException {
        WriteOptions options = indexed ? OPTIONS.withIndex("id", IndexKind.SORTED) : OPTIONS;
        List<List<Object>> good = new ArrayList<>();
        Path path = dir.resolve("refused.jzm");
        try (JazminWriter w = JazminWriter.create(path, COLUMNS, options)) {
            for (long i = 0; i < 30; i++) {
                if (i % 4 == 1) {
                    long row = w.rowCount();
                    Object[] staged = {i, i % 8 == 1 ? null : true, new BigDecimal("1.25"), i % 8 == 1 ? null : "é " + i,
                        Instant.ofEpochMilli(1_700_000_000_000L + i), 0.5, new byte[] {1, 2}, JsonText.of("{\"a\":1}"),
                        null};
                    assertThatThrownBy(() -> w.writeValues(staged)).isInstanceOfSatisfying(InvalidRowException.class, e -> {
                        assertThat(e.column()).isEqualTo("n");
                        assertThat(e.row()).isEqualTo(row);
                        assertThat(e.getMessage()).contains("null in a column that does not allow nulls");
                    });
                    Object[] mistyped = staged.clone();
                    mistyped[8] = 3L;
                    mistyped[5] = "not a float";
                    assertThatThrownBy(() -> w.writeValues(mistyped)).isInstanceOfSatisfying(InvalidRowException.class,
                            e -> assertThat(e.column()).isEqualTo("score"));
                    Object[] tooPrecise = staged.clone();
                    tooPrecise[8] = 3L;
                    tooPrecise[4] = Instant.ofEpochSecond(1_700_000_000L, 1);
                    assertThatThrownBy(() -> w.writeValues(tooPrecise)).isInstanceOfSatisfying(InvalidRowException.class,
                            e -> assertThat(e.column()).isEqualTo("at"));
                }
                List<Object> row = Arrays.asList(i, i % 3 == 0 ? null : i % 2 == 0,
                        i % 5 == 0 ? null : BigDecimal.valueOf(i, 2), i % 3 == 1 ? null : "note " + i,
                        i % 7 == 0 ? null : Instant.ofEpochMilli(1_600_000_000_000L + i * 1000),
                        i % 6 == 0 ? null : i / 4.0, i % 5 == 2 ? null : new byte[] {(byte) i},
                        i % 4 == 3 ? null : JsonText.of("{\"i\":" + i + "}"), i * 7);
                w.writeValues(row.toArray());
                good.add(row);
            }
            w.finish();
        }
        byte[] expected = Written.file(COLUMNS, good, options);
        assertThat(afterPreamble(Files.readAllBytes(path))).isEqualTo(afterPreamble(expected));
        try (JazminReader r = JazminReader.open(path)) {
            assertThat(r.table().rowCount()).isEqualTo(30);
        }
    }

    private static byte[] afterPreamble(byte[] file) {
        return Arrays.copyOfRange(file, Preamble.SIZE, file.length);
    }
}
