package io.jazmin.nested;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jazmin.Explain;
import io.jazmin.data.Filter;
import io.jazmin.JazminReader;
import io.jazmin.error.JazminValidationException;
import io.jazmin.data.Row;
import io.jazmin.testing.CanonicalJson;
import io.jazmin.testing.CaseWrites;
import io.jazmin.testing.ConformanceCase;
import java.io.BufferedReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * The filters {@code any}, {@code all} and {@code match} (spec §2.1) on the conformance case
 * {@code nested-columns}, on the reference file and on ours: the matching ids equal those an
 * independent evaluation of the expected rows gives, and leaf statistics prune chunks (spec §2.2).
 */
class NestedFilterTest {
    private static final ConformanceCase CASE = ConformanceCase.named("nested-columns");
    private static List<JsonNode> expected;
    private static Path ours;

    @BeforeAll
    static void setUp(@TempDir Path dir) throws Exception {
        expected = new ArrayList<>();
        try (BufferedReader in = ConformanceCase.openText(CASE.views().get(0).expectedFile())) {
            in.lines().filter(l -> !l.isBlank()).map(CanonicalJson::parse).forEach(expected::add);
        }
        ours = CaseWrites.write(CASE, CASE.views().get(0), dir.resolve("ours.jzm"));
    }

    private static Path file(String which) {
        return which.equals("ours") ? ours : CASE.dataFile();
    }

    /** Ids of the expected rows that satisfy {@code oracle}. */
    private static List<String> idsWhere(Predicate<JsonNode> oracle) {
        return expected.stream().filter(oracle).map(r -> r.get("id").asString()).toList();
    }

    private static List<String> idsFound(Path file, Filter filter) {
        try (JazminReader reader = JazminReader.open(file)) {
            List<String> ids = reader.table().find(filter).map(r -> String.valueOf(r.get("id"))).toList();
            assertEquals(ids.size(), reader.table().count(filter), "count of " + filter.toJson());
            return ids;
        }
    }

    private static void check(String which, String json, Predicate<JsonNode> oracle) {
        List<String> want = idsWhere(oracle);
        assertThat(idsFound(file(which), Filter.parse(json))).as(json).isEqualTo(want);
    }

    private static List<JsonNode> elements(JsonNode array) {
        return array.isArray() ? StreamSupport.stream(array.spliterator(), false).toList() : null;
    }

    private static boolean isText(JsonNode n, String text) {
        return n != null && n.isString() && n.asString().equals(text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"reference", "ours"})
    void anyOnListsOfScalars(String which) {
        check(which, "{\"tags\":{\"any\":\"t1\"}}",
                r -> elements(r.get("tags")) != null && elements(r.get("tags")).stream().anyMatch(t -> isText(t, "t1")));
        check(which, "{\"tags\":{\"any\":{\"isNull\":true}}}",
                r -> elements(r.get("tags")) != null && elements(r.get("tags")).stream().anyMatch(JsonNode::isNull));
        check(which, "{\"scores\":{\"any\":{\"gt\":6,\"lt\":7}}}", r -> elements(r.get("scores")) != null
                && elements(r.get("scores")).stream().anyMatch(s -> s.asDouble() > 6 && s.asDouble() < 7));
    }

