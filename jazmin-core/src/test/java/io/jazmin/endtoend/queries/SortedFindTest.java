package io.jazmin.endtoend.queries;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.schema.Column;
import io.jazmin.data.ColumnArrays;
import io.jazmin.schema.ColumnType;
import io.jazmin.Explain;
import io.jazmin.data.Filter;
import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.error.JazminValidationException;
import io.jazmin.schema.JsonText;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.data.SortKey;
import io.jazmin.options.WriteOptions;
import io.jazmin.mapping.JazminMapper;
import io.jazmin.testing.SharedFiles;
import io.jazmin.testing.Written;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Sorted {@code find}: the orders each column type gets, nulls, ties, slices, strategies and refusals. */
class SortedFindTest {
    private static final List<Column> COLUMNS = List.of(Column.of("id", ColumnType.INT),
            Column.of("i", ColumnType.INT), Column.of("f", ColumnType.FLOAT), Column.of("d", ColumnType.DECIMAL),
            Column.of("s", ColumnType.STRING), Column.of("t", ColumnType.DATETIME), Column.of("b", ColumnType.BOOL),
            Column.of("bin", ColumnType.BINARY), Column.of("j", ColumnType.JSON));

    private static JazminTable small;

    /** Two of the columns, mapped. */
    record Pick(long id, Long i) {
    }

    @BeforeAll
    static void writeSmallFile() {
        List<List<Object>> rows = new ArrayList<>();
        rows.add(row(0, 5L, 1.5, "1.50", "b", "2020-01-01T00:00:00Z", true));
        rows.add(row(1, null, Double.NaN, "2", "\uE000", null, false));
        rows.add(row(2, -3L, -0.0, "1.5", "😀", "2019-01-01T00:00:00Z", null));
        rows.add(row(3, 5L, null, null, null, "2021-01-01T00:00:00Z", true));
        rows.add(row(4, 7L, 0.0, "-10", "a", "2020-01-01T00:00:00Z", false));
        rows.add(row(5, -3L, Double.NEGATIVE_INFINITY, "0.001", "ab", "1969-12-31T23:59:59.999Z", true));
        // Two rows per chunk, so the winners come from several chunks.
        small = JazminReader.open(Written.file(COLUMNS, rows, WriteOptions.defaults().withChunkRows(2))).table();
    }

    private static List<Object> row(long id, Long i, Double f, String d, String s, String t, Boolean b) {
        return Arrays.asList(id, i, f, d == null ? null : new BigDecimal(d), s, t == null ? null : Instant.parse(t), b,
                new byte[] {(byte) id}, JsonText.of("{\"n\":" + id + "}"));
    }

    private static List<Long> ids(JazminTable table, Filter filter, RowQuery query) {
        return table.find(filter, query).map(r -> (Long) r.get("id")).toList();
    }

    private static List<Long> ids(SortKey... keys) {
        return ids(small, null, RowQuery.all().orderBy(keys));
    }

    @Test
    void intsAscendingPutNullsFirstAndBreakTiesByRowId() {
        assertThat(ids(SortKey.asc("i"))).containsExactly(1L, 2L, 5L, 0L, 3L, 4L);
        assertThat(ids(SortKey.asc("i").nullsLast())).containsExactly(2L, 5L, 0L, 3L, 4L, 1L);
    }

    @Test
    void descendingPutsNullsLastAndStillBreaksTiesByRowId() {
        assertThat(ids(SortKey.desc("i"))).containsExactly(4L, 0L, 3L, 2L, 5L, 1L);
        assertThat(ids(SortKey.desc("i").nullsFirst())).containsExactly(1L, 4L, 0L, 3L, 2L, 5L);
    }

    @Test
    void floatsTreatNegativeZeroAsZeroAndPutNaNAfterEveryNumber() {
        assertThat(ids(SortKey.asc("f"))).containsExactly(3L, 5L, 2L, 4L, 0L, 1L);
        assertThat(ids(SortKey.desc("f"))).containsExactly(1L, 0L, 2L, 4L, 5L, 3L);
    }

    @Test
    void decimalsCompareByValue() {
        assertThat(ids(SortKey.asc("d"))).containsExactly(3L, 4L, 5L, 0L, 2L, 1L);
    }

    @Test
    void stringsCompareByUtf16UnitAsTheSpecOrdersThem() {
        // "\uD83D" (U+1F600's first unit) < "\uE000" as UTF-16 units, though not as code points.
        assertThat(ids(SortKey.asc("s"))).containsExactly(3L, 4L, 5L, 0L, 2L, 1L);
    }

