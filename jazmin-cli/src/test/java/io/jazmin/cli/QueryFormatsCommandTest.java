package io.jazmin.cli;

import static io.jazmin.cli.ConvertCommandTest.assertUsageError;
import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.testing.SharedFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code jazmin query} in its three formats, with the slice options and an export shape, and
 * {@code jazmin convert --filter}, on the reference files.
 */
class QueryFormatsCommandTest {
    private static final Path MIXED = SharedFiles.conformanceCase("mixed-types");
    private static final Path SORTED = SharedFiles.conformanceCase("sorted-indexed");
    private static final String BW = "{\"country\":\"BW\"}";

    @TempDir
    Path tmp;

    @Test
    void jsonLinesIsTheDefaultAndGivesEveryRow() throws Exception {
        CliRun run = CliRun.of("query", MIXED.resolve("data.jzm").toString(), "--canonical");
        assertThat(run.code()).as(run.err()).isZero();
        JsonLines.assertSameRows(run.out(), Files.readString(MIXED.resolve("expected.default.jsonl")));
    }

    @Test
    void jsonIsOneArrayOfTheSameRows() throws Exception {
        CliRun run = CliRun.of("query", MIXED.resolve("data.jzm").toString(), "--format", "json", "--canonical");
        assertThat(run.code()).as(run.err()).isZero();
        JsonNode array = JsonLines.tree(run.out());
        assertThat(array.isArray()).isTrue();
        StringBuilder lines = new StringBuilder();
        array.forEach(row -> lines.append(row).append('\n'));
        JsonLines.assertSameRows(lines.toString(), Files.readString(MIXED.resolve("expected.default.jsonl")));
    }

    @Test
    void csvHasAHeaderAndTheFilteredSortedSlicedRows() {
        String file = SORTED.resolve("data.jzm").toString();
        CliRun csv = CliRun.of("query", file, "--where", BW, "--format", "csv", "--columns", "id,country,age",
                "--sort", "id:desc", "--offset", "1", "--limit", "3");
        CliRun find = CliRun.of("find", file, "--where", BW, "--select", "id,country,age", "--order-by", "id:desc",
                "--offset", "1", "--limit", "3");
        assertThat(csv.code()).as(csv.err()).isZero();
        List<String> expected = new ArrayList<>(List.of("id,country,age"));
        for (JsonNode row : JsonLines.parse(find.out())) {
            expected.add(row.get("id").asString() + "," + row.get("country").asString() + "," + row.get("age").asString());
        }
        assertThat(expected).hasSize(4);
        assertThat(csv.out().lines().toList()).isEqualTo(expected);
    }

    @Test
    void filterIsTheReferencesNameForWhere() {
        String file = SORTED.resolve("data.jzm").toString();
        CliRun filter = CliRun.of("query", file, "--filter", BW);
        CliRun where = CliRun.of("query", file, "--where", BW);
        assertThat(filter.code()).as(filter.err()).isZero();
        assertThat(filter.out()).isEqualTo(where.out());
        assertThat(filter.out().lines().count()).isEqualTo(375);
    }

    @Test
    void aShapeFilePrintsTheShapesOutputOverTheMatchingRows() throws Exception {
        Path shape = Files.writeString(tmp.resolve("count.json"), "{\"n\":{\"$count\":true}}");
        CliRun json = CliRun.of("query", SORTED.resolve("data.jzm").toString(), "--where", BW, "--shape", shape.toString());
        assertThat(json.code()).as(json.err()).isZero();
        assertThat(json.out()).isEqualTo("{\"n\":375}\n");
        CliRun xml = CliRun.of("query", SORTED.resolve("data.jzm").toString(), "--where", BW, "--shape", shape.toString(),
                "--format", "xml");
        assertThat(xml.code()).as(xml.err()).isZero();
        assertThat(xml.out()).contains("<n>375</n>");
    }

    @Test
    void badFormatsAndShapeOptionsAreUsageErrors() throws Exception {
        String file = SORTED.resolve("data.jzm").toString();
        assertUsageError(CliRun.of("query", file, "--format", "xml"));
        assertUsageError(CliRun.of("query", file, "--shape", "no-such-shape"));
        Path shape = Files.writeString(tmp.resolve("count.json"), "{\"n\":{\"$count\":true}}");
        assertUsageError(CliRun.of("query", file, "--shape", shape.toString(), "--format", "csv"));
        assertUsageError(CliRun.of("query", file, "--shape", shape.toString(), "--limit", "2"));
        assertUsageError(CliRun.of("query", file, "--where", "{\"nope\":1}"));
    }

    @Test
    void convertFilterWritesOnlyTheMatchingRowsOfJzmInput() throws Exception {
        String file = SORTED.resolve("data.jzm").toString();
        Path out = tmp.resolve("bw.jsonl");
        CliRun convert = CliRun.of("convert", file, out.toString(), "--filter", BW);
        assertThat(convert.code()).as(convert.err()).isZero();
        JsonLines.assertSameRows(Files.readString(out), CliRun.of("find", file, "--where", BW).out());

        Path jzm = tmp.resolve("bw.jzm");
        CliRun toJzm = CliRun.of("convert", file, jzm.toString(), "--filter", "{\"age\":{\"gt\":80}}");
        assertThat(toJzm.code()).as(toJzm.err()).isZero();
        assertThat(CliRun.of("count", jzm.toString()).out().strip())
                .isEqualTo(CliRun.of("count", file, "--where", "{\"age\":{\"gt\":80}}").out().strip()).isNotEqualTo("0");
    }

    @Test
    void convertFilterAppliesToJzmInputOnlyAndABadFilterIsAUsageError() throws Exception {
        Path out = tmp.resolve("x.jsonl");
        assertUsageError(CliRun.of("convert", SORTED.resolve("input.jsonl").toString(), out.toString(), "--filter", BW));
        assertUsageError(CliRun.of("convert", SORTED.resolve("data.jzm").toString(), out.toString(), "--filter",
                "{\"nope\":1}"));
        assertThat(out).doesNotExist();
    }
}
