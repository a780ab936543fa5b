package io.jazmin.cli;

import io.jazmin.testing.SharedFiles;
import static io.jazmin.cli.ConvertCommandTest.assertUsageError;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

class QueryCommandsTest {
    private static final String[] CASES = {"sorted-indexed", "mixed-types"};

    private final Path mixed = SharedFiles.conformanceCase("mixed-types").resolve("data.jzm");

    static Stream<Arguments> queries() {
        return Arrays.stream(CASES).flatMap(name -> {
            Path dir = SharedFiles.conformanceCase(name);
            return ConformanceQuery.of(dir).stream().map(q -> Arguments.of(name, q, dir.resolve("data.jzm")));
        });
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("queries")
    void findAndCountGiveTheExpectedAnswers(String caseName, ConformanceQuery query, Path file) {
        if (query.error() != null) {
            for (String[] args : new String[][] {query.find(file), query.count(file), query.explain(file, false)}) {
                CliRun run = CliRun.of(args);
                assertUsageError(run);
                assertThat(run.err()).contains(query.error());
            }
            return;
        }
        if (query.hasRows()) {
            CliRun find = CliRun.of(query.find(file));
            assertThat(find.code()).as(find.err()).isZero();
            JsonLines.assertSameRows(find.out(), query.rows());
        }
        if (query.hasTotalCount()) {
            CliRun count = CliRun.of(query.count(file));
            assertThat(count.code()).as(count.err()).isZero();
            assertThat(count.out()).isEqualTo(query.count() + "\n");
        }
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("queries")
    void explainPrintsThePlanAndAnalyzeCountsTheRows(String caseName, ConformanceQuery query, Path file) {
        if (query.error() != null) {
            return;
        }
        JsonNode plan = explain(query.explain(file, false));
        assertThat(plan.get("strategy").asString()).isIn("index", "scan");
        assertThat(plan.has("rows")).isFalse();

        JsonNode analyzed = explain(query.explain(file, true));
        assertThat(analyzed.get("strategy").asString()).isIn("index", "scan");
        assertThat(analyzed.has("bytesRead")).isTrue();
        if (query.hasRows()) {
            assertThat(analyzed.get("rows").asLong()).isEqualTo(query.count());
        }
    }

    @Test
    void findWithoutWherePrintsEveryRowLikeRows() {
        CliRun find = CliRun.of("find", mixed.toString(), "--select", "id,name", "--limit", "3");
        assertThat(find.code()).as(find.err()).isZero();
        assertThat(find.out()).isEqualTo(CliRun.of("rows", mixed.toString(), "--select", "id,name", "--limit", "3").out())
                .hasLineCount(3);
        assertThat(CliRun.of("count", mixed.toString()).out()).isEqualTo("12\n");
    }

    @Test
    void everyPriorityPrintsTheSameRows() {
        String file = mixed.toString();
        String expected = CliRun.of("find", file, "--where", "{\"id\":{\"gt\":2}}").out();
        for (String priority : new String[] {"memory", "balanced", "SPEED"}) {
            CliRun run = CliRun.of("find", file, "--where", "{\"id\":{\"gt\":2}}", "--priority", priority);
            assertThat(run.code()).as(run.err()).isZero();
            assertThat(run.out()).isEqualTo(expected);
        }
        CliRun wrong = CliRun.of("count", file, "--priority", "fast");
        assertUsageError(wrong);
        assertThat(wrong.err()).contains("--priority must be memory, balanced or speed");
    }

    @Test
    void badFiltersAndMisplacedOptionsAreUsageErrors() {
        String file = mixed.toString();
        for (String command : new String[] {"find", "count", "explain"}) {
            assertUsageError(CliRun.of(command, file, "--where", "{\"id\":"));
            assertUsageError(CliRun.of(command, file, "--where", "{\"id\":{\"near\":1}}"));
            assertUsageError(CliRun.of(command, file, "--where", "[1]"));
            assertUsageError(CliRun.of(command, file, "--where", "{\"id\":5}", "--table", "nope"));
        }
        CliRun badColumn = CliRun.of("find", file, "--where", "{\"nope\":1}");
        assertUsageError(badColumn);
        assertThat(badColumn.err()).contains("--where", "unknown column 'nope'");
        assertUsageError(CliRun.of("find", file, "--select", "nope"));
        assertUsageError(CliRun.of("find", file, "--offset", "-1"));
        assertUsageError(CliRun.of("count", file, "--limit", "1"));
        assertUsageError(CliRun.of("explain", file, "--limit", "1"));
        assertUsageError(CliRun.of("explain", file, "--analyze", "--select", "nope"));
    }

    @Test
    void damagedFilesExitWith3(@TempDir Path tmp) throws Exception {
        byte[] bytes = Files.readAllBytes(mixed);
        Path truncated = tmp.resolve("truncated.jzm");
        Files.write(truncated, Arrays.copyOf(bytes, bytes.length / 2));
        for (String command : new String[] {"find", "count", "explain"}) {
            CliRun run = CliRun.of(command, truncated.toString(), "--where", "{\"id\":5}");
            assertThat(run.code()).as(run.err()).isEqualTo(3);
            assertThat(run.err()).startsWith("jazmin: ").hasLineCount(1);
            assertThat(run.out()).isEmpty();
        }
    }

    private static JsonNode explain(String... args) {
        CliRun run = CliRun.of(args);
        assertThat(run.code()).as(run.err()).isZero();
        return JsonLines.tree(run.out());
    }
}