    @Test
    void stringsCanSortIgnoringCaseWithTiesInFileOrder() {
        List<Column> columns = List.of(Column.of("id", ColumnType.INT), Column.of("s", ColumnType.STRING));
        List<List<Object>> rows = List.of(Arrays.asList(0L, "A"), Arrays.asList(1L, "B"), Arrays.asList(2L, "a"),
                Arrays.asList(3L, "b"), Arrays.asList(4L, "c"));
        JazminTable table = JazminReader.open(Written.file(columns, rows, WriteOptions.defaults()
                .withSortedBy(List.of("s")))).table();
        RowQuery ignoringCase = RowQuery.all().orderBy(SortKey.asc("s").ignoringCase());

        assertThat(ids(table, null, ignoringCase)).containsExactly(0L, 2L, 1L, 3L, 4L);
        assertThat(ids(table, null, RowQuery.all().orderBy(SortKey.desc("s").ignoringCase()).withLimit(3)))
                .containsExactly(4L, 1L, 3L);
        // The file keeps case-sensitive order: only that order is free.
        assertThat(table.explain(null, RowQuery.all().orderBy(SortKey.asc("s"))).sort()).isEqualTo("file-order");
        assertThat(table.explain(null, ignoringCase).sort()).isEqualTo("full-sort");
        assertThatThrownBy(() -> table.find(null, RowQuery.all().orderBy(SortKey.asc("id").ignoringCase())))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("only string columns");
    }

    @Test
    void datetimesAndBoolsHaveTheirNaturalOrder() {
        assertThat(ids(SortKey.asc("t"))).containsExactly(1L, 5L, 2L, 0L, 4L, 3L);
        assertThat(ids(SortKey.asc("b"), SortKey.desc("id"))).containsExactly(2L, 4L, 1L, 5L, 3L, 0L);
    }

    @Test
    void laterKeysOrderRowsTheEarlierKeysTie() {
        assertThat(ids(SortKey.desc("i"), SortKey.asc("t"), SortKey.desc("id"))).containsExactly(4L, 0L, 3L, 5L, 2L,
                1L);
    }

    @Test
    void offsetAndLimitSliceTheOrderedRows() {
        RowQuery query = RowQuery.all().orderBy(SortKey.asc("s")).withOffset(2).withLimit(3);
        assertThat(ids(small, null, query)).containsExactly(5L, 0L, 2L);
        assertThat(ids(small, null, query.withOffset(5))).containsExactly(1L);
        assertThat(ids(small, null, query.withOffset(6))).isEmpty();
        assertThat(ids(small, null, query.withLimit(0))).isEmpty();
    }

    @Test
    void filterAndSelectApplyToTheOrderedRows() {
        RowQuery query = RowQuery.all().withSelect(List.of("s", "id")).orderBy(SortKey.desc("f"));
        List<Row> rows = small.find(Filter.eq("b", true), query).toList();
        assertThat(rows).extracting(r -> r.get("id")).containsExactly(0L, 5L, 3L);
        assertThat(rows.get(0).columns()).extracting(Column::name).containsExactly("s", "id");
        assertThat(rows.get(0).get("s")).isEqualTo("b");
        assertThat(rows).extracting(Row::rowId).containsExactly(0L, 5L, 3L);
    }

    @Test
    void columnArraysAndMappedObjectsFollowTheOrder() {
        RowQuery query = RowQuery.all().withSelect(List.of("id", "f")).orderBy(SortKey.desc("i")).withLimit(3);
        ColumnArrays arrays = small.columnArrays(null, query);
        assertThat(arrays.longs("id")).containsExactly(4L, 0L, 3L);
        List<Pick> picks = JazminMapper.forType(Pick.class).projection(small)
                .find(null, RowQuery.all().orderBy(SortKey.asc("i"), SortKey.desc("id")).withLimit(3)).toList();
        assertThat(picks).containsExactly(new Pick(1, null), new Pick(5, -3L), new Pick(2, -3L));
    }

    @Test
    void unorderedTypesAndUnknownColumnsAreRefusedWhenTheQueryIsMade() {
        for (String column : List.of("bin", "j")) {
            assertThatThrownBy(() -> small.find(null, RowQuery.all().orderBy(SortKey.asc(column))))
                    .isInstanceOf(JazminValidationException.class)
                    .hasMessageContaining("column '" + column + "'").hasMessageContaining("has no order");
        }
        assertThatThrownBy(() -> small.rows(RowQuery.all().orderBy(SortKey.desc("nope"))))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("unknown column 'nope'");
        assertThatThrownBy(() -> small.explain(null, RowQuery.all().orderBy(SortKey.desc("nope"))))
                .isInstanceOf(JazminValidationException.class);
    }

    @Test
    void explainNamesTheSortStrategy() {
        assertThat(small.explain(null).toMap()).doesNotContainKey("sort");
        assertThat(small.explain(null, RowQuery.all().orderBy(SortKey.asc("i")).withLimit(2)).sort())
                .isEqualTo("top-k");
        assertThat(small.explain(null, RowQuery.all().orderBy(SortKey.asc("i"))).toMap())
                .containsEntry("sort", "full-sort");
    }