    @ParameterizedTest
    @ValueSource(strings = {"reference", "ours"})
    void allIsTrueForEmptyListsAndFalseForNullOnes(String which) {
        check(which, "{\"scores\":{\"all\":{\"lt\":0}}}", r -> elements(r.get("scores")) != null
                && elements(r.get("scores")).stream().allMatch(s -> s.asDouble() < 0));
        check(which, "{\"tags\":{\"all\":{\"startsWith\":\"t\"}}}", r -> elements(r.get("tags")) != null
                && elements(r.get("tags")).stream().allMatch(t -> t.isString() && t.asString().startsWith("t")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"reference", "ours"})
    void anyOnListsOfObjectsAppliesEveryConditionToTheSameItem(String which) {
        check(which, "{\"lines\":{\"any\":{\"sku\":\"SKU-3\",\"qty\":{\"gte\":2}}}}", r -> elements(r.get("lines")) != null
                && elements(r.get("lines")).stream().anyMatch(l -> isText(l.get("sku"), "SKU-3")
                && Long.parseLong(l.get("qty").asString()) >= 2));
        check(which, "{\"lines\":{\"any\":{\"or\":[{\"price\":{\"gt\":\"14.25\"}},{\"not\":{\"qty\":{\"lt\":3}}}]}}}",
                r -> elements(r.get("lines")) != null && elements(r.get("lines")).stream()
                        .anyMatch(l -> new java.math.BigDecimal(l.get("price").asString())
                                .compareTo(new java.math.BigDecimal("14.25")) > 0
                                || Long.parseLong(l.get("qty").asString()) >= 3));
    }

    @ParameterizedTest
    @ValueSource(strings = {"reference", "ours"})
    void matchOnObjects(String which) {
        check(which, "{\"address\":{\"match\":{\"city\":\"Windhoek\",\"zip\":null}}}", r -> r.get("address").isObject()
                && isText(r.get("address").get("city"), "Windhoek") && r.get("address").get("zip").isNull());
        check(which, "{\"not\":{\"address\":{\"match\":{\"city\":\"Windhoek\"}}}}", r -> !(r.get("address").isObject()
                && isText(r.get("address").get("city"), "Windhoek")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"reference", "ours"})
    void leafStatisticsPruneChunksForAnyAndMatchButNotAll(String which) {
        try (JazminReader reader = JazminReader.open(file(which))) {
            Explain noSku = reader.table().explain(Filter.parse("{\"lines\":{\"any\":{\"sku\":\"SKU-Z\"}}}"));
            assertThat(noSku.chunksSkipped()).isEqualTo(noSku.chunks());
            Explain noZip = reader.table().explain(Filter.parse("{\"address\":{\"match\":{\"zip\":{\"gt\":9000}}}}"));
            assertThat(noZip.chunksSkipped()).isEqualTo(noZip.chunks());
            Explain noTag = reader.table().explain(Filter.parse("{\"tags\":{\"any\":\"t9\"}}"));
            assertThat(noTag.chunksSkipped()).isEqualTo(noTag.chunks());
            Explain all = reader.table().explain(Filter.parse("{\"tags\":{\"all\":\"t9\"}}"));
            assertThat(all.chunksSkipped()).isZero();
            Explain someTag = reader.table().explain(Filter.parse("{\"tags\":{\"any\":\"t0\"}}"));
            assertThat(someTag.chunksSkipped()).isLessThan(someTag.chunks());
        }
    }

    @Test
    void javaFiltersEqualTheirJsonForm() {
        Filter built = Filter.any("lines", Filter.eq("sku", "SKU-3").and(Filter.gte("qty", 2L)))
                .and(Filter.any("tags", Filter.eq(Filter.ITEM, "t1")))
                .and(Filter.match("address", Filter.isNull("zip")));
        assertThat(Filter.parse(built.toJson())).isEqualTo(built);
        assertThat(Filter.parse("{\"tags\":{\"any\":\"t1\"}}")).isEqualTo(Filter.any("tags", Filter.eq(Filter.ITEM, "t1")));
        assertThat(Filter.parse("{\"tags\":{\"all\":{\"in\":[\"a\",\"b\"]}}}"))
                .isEqualTo(Filter.all("tags", Filter.in(Filter.ITEM, "a", "b")));
        assertThat(Filter.any("tags", Filter.eq(Filter.ITEM, "t1")).toJson()).isEqualTo("{\"tags\":{\"any\":{\"eq\":\"t1\"}}}");
        Filter listsOfLists = Filter.any("m", Filter.all(Filter.ITEM, Filter.gt(Filter.ITEM, 1L)));
        assertThat(listsOfLists.toJson()).isEqualTo("{\"m\":{\"any\":{\"all\":{\"gt\":1}}}}");
        assertThat(Filter.parse(listsOfLists.toJson())).isEqualTo(listsOfLists);
        assertThat(idsFound(ours, built)).isEqualTo(idsFound(CASE.dataFile(), Filter.parse(built.toJson())));
    }

    @Test
    void misuseIsRefused() {
        try (JazminReader reader = JazminReader.open(ours)) {
            for (String bad : List.of("{\"address\":{\"any\":{\"city\":\"x\"}}}", "{\"tags\":{\"match\":\"x\"}}",
                    "{\"tags\":{\"eq\":\"x\"}}", "{\"lines\":{\"any\":{\"nope\":1}}}", "{\"id\":{\"any\":1}}",
                    "{\"tags\":{\"any\":[1]}}")) {
                assertThatThrownBy(() -> reader.table().count(Filter.parse(bad))).as(bad)
                        .isInstanceOf(JazminValidationException.class).hasMessageStartingWith("Invalid filter");
            }
        }
    }

    @Test
    void rowsPrintListsAndObjectsCanonically() {
        try (JazminReader reader = JazminReader.open(ours)) {
            Row row = reader.table().get(13).orElseThrow();
            assertThat(CanonicalJson.rowText(row)).isEqualTo(expected.get(13).toString());
        }
    }
}
