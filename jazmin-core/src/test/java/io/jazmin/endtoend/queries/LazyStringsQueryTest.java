package io.jazmin.endtoend.queries;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.data.Filter;
import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.options.WriteOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Filters and row reads over string columns kept as bytes until asked for (plain streams), next
 * to a dictionary-encoded one, across several chunks.
 */
class LazyStringsQueryTest {
    private static final int ROWS = 40;
    private static final String[] CITIES = {"Z\u00fcrich", "Ume\u00e5", "\u6771\u4EAC"};

    @TempDir
    Path dir;

    /** Distinct names (a plain stream), with empty and multi-byte values and every 7th row null. */
    private static String name(int i) {
        if (i % 7 == 3) {
            return null;
        }
        return i % 5 == 0 ? "" : "n\u00e4me-" + i + (i % 2 == 0 ? " \uD83D\uDE00" : "");
    }

    private Path write() {
        Path file = dir.resolve("lazy.jzm");
        try (JazminWriter w = JazminWriter.create(file, List.of(Column.required("id", ColumnType.INT),
                Column.of("name", ColumnType.STRING), Column.of("city", ColumnType.STRING)),
                WriteOptions.defaults().withChunkRows(16))) {
            for (int i = 0; i < ROWS; i++) {
                w.writeValues((long) i, name(i), CITIES[i % CITIES.length]);
            }
            w.finish();
        }
        return file;
    }

    @Test
    void filtersOnPlainStringsMatchPlainJava() {
        try (JazminReader reader = JazminReader.open(write())) {
            check(reader, Filter.eq("name", "n\u00e4me-8 \uD83D\uDE00"), s -> s.equals("n\u00e4me-8 \uD83D\uDE00"));
            check(reader, Filter.eq("name", ""), String::isEmpty);
            check(reader, Filter.gt("name", "n\u00e4me-3"), s -> s.compareTo("n\u00e4me-3") > 0);
            check(reader, Filter.lt("name", "n\u00e4me-2"), s -> s.compareTo("n\u00e4me-2") < 0);
            check(reader, Filter.in("name", "n\u00e4me-1", "n\u00e4me-39"), s -> s.equals("n\u00e4me-1")
                    || s.equals("n\u00e4me-39"));
            check(reader, Filter.contains("name", "\uD83D\uDE00"), s -> s.contains("\uD83D\uDE00"));
            check(reader, Filter.startsWith("name", "n\u00e4me-2"), s -> s.startsWith("n\u00e4me-2"));
        }
    }

    @Test
    void stringsReadAfterTheChunksOtherColumns() {
        try (JazminReader reader = JazminReader.open(write())) {
            List<Row> rows = reader.table().find(Filter.gte("id", 0L), RowQuery.all()).toList();
            assertThat(rows).hasSize(ROWS);
            for (int i = ROWS - 1; i >= 0; i--) { // other columns first, rows out of order
                Row row = rows.get(i);
                assertThat(row.get("id")).isEqualTo((long) i);
                assertThat(row.getString("city")).isEqualTo(CITIES[i % CITIES.length]);
                assertThat(row.getString("name")).as("row %d", i).isEqualTo(name(i));
            }
        }
    }

    private static void check(JazminReader reader, Filter filter, Predicate<String> expected) {
        List<Long> want = new ArrayList<>();
        IntStream.range(0, ROWS).filter(i -> name(i) != null && expected.test(name(i)))
                .forEach(i -> want.add((long) i));
        List<Long> found = reader.table().find(filter, RowQuery.all().withSelect(List.of("id")))
                .map(r -> (Long) r.get("id")).toList();
        assertThat(found).as(filter.toJson()).isEqualTo(want);
        assertThat(reader.table().count(filter)).isEqualTo(want.size());
    }
}
