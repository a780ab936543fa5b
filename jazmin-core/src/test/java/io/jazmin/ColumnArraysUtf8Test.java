package io.jazmin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.data.ColumnArrays;
import io.jazmin.data.Filter;
import io.jazmin.data.RowQuery;
import io.jazmin.data.Utf8Column;
import io.jazmin.error.JazminValidationException;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * String columns of {@link ColumnArrays} as UTF-8 bytes in one buffer ({@link ColumnArrays#utf8}): over
 * several chunks, of a plain stream (distinct values) and a dictionary (few values), with nulls, empty
 * strings and characters beyond the BMP, filtered, each row's bytes are its value's UTF-8 form, and
 * {@code objects} still gives the same strings.
 */
class ColumnArraysUtf8Test {
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("name", ColumnType.STRING), Column.of("country", ColumnType.STRING));

    private static String name(long i) {
        return i % 9 == 0 ? null : i % 10 == 1 ? "" : i % 4 == 0 ? "\uD83D\uDE00 " + i : "n\u00e9" + i;
    }

    private static String country(long i) {
        return i % 13 == 0 ? null : List.of("DE", "NA", "\u4E2D\u56FD").get((int) (i % 3));
    }

    private static byte[] file() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JazminWriter w = JazminWriter.create(out, COLUMNS, WriteOptions.defaults().withChunkRows(100))) {
            for (long i = 0; i < 450; i++) {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("id", i);
                row.put("name", name(i));
                row.put("country", country(i));
                w.writeRow(row);
            }
            w.finish();
        }
        return out.toByteArray();
    }

    @Test
    void stringColumnsAreTheirUtf8BytesInOneBuffer() {
        try (JazminReader r = JazminReader.open(file())) {
            Filter filter = Filter.gte("id", 50L).and(Filter.lt("id", 420L)).and(Filter.ne("country", "NA"));
            ColumnArrays arrays = r.table().columnArrays(filter, RowQuery.all().withSelect(List.of("id", "name", "country")));
            long[] ids = arrays.longs("id");
            assertThat(arrays.rowCount()).isGreaterThan(200);
            for (String column : List.of("name", "country")) {
                Utf8Column text = arrays.utf8(column);
                assertThat(text.size()).isEqualTo(arrays.rowCount());
                List<Object> decoded = new ArrayList<>();
                for (int row = 0; row < arrays.rowCount(); row++) {
                    String want = column.equals("name") ? name(ids[row]) : country(ids[row]);
                    assertThat(arrays.isNull(column, row)).as("%s null at id %d", column, ids[row]).isEqualTo(want == null);
                    byte[] got = java.util.Arrays.copyOfRange(text.bytes(), text.start(row), text.start(row) + text.length(row));
                    assertThat(got).as("%s at id %d", column, ids[row])
                            .isEqualTo(want == null ? new byte[0] : want.getBytes(StandardCharsets.UTF_8));
                    decoded.add(want);
                }
                assertThat(arrays.objects(column)).as(column).containsExactlyElementsOf(decoded);
                assertThat(arrays.objects(column)).as("decoded once").isSameAs(arrays.objects(column));
            }
            assertThatThrownBy(() -> arrays.utf8("id")).isInstanceOf(JazminValidationException.class)
                    .hasMessageContaining("'id' has type int");
        }
    }
}
