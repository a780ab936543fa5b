package io.jazmin.cli;

import static io.jazmin.cli.ConvertCommandTest.assertUsageError;
import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.testing.SharedFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code jazmin export} and {@code jazmin shape-schema} on the reference files. */
class ShapeCommandsTest {
    private static final Path CASE = SharedFiles.conformanceCase("sorted-indexed");
    private static final Path FILE = CASE.resolve("data.jzm");

    @TempDir
    Path dir;

    /** The case's shape entry named {@code name}. */
    private static JsonNode entry(Path caseDir, String name) throws Exception {
        for (JsonNode e : JsonLines.tree(Files.readString(caseDir.resolve("queries.json")))) {
            if (e.path("name").asString().equals(name)) {
                return e;
            }
        }
        throw new AssertionError("no query " + name);
    }

    private Path shapeFile(String json) throws Exception {
        Path file = dir.resolve("shape.json");
        Files.writeString(file, json);
        return file;
    }

    @Test
    void exportPrintsTheShapesOutputOfTheReferenceQuery() throws Exception {
        JsonNode entry = entry(CASE, "per-country counts (shape $groupBy)");
        CliRun run = CliRun.of("export", FILE.toString(), "--shape", shapeFile(entry.get("shape").toString()).toString());
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.out()).isEqualTo(entry.get("output").toString() + "\n");
    }

    @Test
    void exportAppliesTheWhereFilterToTheRootSet() throws Exception {
        CliRun run = CliRun.of("export", FILE.toString(), "--shape", shapeFile("{\"n\":{\"$count\":true}}").toString(),
                "--where", "{\"country\":\"BW\"}", "--format", "json");
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.out()).isEqualTo("{\"n\":375}\n");
    }

    @Test
    void exportWritesXmlWithFormatXml() throws Exception {
        CliRun run = CliRun.of("export", FILE.toString(), "--shape",
                shapeFile("{\"n\":{\"$count\":true},\"top\":{\"$rows\":\"id\",\"$sort\":[\"id\"],\"$limit\":2,"
                        + "\"$xmlItem\":\"id\"}}").toString(),
                "--where", "{\"country\":\"BW\"}", "--format", "xml");
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.out()).startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<export>\n  <n>375</n>\n  <top>\n    <id>")
                .endsWith("</id>\n  </top>\n</export>\n");
        assertThat(run.out().split("<id>")).hasSize(3);
    }

    @Test
    void shapeSchemaPrintsTheJsonSchemaOfTheOutput() throws Exception {
        CliRun run = CliRun.of("shape-schema", FILE.toString(), "--shape",
                shapeFile("{\"n\":{\"$count\":true}}").toString());
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.out()).isEqualTo("{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\"type\":\"object\","
                + "\"properties\":{\"n\":{\"type\":\"integer\",\"minimum\":0}},\"required\":[\"n\"],"
                + "\"additionalProperties\":false}\n");
    }

    @Test
    void aShapeThatDoesNotFitIsAUsageErrorNamingItsPlace() throws Exception {
        Path shape = shapeFile("{\"c\":{\"$rows\":{\"n\":{\"$max\":\"nope\"}},\"$groupBy\":\"country\"}}");
        for (String command : new String[] {"export", "shape-schema"}) {
            CliRun run = CliRun.of(command, FILE.toString(), "--shape", shape.toString());
            assertUsageError(run);
            assertThat(run.err()).isEqualTo("jazmin: --shape: Shape at c[].n.$max: unknown or hidden column 'nope'\n");
            assertThat(run.out()).isEmpty();
        }
    }

    @Test
    void anUnknownFormatSavedShapeOrMissingShapeIsAUsageError() throws Exception {
        Path shape = shapeFile("{\"n\":{\"$count\":true}}");
        CliRun xml = CliRun.of("export", FILE.toString(), "--shape", shape.toString(), "--format", "yaml");
        assertUsageError(xml);
        assertThat(xml.err()).contains("--format: shapes export json or xml, not 'yaml'");
        CliRun saved = CliRun.of("export", FILE.toString(), "--saved", "Monthly");
        assertUsageError(saved);
        assertThat(saved.err()).contains("--saved: no saved shape named 'Monthly'; shapes: []");
        assertUsageError(CliRun.of("export", FILE.toString()));
    }
}
