package io.jazmin.endtoend.queries;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jazmin.data.Filter;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.error.JazminValidationException;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.testing.CanonicalJson;
import io.jazmin.testing.ConformanceCase;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The JSON form of filters (spec §2.1) and its Java builder: parse/toJson round trips, the builder
 * and the JSON text give the same filter (same tree after normalising, same rows on a real table),
 * and every misuse is a {@link JazminValidationException} with a message naming the problem.
 */
class FilterJsonTest {
    private static JazminReader sortedIndexed;
    private static JazminReader mixedTypes;

    @BeforeAll
    static void open() {
        sortedIndexed = JazminReader.open(ConformanceCase.named("sorted-indexed").dataFile());
        mixedTypes = JazminReader.open(ConformanceCase.named("mixed-types").dataFile());
    }

    @AfterAll
    static void close() {
        sortedIndexed.close();
        mixedTypes.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"id\":{\"eq\":2190}}",
        "{\"country\":{\"eq\":\"NA\"}}",
        "{\"and\":[{\"country\":{\"eq\":\"NA\"}},{\"age\":{\"gt\":80}}]}",
        "{\"or\":[{\"country\":{\"eq\":\"ZA\"}},{\"not\":{\"age\":{\"lt\":80}}}]}",
        "{\"country\":{\"in\":[\"BW\",\"LS\"]}}",
        "{\"id\":{\"in\":[]}}",
        "{\"name\":{\"isNull\":true}}",
        "{\"name\":{\"isNull\":false}}",
        "{\"balance\":{\"gte\":1.25}}",
        "{\"id\":{\"gt\":18446744073709551616}}",
        "{\"joined\":{\"lt\":\"2015-04-01T00:00:00.000Z\"}}",
        "{\"name\":{\"contains\":\"Nd\"}}",
        "{\"name\":{\"icontains\":\"NDLOVU\"}}",
        "{\"email\":{\"startsWith\":\"user1\"}}",
        "{\"active\":{\"ne\":true}}",
        "{\"name\":{\"eq\":\"Zoë 👋 \\\"quoted\\\" \\\\ \\n\"}}",
        "{\"not\":{\"and\":[{\"or\":[{\"id\":{\"lte\":5}},{\"id\":{\"gte\":2995}}]},{\"active\":{\"eq\":false}}]}}",
    })
    void toJsonOfParsedFilterParsesBackToTheSameTree(String json) {
        Filter parsed = Filter.parse(json);
        assertEquals(json, parsed.toJson(), "toJson of a filter already in normal form");
        assertEquals(parsed, Filter.parse(parsed.toJson()), "parse(toJson(f)) equals f");
    }

    @Test
    void shorthandFormsNormaliseToTheirOperators() {
        assertEquals(Filter.parse("{\"country\":{\"eq\":\"NA\"}}"), Filter.parse("{\"country\":\"NA\"}"));
        assertEquals(Filter.parse("{\"name\":{\"isNull\":true}}"), Filter.parse("{\"name\":null}"));
        assertEquals(Filter.parse("{\"name\":{\"isNull\":true}}"), Filter.parse("{\"name\":{\"eq\":null}}"));
        assertEquals(Filter.parse("{\"name\":{\"isNull\":false}}"), Filter.parse("{\"name\":{\"ne\":null}}"));
        assertEquals(Filter.parse("{\"and\":[{\"age\":{\"gte\":20}},{\"age\":{\"lte\":22}}]}"),
                Filter.parse("{\"age\":{\"gte\":20,\"lte\":22}}"));
        assertEquals(Filter.parse("{\"and\":[{\"country\":{\"eq\":\"NA\"}},{\"age\":{\"gt\":80}}]}"),
                Filter.parse("{\"country\":\"NA\",\"age\":{\"gt\":80}}"));
    }

    @Test
    void builderGivesTheSameFilterAsTheJsonForm() {
        Filter built = Filter.eq("country", "NA").and(Filter.gt("age", 80));
        Filter parsed = Filter.parse("{\"country\":\"NA\",\"age\":{\"gt\":80}}");
        assertEquals(parsed.toJson(), built.toJson(), "normalised JSON");
        assertEquals(parsed, Filter.parse(built.toJson()), "tree after a JSON round trip");
        assertSameResults(built, parsed, 43);

        assertSameResults(Filter.anyOf(Filter.eq("country", "ZA"), Filter.lt("age", 80).negate()),
                Filter.parse("{\"or\":[{\"country\":\"ZA\"},{\"not\":{\"age\":{\"lt\":80}}}]}"), 675);
        assertSameResults(Filter.allOf(Filter.in("country", "BW", "LS"), Filter.gte("age", 20), Filter.lte("age", 22)),
                Filter.parse("{\"country\":{\"in\":[\"BW\",\"LS\"]},\"age\":{\"gte\":20,\"lte\":22}}"), -1);
        assertSameResults(Filter.icontains("name", "NDLOVU"), Filter.parse("{\"name\":{\"icontains\":\"NDLOVU\"}}"), 375);
        assertSameResults(Filter.gte("joined", Instant.parse("2015-03-01T00:00:00Z"))
                        .and(Filter.lt("joined", "2015-04-01T00:00:00.000Z")),
                Filter.parse("{\"joined\":{\"gte\":\"2015-03-01T00:00:00.000Z\",\"lt\":\"2015-04-01T00:00:00.000Z\"}}"),
                31);
        assertSameResults(Filter.eq("id", 2190), Filter.parse("{\"id\":{\"eq\":\"2190\"}}"), 1);
        assertSameResults(Filter.eq("name", null), Filter.isNull("name"), -1);
        assertSameResults(Filter.ne("name", null), Filter.parse("{\"name\":{\"isNull\":false}}"), -1);
        assertSameResults(Filter.gt("balance", new BigDecimal("10000")).and(Filter.eq("active", true)),
                Filter.parse("{\"active\":true,\"balance\":{\"gt\":10000}}"), 524);
    }

    /** Same rows (ids, in order), same count, same plan; {@code count} checked when not -1. */
    private static void assertSameResults(Filter a, Filter b, long count) {
        JazminTable table = sortedIndexed.table();
        Function<Filter, List<Object>> ids = f -> table.find(f, RowQuery.all().withSelect(List.of("id")))
                .map(r -> r.get("id")).map(Object.class::cast).toList();
        List<Object> rowsA = ids.apply(a);
        assertEquals(rowsA, ids.apply(b), "rows of " + a.toJson() + " vs " + b.toJson());
        assertEquals(table.count(a), table.count(b), "count");
        assertEquals(rowsA.size(), table.count(a), "count vs rows found");
        if (count >= 0) {
            assertEquals(count, table.count(a), "count of " + a.toJson());
        }
        assertEquals(table.explain(a), table.explain(b), "plan");
    }

    // ---- errors ------------------------------------------------------------------------------

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "{\"age\":{\"between\":[1,2]}}|Invalid filter: unknown operator 'between'",
        "{\"age\":{\"in\":5}}|Invalid filter: 'in' needs an array of values",
        "{\"age\":{\"in\":\"5\"}}|Invalid filter: 'in' needs an array of values",
        "{\"age\":[1,2]}|Invalid filter: column 'age' is compared with an array; use {\"in\": [...]}",
        "{\"age\":{\"isNull\":1}}|Invalid filter: 'isNull' needs true or false",
        "{\"age\":{\"gt\":null}}|Invalid filter: 'gt' needs a value, not null",
        "{\"and\":{\"age\":1}}|Invalid filter: 'and' needs an array of filters",
        "{\"or\":[1]}|Invalid filter: 'or' needs an array of filter objects",
        "{\"not\":[]}|Invalid filter: 'not' needs a filter object",
        "{\"age\":{}}|Invalid filter: column 'age' has an empty operator object",
        "[]|Invalid filter: a filter must be a JSON object",
        "{\"age\":1} {}|Invalid filter: text after the filter object",
    })
    void malformedJsonIsRefusedWhenParsed(String json, String message) {
        JazminValidationException e = assertThrows(JazminValidationException.class, () -> Filter.parse(json));
        assertEquals(message, e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"age\":", "{\"age\":1,\"age\":2}", "", "{\"age\":{\"eq\":[1]}}"})
    void invalidJsonIsAValidationErrorNotAParserCrash(String json) {
        JazminValidationException e = assertThrows(JazminValidationException.class, () -> Filter.parse(json));
        assertThat(e.getMessage()).startsWith("Invalid filter: ");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        // the reference library's own messages (conformance case mixed-types)
        "{\"nope\":1}|Invalid filter: unknown column 'nope'",
        "{\"id\":{\"contains\":\"1\"}}|Invalid filter: 'contains' only applies to string columns",
        "{\"score\":{\"icontains\":\"1\"}}|Invalid filter: 'icontains' only applies to string columns",
        "{\"joined\":{\"startsWith\":\"2015\"}}|Invalid filter: 'startsWith' only applies to string columns",
        "{\"id\":\"abc\"}|Invalid filter: column 'id' needs a number, got 'abc'",
        "{\"id\":{\"gt\":true}}|Invalid filter: column 'id' needs a number, got true",
        "{\"score\":{\"lt\":\"abc\"}}|Invalid filter: column 'score' needs a number, got 'abc'",
        "{\"balance\":{\"gte\":\"12,50\"}}|Invalid filter: column 'balance' needs a number, got '12,50'",
        "{\"joined\":{\"gt\":\"yesterday\"}}|Invalid filter: column 'joined' needs an ISO-8601 datetime, got 'yesterday'",
        "{\"active\":\"yes\"}|Invalid filter: column 'active' needs true or false, got 'yes'",
        "{\"name\":{\"contains\":5}}|Invalid filter: column 'name' needs a string, got 5",
        "{\"id\":{\"in\":[1,\"x\"]}}|Invalid filter: column 'id' needs a number, got 'x'",
        "{\"avatar\":{\"eq\":\"AA==\"}}|Invalid filter: 'eq' does not apply to binary columns (only isNull does)",
        "{\"tags\":{\"gt\":1}}|Invalid filter: 'gt' does not apply to json columns (only isNull does)",
        "{\"or\":[{\"id\":1},{\"not\":{\"nope\":{\"isNull\":true}}}]}|Invalid filter: unknown column 'nope'",
    })
    void filtersThatDoNotFitTheTableAreRefusedByFindCountAndExplain(String json, String message) {
        JazminTable table = mixedTypes.table();
        Filter filter = Filter.parse(json);
        assertEquals(message, assertThrows(JazminValidationException.class, () -> table.find(filter)).getMessage(),
                "find");
        assertEquals(message, assertThrows(JazminValidationException.class, () -> table.count(filter)).getMessage(),
                "count");
        assertEquals(message, assertThrows(JazminValidationException.class, () -> table.explain(filter)).getMessage(),
                "explain");
        assertEquals(message, assertThrows(JazminValidationException.class,
                () -> table.columnArrays(filter, RowQuery.all())).getMessage(), "columnArrays");
    }

    @Test
    void isNullAppliesToEveryColumnType() {
        JazminTable table = mixedTypes.table();
        for (String column : List.of("avatar", "tags", "profile", "balance", "joined")) {
            long nulls = table.rows().filter(r -> r.isNull(column)).count();
            assertEquals(nulls, table.count(Filter.isNull(column)), column + " isNull");
            assertEquals(table.rowCount() - nulls, table.count(Filter.isNotNull(column)), column + " isNotNull");
            assertEquals(nulls, table.count(Filter.parse("{\"" + column + "\":null}")), column + ": null");
        }
    }

    @Test
    void builderRefusesInWithoutAList() {
        JazminValidationException e = assertThrows(JazminValidationException.class,
                () -> new Filter.Condition("age", Filter.Op.IN, 5));
        assertThat(e.getMessage()).contains("'in'").contains("list");
    }

    @Test
    void unknownSelectedColumnIsRefused() {
        JazminTable table = mixedTypes.table();
        assertThrows(JazminValidationException.class,
                () -> table.find(null, RowQuery.all().withSelect(List.of("nope"))));
    }

    @Test
    void operandSpellingsOfOneValueFindTheSameRow() {
        JazminTable table = mixedTypes.table();
        for (String json : List.of("{\"id\":4611686018427387904}", "{\"id\":\"4611686018427387904\"}",
                "{\"id\":{\"in\":[\"4611686018427387904\", 7]}}", "{\"id\":4611686018427387904.0}")) {
            List<Row> rows = table.find(Filter.parse(json)).toList();
            assertThat(rows).as(json).isNotEmpty();
            assertEquals("4611686018427387904", CanonicalJson.parse(CanonicalJson.rowText(rows.get(0))).get("id").asString(),
                    json);
        }
        assertEquals(1, table.count(Filter.parse("{\"balance\":\"42.42\"}")), "decimal text, other scale");
        assertEquals(1, table.count(Filter.parse("{\"balance\":42.42}")), "decimal number, other scale");
        assertEquals(1, table.count(Filter.eq("balance", new BigDecimal("42.420000"))), "BigDecimal, other scale");
    }
}