    @Test
    void anAscendingPrefixOfSortedByIsFileOrder() {
        List<Column> columns = List.of(Column.of("k", ColumnType.INT), Column.of("n", ColumnType.STRING));
        List<List<Object>> rows = new ArrayList<>();
        for (long k = 0; k < 50; k++) {
            rows.add(Arrays.asList(k / 3, "n" + (k % 3)));
        }
        JazminTable table = JazminReader.open(Written.file(columns, rows, WriteOptions.defaults().withChunkRows(8)
                .withSortedBy(List.of("k", "n")))).table();
        RowQuery byK = RowQuery.all().orderBy(SortKey.asc("k")).withOffset(40).withLimit(5);
        Explain run = table.explainAnalyze(null, byK);
        assertThat(run.sort()).isEqualTo("file-order");
        assertThat(run.chunksRead()).isEqualTo(1);
        assertThat(table.find(null, byK).map(Row::rowId).toList()).containsExactly(40L, 41L, 42L, 43L, 44L);
        // Both sort columns, a string one included, ascending: still file order; descending and nulls-last are not.
        assertThat(table.explain(null, RowQuery.all().orderBy(SortKey.asc("k"), SortKey.asc("n"))).sort())
                .isEqualTo("file-order");
        assertThat(table.explain(null, byK.orderBy(SortKey.desc("k"))).sort()).isEqualTo("top-k");
        assertThat(table.explain(null, byK.orderBy(SortKey.asc("k").nullsLast())).sort()).isEqualTo("top-k");
        assertThat(table.find(null, RowQuery.all().orderBy(SortKey.desc("k"), SortKey.asc("n"))
                .withLimit(4)).map(Row::rowId).toList()).containsExactly(48L, 49L, 45L, 46L);
    }

    @Test
    void deletedRowsAreNotRanked(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("t.jzm");
        List<List<Object>> rows = new ArrayList<>();
        for (long id = 0; id < 20; id++) {
            rows.add(Arrays.asList(id, id % 4));
        }
        List<Column> columns = List.of(Column.of("id", ColumnType.INT), Column.of("g", ColumnType.INT));
        Files.write(file, Written.file(columns, rows, WriteOptions.defaults().withChunkRows(5)));
        JazminFile.delete(file, Filter.in("id", List.of(19L, 15L, 3L)), WriteOptions.defaults());
        try (JazminReader reader = JazminReader.open(file)) {
            assertThat(ids(reader.table(), null, RowQuery.all().orderBy(SortKey.desc("g"), SortKey.desc("id"))
                    .withLimit(4))).containsExactly(11L, 7L, 18L, 14L);
        }
    }

    /** The 200,000-row case, sorted by a column it is not sorted by, against a sort of all its rows in the test. */
    @Test
    void topRowsOfTheLargeCaseEqualABruteForceSort() {
        try (JazminReader reader = JazminReader.open(SharedFiles.conformanceCase("customers-200k")
                .resolve("data.jzm"))) {
            JazminTable customers = reader.table();
            ColumnArrays all = customers.columnArrays(null, RowQuery.all().withSelect(List.of("id", "balance",
                    "country")));
            long[] id = all.longs("id");
            double[] balance = all.doubles("balance");
            Object[] country = all.objects("country");
            Comparator<Integer> byBalanceDesc = Comparator.comparing((Integer r) -> all.isNull("balance", r))
                    .thenComparing(r -> balance[r], Comparator.reverseOrder()).thenComparing(r -> id[r]);
            List<Integer> positions = new ArrayList<>();
            for (int r = 0; r < all.rowCount(); r++) {
                positions.add(r);
            }
            positions.sort(byBalanceDesc);
            List<Long> expected = positions.stream().map(r -> id[r]).toList();
            RowQuery query = RowQuery.all().orderBy(SortKey.desc("balance"), SortKey.asc("id"));

            assertThat(ids(customers, null, query.withLimit(20))).isEqualTo(expected.subList(0, 20));
            assertThat(ids(customers, null, query.withOffset(100).withLimit(50))).isEqualTo(expected.subList(100, 150));
            // Every returned column is read for the winners, not only the sort columns.
            Row top = customers.find(null, query.withLimit(1)).findFirst().orElseThrow();
            assertThat(top.get("email")).isEqualTo("user" + top.get("id") + "@example.com");

            List<Long> naExpected = positions.stream().filter(r -> "NA".equals(country[r])).map(r -> id[r])
                    .limit(30).toList();
            assertThat(ids(customers, Filter.eq("country", "NA"), query.withLimit(30))).isEqualTo(naExpected);
        }
    }

    @Test
    void topKReadsOnlyTheSortColumnsOfEveryChunk() {
        try (JazminReader reader = JazminReader.open(SharedFiles.conformanceCase("customers-200k")
                .resolve("data.jzm"))) {
            JazminTable customers = reader.table();
            Explain run = customers.explainAnalyze(null, RowQuery.all().orderBy(SortKey.desc("balance"),
                    SortKey.asc("id")).withLimit(20));
            assertThat(run.sort()).isEqualTo("top-k");
            assertThat(run.rows()).isEqualTo(20);
            // Pass one: 2 columns of each of the 49 chunks; then all 8 columns of at most 20 chunks.
            assertThat(run.columnsDecoded()).isLessThanOrEqualTo(2 * 49 + 8 * 20);
            assertThat(run.chunksRead()).isLessThanOrEqualTo(49 + 20);
        }
    }
}
