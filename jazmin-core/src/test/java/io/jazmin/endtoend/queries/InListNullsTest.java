package io.jazmin.endtoend.queries;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.JazminWriter;
import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.IndexKind;
import io.jazmin.testing.ConformanceCase;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code in} lists holding {@code null} and NaN (reference 1.3.0: such items match nothing), from
 * the JSON text through binding, statistics pruning, sorted and trigram indexes and printing: every
 * answer equals a scan checked in Java, and on the reference's own file the reference's answer.
 */
class InListNullsTest {
    private static final String[] COUNTRIES = {"BW", null, "LS", "NA", null, "ZA", "BW", "ZM"};
    private static final double[] SCORES = {1.5, Double.NaN, 2.5, 1.5, 0.0, Double.NaN, 3.5, -0.0};

    @TempDir
    Path dir;

    @Test
    void theJsonFilterOfTheIssueParsesPrintsAndReadsBack() {
        Filter f = Filter.parse("{\"country\":{\"in\":[\"BW\",null]}}");
        assertThat(f).isEqualTo(Filter.in("country", "BW", null));
        assertThat(f.toJson()).isEqualTo("{\"country\":{\"in\":[\"BW\",null]}}");
        assertThat(Filter.parse(f.toJson())).isEqualTo(f);
        assertThat(Filter.in("score", 1.5, Double.NaN).toJson()).isEqualTo("{\"score\":{\"in\":[1.5,\"NaN\"]}}");
    }

    @Test
    void nullAndNaNItemsMatchNothingWithEveryIndexKindAndWithout() {
        for (String layout : List.of("plain", "sorted", "trigram", "sortedBy")) {
            Path file = write(layout);
            try (JazminReader reader = JazminReader.open(file)) {
                JazminTable table = reader.table();
                check(table, layout, Filter.in("country", "BW", null), r -> "BW".equals(country(r)));
                check(table, layout, Filter.in("country", (Object) null), r -> false);
                check(table, layout, Filter.in("country", Arrays.asList(null, null)), r -> false);
                check(table, layout, Filter.parse("{\"country\":{\"in\":[\"BW\",null,\"ZA\"]}}"),
                        r -> "BW".equals(country(r)) || "ZA".equals(country(r)));
                // Negated (Spring's NotIn): every row but the listed values, null cells included.
                check(table, layout, Filter.in("country", "BW", null).negate(), r -> !"BW".equals(country(r)));
                check(table, layout, Filter.in("id", 2L, null, 5L), r -> id(r) == 2 || id(r) == 5);
                check(table, layout, Filter.parse("{\"id\":{\"in\":[null]}}"), r -> false);
                check(table, layout, Filter.in("score", 1.5, Double.NaN, null), r -> score(r) == 1.5);
                check(table, layout, Filter.in("score", Double.NaN), r -> false);
                check(table, layout, Filter.parse("{\"score\":{\"in\":[\"NaN\",0]}}"), r -> score(r) == 0.0);
                check(table, layout, Filter.in("at", Instant.ofEpochMilli(3_000), null),
                        r -> r.get("at") != null && r.getInstant("at").toEpochMilli() == 3_000);
                check(table, layout, Filter.in("amount", new BigDecimal("1.25"), null),
                        r -> r.get("amount") != null && ((BigDecimal) r.get("amount")).compareTo(new BigDecimal("1.25")) == 0);
                check(table, layout, Filter.in("active", true, null), r -> Boolean.TRUE.equals(r.get("active")));
                check(table, layout, Filter.any("tags", Filter.in(Filter.ITEM, "a", null)),
                        r -> r.get("tags") != null && ((List<?>) r.get("tags")).contains("a"));
            }
        }
    }

    @Test
    void onTheReferenceFileTheAnswerIsTheReferencesForTheListWithoutItsNulls() {
        Path file = ConformanceCase.named("sorted-indexed").dataFile();
        try (JazminReader reader = JazminReader.open(file)) {
            JazminTable table = reader.table();
            // The reference's recorded answers: country = BW counts 375, and its query of [BW, LS], age 20..22.
            assertThat(table.count(Filter.parse("{\"country\":{\"in\":[\"BW\",null]}}"))).isEqualTo(375);
            Filter withNulls = Filter.parse("{\"country\":{\"in\":[\"BW\",null,\"LS\",null]},\"age\":{\"gte\":20,\"lte\":22}}");
            Filter without = Filter.parse("{\"country\":{\"in\":[\"BW\",\"LS\"]},\"age\":{\"gte\":20,\"lte\":22}}");
            RowQuery page = RowQuery.all().withSelect(List.of("id", "country", "age")).withLimit(20);
            assertThat(table.find(withNulls, page).map(Row::toString).toList())
                    .isEqualTo(table.find(without, page).map(Row::toString).toList()).hasSize(20);
            assertThat(table.explain(withNulls).toString()).isEqualTo(table.explain(without).toString());
            assertThat(table.count(Filter.in("country", (Object) null))).isZero();
        }
    }

    private static void check(JazminTable table, String layout, Filter filter, Predicate<Row> expected) {
        List<Long> all = table.find(null, RowQuery.all()).filter(expected).map(InListNullsTest::id).toList();
        List<Long> found = table.find(filter, RowQuery.all()).map(InListNullsTest::id).toList();
        assertThat(found).as(layout + " " + filter.toJson()).isEqualTo(all);
        assertThat(table.count(filter)).as(layout + " count " + filter.toJson()).isEqualTo(all.size());
    }

    private static long id(Row r) {
        return r.getLong("id");
    }

    private static String country(Row r) {
        return (String) r.get("country");
    }

    private static double score(Row r) {
        Object v = r.get("score");
        return v == null ? Double.NaN : ((Number) v).doubleValue();
    }

    private Path write(String layout) {
        Path file = dir.resolve(layout + ".jzm");
        WriteOptions options = WriteOptions.defaults().withChunkRows(2);
        switch (layout) {
            case "sorted" -> options = options.withIndex("country", IndexKind.SORTED).withIndex("id", IndexKind.SORTED)
                    .withIndex("score", IndexKind.SORTED).withIndex("at", IndexKind.SORTED)
                    .withIndex("amount", IndexKind.SORTED).withIndex("active", IndexKind.SORTED);
            case "trigram" -> options = options.withIndex("country", IndexKind.TRIGRAM);
            case "sortedBy" -> options = options.withSortedBy(List.of("id"));
            default -> {
            }
        }
        List<Column> columns = List.of(Column.required("id", ColumnType.INT), Column.of("country", ColumnType.STRING),
                Column.of("score", ColumnType.FLOAT), Column.of("at", ColumnType.DATETIME),
                Column.of("amount", ColumnType.DECIMAL), Column.of("active", ColumnType.BOOL),
                new Column("tags", ColumnType.LIST, true, "", "", Column.of("item", ColumnType.STRING), List.of()));
        try (JazminWriter w = JazminWriter.create(file, columns, options)) {
            for (int i = 0; i < COUNTRIES.length; i++) {
                List<String> tags = i % 3 == 0 ? null : new ArrayList<>(Arrays.asList(i % 2 == 0 ? "a" : "b", null));
                w.writeValues((long) i, COUNTRIES[i], i == 4 ? null : SCORES[i],
                        i % 4 == 1 ? null : Instant.ofEpochMilli(1_000L * i),
                        i % 3 == 2 ? null : new BigDecimal(i % 2 == 0 ? "1.25" : "2.5"),
                        i % 3 == 0 ? null : i % 2 == 0, tags);
            }
            w.finish();
        }
        assertThat(Objects.requireNonNull(file)).exists();
        return file;
    }
}
