package io.jazmin.convert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.error.JazminValidationException;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.JsonText;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RowSorterTest {
    private static final List<Column> COLUMNS = List.of(Column.of("group", ColumnType.STRING),
            Column.required("n", ColumnType.INT), Column.of("amount", ColumnType.DECIMAL),
            Column.of("at", ColumnType.DATETIME), Column.of("bytes", ColumnType.BINARY),
            Column.of("rate", ColumnType.FLOAT), Column.of("doc", ColumnType.JSON));

    @TempDir
    Path dir;

    private static List<List<Object>> rows(int count) {
        Random random = new Random(7);
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int g = random.nextInt(20);
            rows.add(Arrays.asList(g == 0 ? null : "g" + g, (long) i, new BigDecimal(random.nextInt(1000) + ".50"),
                    Instant.ofEpochMilli(1_700_000_000_000L + random.nextInt(1_000_000)), new byte[] {(byte) i},
                    i % 7 == 0 ? Double.NaN : random.nextDouble(), JsonText.of("{\"i\":" + i + "}")));
        }
        return rows;
    }

    /** Sorted by group (nulls first, then by UTF-16 units), equal groups in input order. */
    private static List<String> expected(List<List<Object>> rows) {
        return rows.stream().sorted(Comparator.comparing(r -> (String) r.get(0),
                Comparator.nullsFirst(Comparator.<String>naturalOrder()))).map(RowSorterTest::text).toList();
    }

    private static String text(List<Object> row) {
        return CanonicalValues.rowToJson(COLUMNS, row, JsonStyle.CANONICAL);
    }

    private List<String> sorted(List<List<Object>> rows, long budget, int[] runs) {
        List<String> out = new ArrayList<>();
        try (RowSorter sorter = new RowSorter(COLUMNS, List.of("group"), budget, dir)) {
            rows.forEach(sorter::add);
            Iterator<List<Object>> it = sorter.sorted();
            runs[0] = sorter.spilledRuns();
            it.forEachRemaining(r -> out.add(text(r)));
        }
        return out;
    }

    @Test
    void rowsBeyondTheBudgetAreSpilledInSortedRunsMergedStablyAndLosslesslyAndTheRunsAreDeleted() throws Exception {
        List<List<Object>> rows = rows(5_000);
        int[] runs = new int[1];
        assertThat(sorted(rows, 64 * 1024, runs)).containsExactlyElementsOf(expected(rows));
        assertThat(runs[0]).isGreaterThan(5);
        try (Stream<Path> left = Files.list(dir)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void rowsWithinTheBudgetAreSortedInMemory() {
        List<List<Object>> rows = rows(500);
        int[] runs = new int[1];
        assertThat(sorted(rows, 1L << 30, runs)).containsExactlyElementsOf(expected(rows));
        assertThat(runs[0]).isZero();
    }

    @Test
    void anUnknownOrUnorderedSortColumnIsRefused() {
        assertThatThrownBy(() -> new RowSorter(COLUMNS, List.of("nope"), 1, dir))
                .isInstanceOf(JazminValidationException.class).hasMessage("cannot sort by unknown column 'nope'");
        assertThatThrownBy(() -> new RowSorter(COLUMNS, List.of("bytes"), 1, dir))
                .isInstanceOf(JazminValidationException.class);
    }
}
