package io.jazmin.cli;

import static io.jazmin.cli.ConvertCommandTest.assertUsageError;
import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.testing.SharedFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * {@code jazmin advise} on the benchmark customers table (shared/spec/benchmark-data.md): the first
 * 20,000 rows of the {@code customers-200k} case, written without indexes in 1,000-row chunks, with
 * the benchmark's three queries (find by id, filter by country and age, name contains).
 */
class AdviseCommandTest {
    private static final Path CUSTOMERS = SharedFiles.conformanceCase("customers-200k").resolve("data.jzm");
    private static final String[] QUERIES = {"--query", "{\"id\":14600}", "--query",
        "{\"country\":\"NA\",\"age\":{\"gt\":80}}", "--query", "{\"name\":{\"contains\":\"Ndlovu\"}}"};

    @TempDir
    static Path tmp;
    private static Path small;

    @BeforeAll
    static void writeSmallCustomersTable() {
        small = tmp.resolve("customers-20k.jzm");
        CliRun convert = CliRun.of("convert", CUSTOMERS.toString(), small.toString(), "--filter",
                "{\"id\":{\"lt\":20000}}", "--chunk-rows", "1000");
        assertThat(convert.code()).as(convert.err()).isZero();
    }

    private static JsonNode advise(Path file, String... more) {
        List<String> args = new ArrayList<>(List.of("advise", file.toString()));
        args.addAll(List.of(QUERIES));
        args.addAll(List.of(more));
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertThat(run.code()).as(run.err()).isZero();
        return JsonLines.tree(run.out());
    }

    private static JsonNode advice(JsonNode report, String action, String column) {
        for (JsonNode a : report.get("advice")) {
            if (a.get("action").asString().equals(action) && column.equals(a.path("column").asString(""))) {
                return a;
            }
        }
        throw new AssertionError("no " + action + " advice on " + column + " in " + report.get("advice"));
    }

    private static JsonNode column(JsonNode report, String name) {
        for (JsonNode c : report.get("columns")) {
            if (c.get("name").asString().equals(name)) {
                return c;
            }
        }
        throw new AssertionError("no column " + name);
    }

    @Test
    void theFiguresComeFromTheData() {
        JsonNode report = advise(small);
        assertThat(report.get("rows").asLong()).isEqualTo(20_000);
        assertThat(report.get("chunks").asInt()).isEqualTo(20);
        assertThat(report.get("sampledRows").asLong()).isEqualTo(20_000);
        assertThat(column(report, "country").get("distinct").asInt()).isEqualTo(8);
        assertThat(column(report, "country").get("chunksPerValue").asDouble()).isEqualTo(20.0);
        assertThat(column(report, "age").get("distinct").asInt()).isEqualTo(70);
        assertThat(column(report, "id").get("chunksPerValue").asDouble()).isEqualTo(1.0);
        assertThat(column(report, "id").get("distinctIsLowerBound").asBoolean()).isTrue();
        assertThat(column(report, "name").get("distinct").asInt()).isEqualTo(8);
        assertThat(column(report, "name").get("meanLength").asDouble()).isBetween(9.0, 15.0);
        assertThat(column(report, "active").get("nullShare").asDouble()).isZero();
        JsonNode byId = report.get("queries").get(0);
        assertThat(byId.get("chunksSkipped").asInt()).as("rows in id order: statistics skip all but one chunk")
                .isEqualTo(19);
        assertThat(report.get("queries").get(1).get("chunksSkipped").asInt()).isZero();
    }

    @Test
    void itAdvisesSortingByCountryAndIndexesForIdAndNameWithTheirReasons() {
        JsonNode report = advise(small);

        JsonNode sort = advice(report, "sort", "country");
        assertThat(sort.get("option").asString()).isEqualTo("--sorted-by country");
        assertThat(sort.get("reason").asString()).contains("Query #2", "8 values", "20.0 of 20 chunks", "2.5 chunk(s)");

        JsonNode id = advice(report, "index", "id");
        assertThat(id.get("option").asString()).isEqualTo("--index id:sorted");
        assertThat(id.get("reason").asString()).contains("id order", "sorted by country");

        JsonNode name = advice(report, "index", "name");
        assertThat(name.get("option").asString()).isEqualTo("--index name:trigram");
        assertThat(name.get("reason").asString()).contains("contains", "substring");

        JsonNode age = advice(report, "keep", "age");
        assertThat(age.get("reason").asString()).contains("range only", "gt");

        List<String> actions = new ArrayList<>();
        report.get("advice").forEach(a -> actions.add(a.get("action").asString() + " " + a.get("option").asString()));
        assertThat(actions).doesNotContain("index --index country:sorted").contains("keep chunk size")
                .contains("keep --codec deflate");
    }

    @Test
    void theAdviceIsTheSameEveryRun() {
        assertThat(advise(small)).isEqualTo(advise(small));
    }

    @Test
    void indexesTheFileHasAreNotAdvisedAgain() {
        JsonNode report = advise(CUSTOMERS, "--sample", "20000");
        assertThat(report.get("indexes").size()).isEqualTo(3);
        assertThat(report.get("sampledRows").asLong()).isEqualTo(20_000);
        for (JsonNode a : report.get("advice")) {
            assertThat(a.get("action").asString()).as(a.toString()).isNotEqualTo("index");
        }
    }

    @Test
    void withoutQueriesItSaysWhatItNeedsAndBadOptionsAreUsageErrors() {
        CliRun none = CliRun.of("advise", small.toString());
        assertThat(none.code()).as(none.err()).isZero();
        assertThat(none.out()).contains("give --query or --column");
        CliRun byColumn = CliRun.of("advise", small.toString(), "--column", "country");
        assertThat(byColumn.code()).as(byColumn.err()).isZero();
        assertThat(advice(JsonLines.tree(byColumn.out()), "sort", "country").get("reason").asString())
                .contains("--column");
        assertUsageError(CliRun.of("advise", small.toString(), "--column", "nope"));
        assertUsageError(CliRun.of("advise", small.toString(), "--query", "{\"nope\":1}"));
        assertUsageError(CliRun.of("advise", small.toString(), "--sample", "0"));
    }

    /**
     * Every text operator the planner narrows with a trigram index is advised one (issue 35: the
     * advisor's own operator list had only contains and icontains).
     */
    @ParameterizedTest
    @ValueSource(strings = {"contains", "icontains", "endsWith", "ieq", "istartsWith", "iendsWith"})
    void everyTextOperatorATrigramIndexServesGetsTheTrigramAdvice(String op) {
        CliRun run = CliRun.of("advise", small.toString(), "--query", "{\"name\":{\"" + op + "\":\"Ndlovu\"}}");
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(advice(JsonLines.tree(run.out()), "index", "name").get("option").asString())
                .isEqualTo("--index name:trigram");
    }
}
