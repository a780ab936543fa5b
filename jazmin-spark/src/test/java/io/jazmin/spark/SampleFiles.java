package io.jazmin.spark;

import io.jazmin.JazminWriter;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.JsonText;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Small files of every type written with jazmin-core: ids ascending across files, 100-row chunks,
 * nulls, NaN and −0, strings beyond the BMP and at U+E000, decimals of mixed scale.
 */
final class SampleFiles {
    static final int ROWS_PER_FILE = 300;
    static final int CHUNK_ROWS = 100;
    static final long EPOCH_MS = 1_700_000_000_000L;

    static final List<Column> COLUMNS = List.of(
            Column.required("id", ColumnType.INT),
            Column.of("name", ColumnType.STRING),
            Column.of("score", ColumnType.FLOAT),
            Column.of("price", ColumnType.DECIMAL),
            Column.of("at", ColumnType.DATETIME),
            Column.of("flag", ColumnType.BOOL),
            Column.of("data", ColumnType.BINARY),
            Column.of("meta", ColumnType.JSON),
            new Column("tags", ColumnType.LIST, true, "", "", Column.of("item", ColumnType.STRING), List.of()),
            new Column("addr", ColumnType.OBJECT, true, "", "", null,
                    List.of(Column.of("city", ColumnType.STRING), Column.of("zip", ColumnType.INT))));

    private SampleFiles() {
    }

    /** Writes {@code files} files of {@link #ROWS_PER_FILE} rows named part-0.jzm, part-1.jzm, … */
    static void write(Path folder, int files, WriteOptions options) {
        for (int f = 0; f < files; f++) {
            try (JazminWriter w = JazminWriter.create(folder.resolve("part-" + f + ".jzm"), COLUMNS,
                    options.withChunkRows(CHUNK_ROWS))) {
                for (int i = 0; i < ROWS_PER_FILE; i++) {
                    w.writeRow(row(f * ROWS_PER_FILE + i));
                }
                w.finish();
            }
        }
    }

    static Map<String, Object> row(long g) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("id", g);
        r.put("name", g % 7 == 0 ? null : g % 5 == 0 ? "\uD83D\uDE00" + g : g % 11 == 0 ? "\uE000x" + g : "n" + g);
        r.put("score", g % 13 == 0 ? (Double) Double.NaN : g % 17 == 0 ? (Double) (-0.0) : g % 19 == 0 ? null : g % 3 == 1 ? (Double) 0.0 : (Double) (g * 0.5));
        r.put("price", g % 23 == 0 ? null : g % 2 == 0 ? new BigDecimal(g + ".5") : new BigDecimal(g + ".25"));
        r.put("at", Instant.ofEpochMilli(EPOCH_MS + g * 1000 + g % 3));
        r.put("flag", g % 29 == 0 ? null : g % 3 == 0);
        r.put("data", new byte[] {(byte) g, 1});
        r.put("meta", JsonText.of("{\"g\":" + g + "}"));
        r.put("tags", g % 31 == 0 ? null : List.of("a" + g % 4, "b"));
        r.put("addr", g % 37 == 0 ? null : Map.of("city", "c" + g % 10, "zip", g));
        return r;
    }
}
